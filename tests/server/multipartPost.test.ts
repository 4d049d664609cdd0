// The simulated boxes' multipart POST (server/simulator/multipartPost.ts) against the real ingest route: the fields
// arrive as sent (UTF-8 included), the snapshot byte for byte, and the boundary never occurs inside a part.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImage } from '../../server/modules/alarms/alarmStore.ts';
import { postAlarm } from '../../server/simulator/edgeBox.ts';
import { multipartBody, postMultipart } from '../../server/simulator/multipartPost.ts';
import { alarmFields, type DemoBox, demoBoxes, SNAPSHOT } from './support/alarms.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let url: string;
let box: DemoBox;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  box = demoBoxes(server.config.dataDir)[0];
});
afterAll(async () => {
  await server?.close();
});

describe('simulated box POST', () => {
  it('stores the fields as sent and the snapshot byte for byte', async () => {
    const attributes = JSON.stringify({ plateNo: '粤B·12345', note: 'a "quoted" line\r\nand another', emoji: '🚗' });
    const fields = alarmFields(box, { attributes, boxEventId: `mp-${Date.now()}` }) as Record<string, string>;
    const answer = await postMultipart(`${url}/api/ingest/alarm`, { 'x-box-id': String(box.boxId), 'x-box-secret': box.secret }, fields, {
      field: 'snapshot',
      fileName: 'snapshot.png',
      type: 'image/png',
      bytes: SNAPSHOT.png,
    });
    expect(answer.status).toBe(200);
    const { code, data } = JSON.parse(answer.body) as { code: number; data: { id: number } };
    expect(code).toBe(0);
    const row = await server.database.db.selectFrom('alarms').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(row.attributes).toEqual(JSON.parse(attributes));
    expect(row.boxEventId).toBe(fields.boxEventId);
    expect(Buffer.compare((await readImage(server.config.dataDir, row.imagePath!)), SNAPSHOT.png)).toBe(0);
  });

  it('reports through postAlarm, and a refusal with its code', async () => {
    const stored = await postAlarm(url, box, 16);
    expect(stored).toMatchObject({ ok: true, code: 0, id: expect.any(Number), seq: expect.any(Number) });
    const refused = await postAlarm(url, { ...box, secret: 'wrong' }, 16);
    expect(refused).toMatchObject({ ok: false, code: 401 });
    const unreachable = await postAlarm('http://127.0.0.1:1', box, 16);
    expect(unreachable).toMatchObject({ ok: false, code: -1 });
  });

  it('picks a boundary that occurs in no part', () => {
    const { body, contentType } = multipartBody({ a: 'x' }, { field: 'f', fileName: 'f.bin', type: 'application/octet-stream', bytes: Buffer.from('data') });
    const boundary = contentType.split('boundary=')[1];
    const text = body.toString('latin1');
    expect(text.startsWith(`--${boundary}\r\n`)).toBe(true);
    expect(text.endsWith(`\r\n--${boundary}--\r\n`)).toBe(true);
    // Three delimiters (before the field, before the file, the closing one): the boundary is nowhere else.
    expect(text.split(boundary)).toHaveLength(4);
  });
});
