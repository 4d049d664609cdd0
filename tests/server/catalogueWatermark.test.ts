// The watermark setting applied for real: an alarm's image as viewed (applyTo alarmImage) and the images of an
// export with images (applyTo exportImage) carry it, the stored evidence does not change; without the setting the
// bytes are the stored ones. And a disabled catalogue event raises no alarms (ingest refuses it) until restarted.
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImage } from '../../server/modules/alarms/alarmStore.ts';
import { watermarkSvg, watermarkText } from '../../server/modules/system/watermark.ts';
import { alarmFields, demoBoxes, ingest, ingestOk } from './support/alarms.ts';
import { call, login } from './support/client.ts';
import { fails, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let alarmId: number;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  const [box] = demoBoxes(server.config.dataDir);
  alarmId = (await ingestOk(server.app, box)).id;
});
afterAll(async () => server?.close());

const stored = async () => {
  const row = await server.database.db.selectFrom('alarms').select('imagePath').where('id', '=', alarmId).executeTakeFirstOrThrow();
  return (await readImage(server.config.dataDir, row.imagePath!));
};
const pixels = async (bytes: Buffer) => (await sharp(bytes).raw().toBuffer()).toString('base64');
const watermark = (applyTo: string[]) => ({ enabled: true, content: '{cameraName} {time} {userName}', position: 'bottomRight', fontSize: 24, color: '#FF0000', opacity: 0.9, applyTo });

describe('the watermark', () => {
  it('fills the placeholders and escapes the text for the overlay', () => {
    expect(watermarkText('{time} {cameraName} {eventName} {userName} {other}', { time: 't', cameraName: 'c', eventName: 'e', userName: 'u' })).toBe('t c e u {other}');
    const svg = watermarkSvg(640, 360, '东门 <A&B>', watermark(['alarmImage']) as never);
    expect(svg).toContain('东门 &lt;A&amp;B&gt;');
    expect(svg).toContain('text-anchor="end"');
    expect((watermarkSvg(640, 360, 'x', { ...watermark([]), position: 'tile' } as never).match(/<text/g) ?? []).length).toBeGreaterThan(4);
  });

  it('is not drawn while off: the image is the stored one', async () => {
    const res = await call(server.app, 'GET', `/warn/event/image/${alarmId}`, { token });
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.raw, await stored())).toBe(0);
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('marks the image as viewed when it applies to alarm images; the stored evidence stays as it was', async () => {
    const before = await stored();
    await ok(server.app, 'POST', '/system/watermarkConfig', { token, body: watermark(['alarmImage']) });
    const res = await call(server.app, 'GET', `/warn/event/image/${alarmId}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const meta = await sharp(res.raw).metadata();
    const original = await sharp(before).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([original.width, original.height, original.format]);
    expect(await pixels(res.raw)).not.toBe(await pixels(before));
    expect(Buffer.compare(await stored(), before)).toBe(0);
  });

  it('marks the images of an export with images when it applies to exports, and not otherwise', async () => {
    const before = await stored();
    const exported = async () => {
      const res = await call(server.app, 'POST', '/warn/event/export', { token, body: { ids: [alarmId], withImages: true } });
      expect(res.headers['content-type']).toBe('application/zip');
      const zip = await JSZip.loadAsync(res.raw);
      expect(zip.file('alarms.xlsx')).toBeTruthy();
      const image = zip.file(/^images\/\d+\.(png|jpg)$/)[0];
      expect(image.name).toMatch(new RegExp(`^images/${alarmId}\\.`));
      return image.async('nodebuffer');
    };
    // Applies to viewed images only: the export keeps the stored bytes.
    expect(Buffer.compare(await exported(), before)).toBe(0);
    await ok(server.app, 'POST', '/system/watermarkConfig', { token, body: watermark(['exportImage']) });
    expect(await pixels(await exported())).not.toBe(await pixels(before));
    // …and the viewed image is plain again.
    expect(Buffer.compare((await call(server.app, 'GET', `/warn/event/image/${alarmId}`, { token })).raw, before)).toBe(0);
    expect(await fails(server.app, 'POST', '/warn/event/export', 400, { token, body: { pageSize: 500, pageCount: 2, withImages: true } })).toContain('500');
    // Without images the export is the spreadsheet, as before.
    const sheet = await call(server.app, 'POST', '/warn/event/export', { token, body: { ids: [alarmId] } });
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('a disabled event', () => {
  it('raises no alarms until it is restarted', async () => {
    const [box] = demoBoxes(server.config.dataDir);
    const event = (await ok(server.app, 'POST', '/event/list', { token, body: { eventId: 1009 } })).list[0];
    await ok(server.app, 'PUT', '/event/disable', { token, body: { ids: [event.id] } });
    const refused = await ingest(server.app, box, { fields: alarmFields(box, { eventType: '1009' }), lang: 'en' });
    expect(refused.json.code).toBe(409);
    expect(refused.json.msg).toContain('1009');
    // Ids the catalogue does not list (violations) are not governed by it.
    expect((await ingestOk(server.app, box, { fields: alarmFields(box, { eventType: '16' }) })).id).toBeGreaterThan(0);
    await ok(server.app, 'PUT', '/event/restart', { token, body: { ids: [event.id] } });
    expect((await ingestOk(server.app, box, { fields: alarmFields(box, { eventType: '1009' }) })).id).toBeGreaterThan(0);
  });
});
