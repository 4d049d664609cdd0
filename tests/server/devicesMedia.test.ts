// Pictures, streams and files of devices: the snapshot of a simulated camera is a PNG of its road scene, a camera
// without one answers "no snapshot obtained"; play relays; offline video uploads read by their MP4 structure;
// configuration exports that open as xlsx.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, inflateSync } from 'node:zlib';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng, PNG_SIGNATURE, pngSize } from '../../server/media/pngEncoder.ts';
import { renderRoadScene } from '../../server/media/roadScene.ts';
import { call, login } from './support/client.ts';
import { addCamera, fails, multipart, ok, upload } from './support/devices.ts';
import { box, ftypBox, mp4File, u32 } from './support/mp4Boxes.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const mp4 = mp4File;

/** Files under a folder of the data directory. */
function filesUnder(folder: string): string[] {
  const path = join(server.config.dataDir, folder);
  return existsSync(path) ? readdirSync(path, { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).map((f) => f.name) : [];
}

describe('snapshots', () => {
  it('encodes a valid PNG: chunks with their CRCs, and an image stream that inflates back to the pixels', () => {
    const scene = renderRoadScene({ width: 64, height: 36, seed: 7, highlight: { x: 4, y: 4, w: 20, h: 10 } });
    const png = encodePng(scene);
    const chunks: { type: string; body: Buffer }[] = [];
    for (let at = 8; at < png.length; ) {
      const length = png.readUInt32BE(at);
      const type = png.toString('latin1', at + 4, at + 8);
      expect(png.readUInt32BE(at + 8 + length), type).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
      chunks.push({ type, body: png.subarray(at + 8, at + 8 + length) });
      at += 12 + length;
    }
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const raw = inflateSync(chunks[1].body);
    const rows = Array.from({ length: 36 }, (_, y) => raw.subarray(y * (64 * 3 + 1), (y + 1) * (64 * 3 + 1)));
    expect(rows.every((r) => r[0] === 0)).toBe(true);
    expect(Buffer.concat(rows.map((r) => r.subarray(1))).equals(Buffer.from(scene.data))).toBe(true);
    // The detection box is drawn in red.
    expect([...scene.data.subarray((4 * 64 + 4) * 3, (4 * 64 + 4) * 3 + 3)]).toEqual([255, 40, 40]);
  });

  it('renders the road scene of a simulated camera as a PNG at its resolution, the same picture every time', async () => {
    const snap = await ok(server.app, 'GET', '/device/snapshot', { token, query: { cameraId: 1 } });
    expect(snap).toMatchObject({ width: 1920, height: 1080, imageUrl: expect.stringMatching(/^\/files\/snapshots\/.+\.png$/), time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    const image = await server.app.inject({ method: 'GET', url: snap.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(image.rawPayload)).toEqual({ width: 1920, height: 1080 });
    const again = await ok(server.app, 'GET', '/device/snapshot', { token, query: { cameraId: 1 } });
    const second = await server.app.inject({ method: 'GET', url: again.imageUrl });
    expect(second.rawPayload.equals(image.rawPayload)).toBe(true);
    const other = await ok(server.app, 'GET', '/device/snapshot', { token, query: { cameraId: 2 } });
    const otherImage = await server.app.inject({ method: 'GET', url: other.imageUrl });
    expect(otherImage.rawPayload.equals(image.rawPayload)).toBe(false);
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: 1 } })).toMatchObject({ snapshotUrl: again.imageUrl, online: true, width: 1920, height: 1080 });
  });

  it('answers business 404 "no snapshot obtained" for a camera without a frame source', async () => {
    const id = await addCamera(server.app, token);
    const res = await call(server.app, 'GET', '/device/snapshot', { token, lang: 'en', query: { cameraId: id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 404, msg: 'No snapshot obtained' });
    expect((await call(server.app, 'GET', '/device/snapshot', { token, query: { cameraId: id } })).json.msg).toBe('未获取到快照');
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: id } })).toMatchObject({ online: false, snapshotUrl: null });
    await fails(server.app, 'GET', '/device/snapshot', 404, { token, query: { cameraId: 99999 } });
  });
});

