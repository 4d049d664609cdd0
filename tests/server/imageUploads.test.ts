// Issue 8, security 8: every image upload is bounded, sniffed and re-encoded (or refused) — avatar, logo, alarm
// evidence (base64), box snapshots (ingest) and work-clothes pictures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImage } from '../../server/modules/alarms/alarmStore.ts';
import { alarmFields, demoBoxes, ingest } from './support/alarms.ts';
import { call, login } from './support/client.ts';
import { multipart, upload } from './support/devices.ts';
import { gifJsPolyglot, HTML_PAYLOAD, hugePngHeader, JS_PAYLOAD, plainImage, pngHtmlPolyglot, SVG_WITH_SCRIPT } from './support/hostileImages.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.app);
});
afterAll(async () => server?.close());

const avatar = async (bytes: Buffer, type = 'image/png', name = 'a.png') => ({
  json: await
    upload(server.app, admin, '/user/avatar', multipart({ field: 'file', name, type, bytes })),
});
const stored = (url: string) => readFileSync(join(server.config.dataDir, url.replace(/^\/files\//, 'files/')));

describe('avatar', () => {
  it('refuses a PNG declaring 60000×60000 pixels, naming the file and the bound', async () => {
    const res = await avatar(hugePngHeader());
    expect(res.json.code).toBe(413);
    expect(res.json.msg).toMatch(/file is 60000×60000 pixels, over the limit \(4096×4096/);
  });

  it('re-encodes a PNG/HTML polyglot: the stored file has no HTML', async () => {
    const res = await avatar(await pngHtmlPolyglot());
    expect(res.json.code, res.json.msg).toBe(0);
    expect(res.json.data.url).toMatch(/\.png$/);
    const bytes = stored(res.json.data.url);
    expect(bytes.includes('<html')).toBe(false);
    expect(bytes.includes(HTML_PAYLOAD)).toBe(false);
  });

  it('re-encodes (or refuses) a GIF/JS polyglot: no GIF and no script is stored', async () => {
    const res = await avatar(gifJsPolyglot(), 'image/gif', 'a.gif');
    if (res.json.code === 0) {
      expect(res.json.data.url).toMatch(/\.png$/);
      expect(stored(res.json.data.url).includes(JS_PAYLOAD)).toBe(false);
    } else expect([413, 415]).toContain(res.json.code);
  });

  it('refuses an SVG with a script, named, whatever the file name says', async () => {
    const res = await avatar(SVG_WITH_SCRIPT, 'image/png', 'innocent.png');
    expect(res.json.code).toBe(415);
  });
});

describe('logo', () => {
  const title = (imageBig: string) => call(server.app, 'POST', '/config/title', { token: admin, body: { type: 'image', imageBig }, lang: 'en' });

  it('refuses an SVG logo by type and by content, and a huge one by its dimensions', async () => {
    const svg = await title(`data:image/svg+xml;base64,${SVG_WITH_SCRIPT.toString('base64')}`);
    expect(svg.json.code).toBe(400);
    expect(svg.json.msg).toContain('imageBig');
    const disguised = await title(`data:image/png;base64,${SVG_WITH_SCRIPT.toString('base64')}`);
    expect(disguised.json.code).toBe(415);
    expect(disguised.json.msg).toMatch(/imageBig is an SVG image/);
    const huge = await title(`data:image/png;base64,${hugePngHeader().toString('base64')}`);
    expect(huge.json.code).toBe(413);
    expect(huge.json.msg).toContain('imageBig');
  });

  it('stores a polyglot logo re-encoded (it is served to everyone, signed in or not)', async () => {
    expect((await title(`data:image/png;base64,${(await pngHtmlPolyglot()).toString('base64')}`)).json.code).toBe(0);
    const read = (await call(server.app, 'POST', '/config/getTitle')).json.data;
    expect(Buffer.from(read.imageBig.split(',')[1], 'base64').includes('<html')).toBe(false);
  });
});

describe('alarm images', () => {
  it('re-encodes an evidence image (base64) and refuses a huge one', async () => {
    const post = (imageBase64: string) => call(server.app, 'POST', '/warn/event/uploadBase64', { token: admin, body: { imageBase64 }, lang: 'en' });
    const ok = await post(`data:image/png;base64,${(await pngHtmlPolyglot()).toString('base64')}`);
    expect(ok.json.code, ok.json.msg).toBe(0);
    expect(stored(ok.json.data.url).includes(HTML_PAYLOAD)).toBe(false);
    const huge = await post(`data:image/png;base64,${hugePngHeader().toString('base64')}`);
    expect(huge.json.code).toBe(413);
    expect(huge.json.msg).toContain('imageBase64');
  });

  it('refuses a box snapshot over the bounds and stores a polyglot one re-encoded', async () => {
    const [box] = demoBoxes(server.config.dataDir);
    const huge = await ingest(server.app, box, { snapshot: { bytes: hugePngHeader(), type: 'image/png' }, lang: 'en' });
    expect(huge.json.code).toBe(413);
    expect(huge.json.msg).toContain('snapshot');
    const snap = await plainImage('png', 640, 360);
    const poly = Buffer.concat([snap, Buffer.from(HTML_PAYLOAD)]);
    const res = await ingest(server.app, box, { fields: alarmFields(box, { box: JSON.stringify({ x: 10, y: 10, w: 50, h: 50 }) }), snapshot: { bytes: poly } });
    expect(res.json.code, res.json.msg).toBe(0);
    const row = await server.database.db.selectFrom('alarms').select('imagePath').where('id', '=', res.json.data.id).executeTakeFirstOrThrow();
    expect((await readImage(server.config.dataDir, row.imagePath!)).includes(HTML_PAYLOAD)).toBe(false);
  });
});
