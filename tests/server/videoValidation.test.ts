// Validation on a video with a really trained model: ffmpeg samples one frame a second from an uploaded MP4 (or a
// recording of the video centre), each frame is scored in the background like a validation image — from the frame
// as decoded, so it scores exactly as the same picture uploaded as an image — and the job reports progress and the
// scored frames (pictures by signed URL); the refusals with their reasons.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeClip, runFfmpeg } from '../../server/media/ffmpeg.ts';
import { imageForm } from './support/orchestration.ts';
import { call, login } from './support/client.ts';
import { addAlgorithm, samples, upload, waitForTraining } from './support/training.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let modelId: number;
let video: Buffer;
/** Which seconds of the video show a positive sample. */
const POSITIVE = [true, false, true, false, true, false];

function form(fields: Record<string, string>, file?: { bytes: Buffer; type: string }) {
  const boundary = `----argus${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="v.mp4"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function start(fields: Record<string, string>, file?: { bytes: Buffer; type: string }) {
  const body = form(fields, file);
  const res = await server.app.inject({ method: 'POST', url: '/api/evaluate/video', headers: { token, 'content-type': body.contentType, 'accept-language': 'en' }, payload: body.payload });
  return JSON.parse(res.body) as { code: number; msg: string; data: any };
}

async function finished(id: number) {
  await expect
    .poll(async () => (await call(server.app, 'GET', `/evaluate/video/${id}`, { token })).json.data.state, { timeout: 60_000, interval: 200 })
    .not.toBe('running');
  return (await call(server.app, 'GET', `/evaluate/video/${id}`, { token })).json.data;
}

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  const id = await addAlgorithm(server, '视频-红块');
  const files = await samples(16, { positive: (i) => i % 2 === 0, seed: 7100 });
  await upload(server.app, token, files.filter((f) => f.positive), { algorithmId: String(id), label: 'positive' });
  await upload(server.app, token, files.filter((f) => !f.positive), { algorithmId: String(id), label: 'negative' });
  const started = await call(server.app, 'POST', '/warehouse/train', { token, body: { algorithmId: id } });
  modelId = (await waitForTraining(server.app, token, started.json.data.taskId)).modelId;
  // A 6 s video at 1 fps whose frames are new samples, positive and negative in turn.
  const fresh = await samples(POSITIVE.length, { positive: (i) => POSITIVE[i], seed: 9100 });
  const frames = await Promise.all(fresh.map(async (f) => new Uint8Array(await sharp(f.bytes).resize(320, 240, { fit: 'fill' }).removeAlpha().raw().toBuffer())));
  video = (await encodeClip(frames, { width: 320, height: 240, fps: 1 })).output;
}, 180_000);
afterAll(async () => server?.close());

describe('video validation', () => {
  it('samples a frame a second, scores each with the model, and reports progress and the frames over the threshold', async () => {
    const started = await start({ modelId: String(modelId), everySeconds: '1' }, { bytes: video, type: 'video/mp4' });
    expect(started.code).toBe(0);
    expect(started.data).toMatchObject({ state: 'running', frameCount: POSITIVE.length, modelId });
    const job = await finished(started.data.id);
    expect(job).toMatchObject({ state: 'done', progress: 100, error: null });
    expect(job.frames.map((f: { second: number }) => f.second)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const f of job.frames) {
      expect(f.triggered).toBe(f.score >= job.threshold);
      expect(f.url).toMatch(/^\/files\/private\/verify\/[^?]+\.jpg\?exp=\d+&sig=[\w-]{43}$/);
    }
    const mean = (positive: boolean) => {
      const scores = job.frames.filter((_: unknown, i: number) => POSITIVE[i] === positive).map((f: { score: number }) => f.score);
      return scores.reduce((a: number, b: number) => a + b, 0) / scores.length;
    };
    // The model sees the square in the positive seconds, not in the others.
    expect(mean(true)).toBeGreaterThan(mean(false));
    const thumb = await server.app.inject({ method: 'GET', url: job.frames[0].url });
    expect(thumb.statusCode).toBe(200);
  }, 90_000);

  it('scores each frame as decoded: the same as that frame uploaded as an image', async () => {
    // 640×480 (larger than the 320 px the frames used to be shrunk to), H.264 as cameras send it.
    const fresh = await samples(4, { positive: (i) => i % 2 === 0, seed: 9300 });
    const frames = await Promise.all(fresh.map(async (f) => new Uint8Array(await sharp(f.bytes).resize(640, 480, { fit: 'fill' }).removeAlpha().raw().toBuffer())));
    const clip = (await encodeClip(frames, { width: 640, height: 480, fps: 1 })).output;
    const started = await start({ modelId: String(modelId), everySeconds: '1' }, { bytes: clip, type: 'video/mp4' });
    expect(started.code).toBe(0);
    const job = await finished(started.data.id);
    expect(job.state).toBe('done');
    // The same frames, decoded by ffmpeg on their own (one a second, as PNG), then validated as images.
    const dir = mkdtempSync(join(tmpdir(), 'argus-frames-test-'));
    try {
      const file = join(dir, 'clip.mp4');
      writeFileSync(file, clip);
      await runFfmpeg(['-i', file, '-vf', 'fps=1/1', '-c:v', 'png', '-pix_fmt', 'rgb24', join(dir, 'still-%02d.png')]);
      const stills = readdirSync(dir).filter((f) => f.startsWith('still-')).sort();
      expect(stills).toHaveLength(job.frames.length);
      const form = imageForm(stills.map((name) => ({ name, bytes: readFileSync(join(dir, name)), type: 'image/png' })), { modelId: String(modelId) });
      const res = JSON.parse((await server.app.inject({ method: 'POST', url: '/api/evaluate/upload', headers: { token, 'content-type': form.contentType }, payload: form.payload })).body);
      expect(res.code).toBe(0);
      // Frame scores are kept to 4 decimals.
      for (const [i, f] of job.frames.entries()) {
        expect(Math.abs(f.score - res.data.files[i].score)).toBeLessThanOrEqual(5e-5);
        expect(f.triggered).toBe(res.data.files[i].triggered);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The picture shown is a small JPEG of its own (at most 320 wide), not what was scored.
    const thumb = await server.app.inject({ method: 'GET', url: job.frames[0].url });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  }, 120_000);

  it('validates a recording of the video centre by its id', async () => {
    const relative = 'recordings/test/validate.mp4';
    mkdirSync(join(server.config.dataDir, 'files', 'recordings', 'test'), { recursive: true });
    writeFileSync(join(server.config.dataDir, 'files', relative), video);
    const now = new Date();
    const record = await server.database.db
      .insertInto('videoRecords')
      .values({ cameraId: 1, cameraName: 'A', startTime: new Date(now.getTime() - 6000), endTime: now, size: video.length, playUrl: `/files/${relative}`, filePath: relative })
      .returning('id')
      .executeTakeFirstOrThrow();
    const started = await start({ modelId: String(modelId), recordId: String(record.id), everySeconds: '2' });
    expect(started.code).toBe(0);
    const job = await finished(started.data.id);
    expect(job.state).toBe('done');
    expect(job.frames.map((f: { second: number }) => f.second)).toEqual([0, 2, 4]);
  }, 90_000);

  it('refuses a cut-short video, a text file, both or neither source, an unknown model or recording', async () => {
    const cut = await start({ modelId: String(modelId) }, { bytes: video.subarray(0, Math.floor(video.length / 3)), type: 'video/mp4' });
    expect(cut).toMatchObject({ code: 400, msg: expect.stringContaining('cannot be decoded') });
    expect((await start({ modelId: String(modelId) }, { bytes: Buffer.from('not a video, only text'), type: 'video/mp4' })).code).toBe(415);
    expect((await start({ modelId: String(modelId) })).msg).toContain('exactly one');
    expect((await start({ modelId: String(modelId), recordId: '1' }, { bytes: video, type: 'video/mp4' })).code).toBe(400);
    expect((await start({ modelId: '999999' }, { bytes: video, type: 'video/mp4' })).code).toBe(404);
    expect((await start({ modelId: String(modelId), recordId: '999999' })).code).toBe(404);
    expect((await start({ modelId: String(modelId), everySeconds: '0.01' }, { bytes: video, type: 'video/mp4' })).msg).toContain('everySeconds');
    expect((await call(server.app, 'GET', '/evaluate/video/999999', { token })).json.code).toBe(404);
  });
});