describe('play relays', () => {
  it('starts or reuses a relay, stops it, and refuses image devices', async () => {
    const first = await ok(server.app, 'GET', '/device/rtmp', { token, query: { cameraId: 1 } });
    expect(first).toMatchObject({ cameraId: 1, rtmpUrl: expect.stringMatching(/^rtmp:\/\//), flvUrl: expect.stringContaining('.flv'), hlsUrl: expect.stringContaining('.m3u8') });
    expect(await ok(server.app, 'GET', '/device/rtmp', { token, query: { cameraId: 1 } })).toEqual(first);
    await ok(server.app, 'GET', '/device/rtmp/stop', { token, query: { cameraId: 1 } });
    await ok(server.app, 'GET', '/device/rtmp/stop', { token, query: { cameraId: 1 } });
    expect((await ok(server.app, 'GET', '/device/rtmp', { token, query: { cameraId: 1 } })).rtmpUrl).not.toBe(first.rtmpUrl);
    // A relay nobody asked for in 5 minutes has lapsed: a new one starts.
    await server.database.db.updateTable('deviceRelays').set({ lastUsedAt: new Date(Date.now() - 6 * 60_000) }).execute();
    const lapsed = await ok(server.app, 'GET', '/device/rtmp', { token, query: { cameraId: 1 } });
    expect(await ok(server.app, 'GET', '/device/rtmp', { token, query: { cameraId: 1 } })).toEqual(lapsed);
    const image = await addCamera(server.app, token, { kind: 'image', rtspUrl: undefined });
    await fails(server.app, 'GET', '/device/rtmp', 409, { token, query: { cameraId: image } });
    await fails(server.app, 'GET', '/device/rtmp', 404, { token, query: { cameraId: 99999 } });
    await fails(server.app, 'GET', '/device/rtmp/stop', 404, { token, query: { cameraId: 99999 } });
  });
});

describe('offline videos', () => {
  it('stores an MP4 with its duration, size and frame rate read from the file, and lists it', async () => {
    const bytes = mp4({ seconds: 12, fps: 25, width: 1280, height: 720 });
    const res = await upload(server.app, token, '/device/offline/upload', multipart({ field: 'file', name: 'gate-cam.mp4', type: 'video/mp4', bytes }, { sceneId: '1' }));
    expect(res).toMatchObject({ code: 0, data: { name: 'gate-cam', kind: 'offline', duration: 12, width: 1280, height: 720, fileSize: bytes.length, startState: 2, runState: 0, progress: 0, sceneId: 1, online: null } });
    const stored = await server.app.inject({ method: 'GET', url: res.data.videoUrl });
    expect(stored.rawPayload.equals(bytes)).toBe(true);
    expect(await ok(server.app, 'GET', '/device/fps', { token, query: { cameraId: res.data.id } })).toEqual({ cameraId: res.data.id, fps: 5, sourceFps: 25 });
    const list = await ok(server.app, 'GET', '/device/offlineList', { token });
    expect(list.list.map((d: any) => d.id)).toEqual([res.data.id]);

    // Analysed at real-time speed: finished (runState 2) once its duration has passed since the start.
    await ok(server.app, 'POST', '/device/eventType/batch', { token, body: { cameraIds: [res.data.id], eventIds: [51], mode: 'add' } });
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: res.data.id } });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: res.data.id } })).toMatchObject({ runState: 1, progress: expect.any(Number) });
    await server.database.db.updateTable('devices').set({ startedAt: new Date(Date.now() - 13_000) }).where('id', '=', res.data.id).execute();
    expect((await ok(server.app, 'GET', '/device/offlineList', { token, query: { runState: 2 } })).list).toMatchObject([{ id: res.data.id, runState: 2, progress: 100 }]);

    const named = await upload(server.app, token, '/device/offline/upload', multipart({ field: 'file', name: 'x.mp4', type: 'video/mp4', bytes }, { name: 'gate-cam' }));
    expect(named.code).toBe(409);
    await ok(server.app, 'DELETE', '/device/offline/delete', { token, body: { ids: [res.data.id] } });
    expect((await server.app.inject({ method: 'GET', url: res.data.videoUrl })).statusCode).toBe(404);
  });

  it('refuses what is not an MP4 video (415, checked by content), a missing file, unknown scenes, and non-offline ids', async () => {
    const png = await upload(server.app, token, '/device/offline/upload', multipart({ field: 'file', name: 'fake.mp4', type: 'video/mp4', bytes: Buffer.concat([PNG_SIGNATURE, Buffer.alloc(64)]) }));
    expect(png.code).toBe(415);
    const noVideo = Buffer.concat([mp4().subarray(0, 24 + 4104)]);
    expect((await upload(server.app, token, '/device/offline/upload', multipart({ field: 'file', name: 'cut.mp4', type: 'video/mp4', bytes: noVideo }))).code).toBe(415);
    const missing = await upload(server.app, token, '/device/offline/upload', multipart(null, { name: 'n' }));
    expect(missing).toMatchObject({ code: 400, msg: expect.stringContaining('file') });
    expect((await upload(server.app, token, '/device/offline/upload', multipart({ field: 'file', name: 'a.mp4', type: 'video/mp4', bytes: mp4() }, { sceneId: '999' }))).code).toBe(404);
    expect((await upload(server.app, token, '/device/offline/upload', multipart({ field: 'file', name: 'a.mp4', type: 'video/mp4', bytes: mp4() }, { name: 'x'.repeat(129) }))).msg).toContain('name');
    await fails(server.app, 'DELETE', '/device/offline/delete', 404, { token, body: { ids: [1] } });
    const { list } = await ok(server.app, 'GET', '/device/offlineList', { token });
    expect(list).toEqual([]);
  });

  it('refuses an MP4 whose mvhd is cut short with 415 (it was a 500), and keeps no file of a refused upload', async () => {
    const truncated = Buffer.concat([ftypBox(), box('moov', box('mvhd', u32(0, 0)))]);
    const res = await upload(server.app, token, '/device/offline/upload', multipart({ field: 'file', name: 'cut-mvhd.mp4', type: 'video/mp4', bytes: truncated }));
    expect(res).toMatchObject({ code: 415, msg: expect.stringContaining('mp4') });
    // Refused uploads were checked in the private staging folder and removed; none reached files/offline/.
    expect(filesUnder('files/offline')).toEqual([]);
    expect(filesUnder('tmp')).toEqual([]);
  });
});

