// A camera that is a video file on a box on another machine (README, "Run a box on another machine"): the platform
// cannot know that box's media folder, so for any box but its own in-process one it takes a file:// address only as
// an absolute, normalised path (a named 400 otherwise) without looking at its own disk; the in-process box's cameras
// (and a camera on no box) keep the platform's media folder rule. The box itself (`npm run edge`, a process of its
// own) refuses a file outside its --media-dir: the camera's stream state says so in the console, and once the
// address names a file inside, the camera is live. Neither the platform nor the box reads the refused file (its
// access time is unchanged: the disk is mounted relatime, and the file's access time is set before its change time).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDGE_BOX_FILE, type DemoEdgeBoxCredentials } from '../../server/db/seed/demoEdgeBox.ts';
import { runFfmpeg } from '../../server/media/ffmpeg.ts';
import { startEdgeProcess } from '../support/edgeProcess.ts';
import { ADMIN, call, login } from './support/client.ts';
import { fails, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const dir = mkdtempSync(join(tmpdir(), 'argus-edge-files-'));
const boxMedia = join(dir, 'box-media');
const elsewhere = join(dir, 'elsewhere');
let server: TestServer;
let token: string;
let remote: { id: number; secret: string };

beforeAll(async () => {
  mkdirSync(boxMedia);
  mkdirSync(elsewhere);
  // A short H.264 clip, in the box's media folder and outside it.
  const clip = join(elsewhere, 'gate.mp4');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10', '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p', '-y', clip]);
  copyFileSync(clip, join(boxMedia, 'gate.mp4'));
  // Read from now on, the file's access time would move past its change time.
  utimesSync(clip, new Date('2001-01-01T00:00:00Z'), new Date('2002-01-01T00:00:00Z'));
  server = await startTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  token = await login(server.app, ADMIN);
  remote = await ok(server.app, 'POST', '/edgeBox/add', { token, body: { name: '远端盒子', serialNumber: 'REMOTE-FILES-1', ip: '198.51.100.60', model: 'Argus Edge' } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const url = (path: string) => pathToFileURL(path).toString();

describe("a remote box's file cameras", () => {
  it('takes an absolute, normalised path for a box on another machine, refuses anything else by name, and keeps the media folder rule for its own box', async () => {
    const file = url(join(elsewhere, 'gate.mp4'));
    const id = (await ok<{ id: number }>(server.app, 'POST', '/device/add', { token, body: { name: 'remote-file-camera', kind: 'normal', boxId: remote.id, rtspUrl: 'file:///srv/cameras/gate.mp4' } })).id;
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: id } })).toMatchObject({ rtspUrl: 'file:///srv/cameras/gate.mp4', boxId: remote.id });
    await ok(server.app, 'PUT', '/device/update', { token, body: { id, name: 'remote-file-camera', rtspUrl: file } });
    await ok(server.app, 'PUT', '/device/update', { token, body: { id, name: 'remote-file-camera', rtspUrl: 'file://localhost/srv/cameras/%E9%97%A8.mp4' } });
    for (const bad of [
      'file:///srv/cameras/../secret.mp4',
      'file:///srv/cameras/%2e%2e/secret.mp4',
      'file:///srv/./cameras/gate.mp4',
      'file:///srv//cameras/gate.mp4',
      'file:///srv/cameras/',
      'file:///srv/cameras/gate.mp4?loop=1',
      'file:///srv/cameras/gate.mp4#t=1',
      'file:///srv/cameras%2Fgate.mp4',
      'file:///srv\\cameras\\gate.mp4',
      'file:///srv/cameras/ga%00te.mp4',
    ]) {
      const message = await fails(server.app, 'PUT', '/device/update', 400, { token, lang: 'en', body: { id, name: 'remote-file-camera', rtspUrl: bad } });
      expect(message, bad).toContain('rtspUrl: a file address for a box on another machine must be an absolute, normalised path');
    }
    // Another machine's share, a relative path: refused too (by the contract's pattern or the check), naming the field.
    for (const bad of ['file://nas.local/srv/gate.mp4', 'file:srv/gate.mp4']) {
      expect(await fails(server.app, 'PUT', '/device/update', 400, { token, lang: 'en', body: { id, name: 'remote-file-camera', rtspUrl: bad } }), bad).toContain('rtspUrl');
    }
    // The in-process box's camera, and a camera on no box: under this server's media folder only, as before.
    const own = JSON.parse(readFileSync(join(server.config.dataDir, DEMO_EDGE_BOX_FILE), 'utf8')) as DemoEdgeBoxCredentials;
    const ownCamera = await ok<{ name: string }>(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: own.cameraIds[0] } });
    const mediaRoot = join(server.config.dataDir, 'media');
    for (const body of [
      { id: own.cameraIds[0], name: ownCamera.name, rtspUrl: file },
      { id, name: 'remote-file-camera', rtspUrl: file, boxId: own.boxId },
      { id, name: 'remote-file-camera', rtspUrl: file, boxId: null },
    ]) {
      expect(await fails(server.app, 'PUT', '/device/update', 400, { token, lang: 'en', body })).toContain(`rtspUrl: a file address must lie under the media folder ${mediaRoot}`);
    }
  });

  it('the box refuses a file outside its media folder, which the console sees as the stream state; inside, the camera is live; nobody reads the refused file', async () => {
    const outside = join(elsewhere, 'gate.mp4');
    const accessed = statSync(outside).atimeMs;
    const id = (await ok<{ id: number }>(server.app, 'POST', '/device/add', { token, body: { name: 'remote-file-live', kind: 'normal', boxId: remote.id, rtspUrl: url(outside) } })).id;
    // Started as the console starts a camera with an event (a fixture: no event is needed to pull it).
    await server.database.db.updateTable('devices').set({ startState: 1 }).where('id', '=', id).execute();
    const platform = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const edge = startEdgeProcess({ platform, box: { boxId: remote.id, secret: remote.secret }, dataDir: join(dir, 'box-data'), mediaDir: boxMedia });
    const state = async () => (await call(server.app, 'POST', '/device/streamStates', { token, body: { cameraIds: [id] } })).json.data.list[0].stream as { state: string; error: string | null };
    try {
      await expect.poll(state, { timeout: 60_000, interval: 500 }).toMatchObject({ state: 'error', error: expect.stringContaining('outside the media folder') });
      // The platform has no way round the box: live view says why the box will not play it, and there is no
      // picture of the file.
      const opened = await call(server.app, 'POST', '/video/live/open', { token, body: { cameraId: id }, lang: 'en' });
      expect(opened.json.code).toBe(409);
      expect(opened.json.msg).toContain('outside the media folder');
      expect((await call(server.app, 'GET', '/device/snapshot', { token, query: { cameraId: id } })).json.code).toBe(404);
      expect((await call(server.app, 'GET', '/camera/latest', { token, query: { cameraId: id } })).json.code).toBe(404);
      // The address moved into the box's folder: the box is woken, pulls it, and the camera is live.
      await ok(server.app, 'PUT', '/device/update', { token, body: { id, name: 'remote-file-live', rtspUrl: url(join(boxMedia, 'gate.mp4')) } });
      await expect.poll(state, { timeout: 60_000, interval: 500 }).toMatchObject({ state: 'live' });
      expect(statSync(outside).atimeMs).toBe(accessed);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nthe box said:\n${edge.tail()}`);
    } finally {
      await edge.stop();
    }
  }, 180_000);
});