describe('exports', () => {
  async function sheet(res: { headers: Record<string, unknown>; raw: Buffer }) {
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const zip = await JSZip.loadAsync(res.raw);
    return zip.file('xl/worksheets/sheet1.xml')!.async('string');
  }

  it('exports a page of devices with their configurations summarised, as an xlsx workbook', async () => {
    await ok(server.app, 'POST', '/device/eventType/batch', { token, body: { cameraIds: [6], eventIds: [51, 15], mode: 'add' } });
    const res = await call(server.app, 'POST', '/device/export', { token, lang: 'en', body: { page: 1, rows: 3 } });
    const xml = await sheet(res);
    expect(xml).toContain('Shapes drawn');
    // An English export names the seeded camera and events in English (seededNamesExports.test.ts).
    expect(xml).toContain('Science Park underground car park entrance');
    expect(xml).toContain('Area intrusion; Fire and smoke detection');
    expect(xml.match(/<row /g)).toHaveLength(4);
    const past = await call(server.app, 'POST', '/device/export', { token, body: { page: 100, rows: 1000 } });
    expect((await sheet(past)).match(/<row /g)).toHaveLength(1);
    expect((await call(server.app, 'POST', '/device/export', { token, lang: 'en', body: { page: 101, rows: 10 } })).json).toMatchObject({ code: 400, msg: expect.stringContaining('page') });
  });

  it('exports the devices matching a search', async () => {
    const res = await call(server.app, 'POST', '/device/exportBySearch', { token, body: { sceneId: 2 } });
    const xml = await sheet(res);
    expect(xml).toContain('科技园北门');
    expect(xml).not.toContain('滨海大道高架桥');
    // A header row, then every camera of the scene (the seed's, counted: the demo edge box's camera is in it too).
    const inScene = await server.database.db.selectFrom('devices').select('id').where('sceneId', '=', 2).where('kind', '=', 'normal').execute();
    expect(inScene.length).toBeGreaterThanOrEqual(2);
    expect(xml.match(/<row /g)).toHaveLength(1 + inScene.length);
  });
});
