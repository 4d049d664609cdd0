// Validation on a video with a really trained model: ffmpeg samples one frame a second from an uploaded MP4 (or a
// recording of the video centre), each frame is scored in the background like a validation image — from the frame
// as decoded, so it scores exactly as the same picture uploaded as an image — and the job reports progress and the
// scored frames (pictures by signed URL); the refusals with their reasons; the bounds on the work one validation
// causes (duration, decode time, the queue, the upload on disk, the client leaving).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords.ts';
import { encodeClip, ffmpegLoad, runFfmpeg } from '../../server/media/ffmpeg.ts';
import { imageForm } from './support/orchestration.ts';
import { call, login } from './support/client.ts';
import { addAlgorithm, samples, upload, waitForTraining } from './support/training.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';
import { openPost } from './support/openPost.ts';
import { finishedValidation, holdFfmpegSlot, startValidation, stillVideo, videoForm } from './support/videoValidation.ts';

let server: TestServer;
let token: string;
let modelId: number;
let video: Buffer;
/** Which seconds of the video show a positive sample. */
const POSITIVE = [true, false, true, false, true, false];

const start = (fields: Record<string, string>, file?: { bytes: Buffer; type: string }) => startValidation(server, token, fields, file);
const finished = (id: number, who = token) =>
  finishedValidation(server, who, id, (read) => expect.poll(read, { timeout: 60_000, interval: 200 }).not.toBe('running'));

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

// Issue 34 point 4: the work one validation causes is bounded, the queue in front of the ffmpeg slot is limited
// and says when to retry, the upload goes to disk, and everything stops when the client leaves.
describe('bounds', () => {
  const bounds = () => server.config.videoValidation;
  const stagedVideos = () => (existsSync(join(server.config.dataDir, 'tmp')) ? readdirSync(join(server.config.dataDir, 'tmp')).filter((f) => f.startsWith('validate-')) : []);
  const settle = { timeout: 30_000, interval: 50 };
  let baseUrl = '';
  let second = '';

  beforeAll(async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    // A second user who may validate (the administrator's role), for a second validation at the same time.
    const admin = await server.database.db.selectFrom('users').select('roleId').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await server.database.db.insertInto('users').values({ username: 'verifier', realName: '验证员', passwordHash: await hashPassword('Verifier@2026'), deptId: 1, roleId: admin.roleId }).execute();
    second = await login(server.app, { username: 'verifier', password: 'Verifier@2026' });
  });

  it('refuses an MP4 longer than the bound from its header, before decoding it', async () => {
    const long = await stillVideo(bounds().maxSeconds + 100, 1, false);
    const res = await start({ modelId: String(modelId), everySeconds: '60' }, { bytes: long, type: 'video/mp4' });
    expect(res).toMatchObject({ code: 400, msg: `The video is ${bounds().maxSeconds + 100} s long, over the ${bounds().maxSeconds} s limit: cut a shorter part of it` });
    expect(stagedVideos()).toEqual([]);
  });

  it('reads no more than the bound of a video whose header does not say its length', async () => {
    // A recording's layout (empty movie header): sampled once a minute, only the first maxSeconds are decoded.
    const long = await stillVideo(bounds().maxSeconds + 130, 1, true);
    const res = await start({ modelId: String(modelId), everySeconds: '60' }, { bytes: long, type: 'video/mp4' });
    expect(res.code).toBe(0);
    const job = await finished(res.data.id);
    expect(job.frames.map((f: { second: number }) => f.second)).toEqual(Array.from({ length: bounds().maxSeconds / 60 }, (_, i) => i * 60));
  });

  it('stops a decode at its time bound and says so', async () => {
    const decodeMs = bounds().decodeMs;
    bounds().decodeMs = 1;
    try {
      const res = await start({ modelId: String(modelId) }, { bytes: video, type: 'video/mp4' });
      expect(res).toMatchObject({ code: 400, msg: expect.stringContaining('Decoding the video took longer than') });
    } finally {
      bounds().decodeMs = decodeMs;
    }
    // Nothing claimed: the next validation of the same user starts.
    const again = await start({ modelId: String(modelId) }, { bytes: video, type: 'video/mp4' });
    expect(again.code).toBe(0);
    await finished(again.data.id);
  });

  it('queues a second validation behind a running one, and tells a third to retry when the queue is full', async () => {
    const queueLimit = bounds().queueLimit;
    bounds().queueLimit = 1;
    const blocker = new AbortController();
    const held = holdFfmpegSlot(blocker.signal);
    try {
      await expect.poll(() => ffmpegLoad().running, settle).toBe(1);
      const waiting = start({ modelId: String(modelId) }, { bytes: video, type: 'video/mp4' });
      await expect.poll(() => ffmpegLoad().waiting, settle).toBe(1);
      const refused = await startValidation(server, second, { modelId: String(modelId) }, { bytes: video, type: 'video/mp4' });
      expect(refused.status).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(refused).toMatchObject({ code: 429, msg: `The video processor is busy (the validation queue is full); retry in ${seconds} s`, data: { retryAfter: seconds } });
      blocker.abort();
      const started = await waiting;
      expect(started.code).toBe(0);
      expect((await finished(started.data.id)).state).toBe('done');
    } finally {
      blocker.abort();
      await held;
      bounds().queueLimit = queueLimit;
    }
    // The refused user was not left holding a validation: theirs starts now.
    const now = await startValidation(server, second, { modelId: String(modelId) }, { bytes: video, type: 'video/mp4' });
    expect(now.code).toBe(0);
    await finished(now.data.id, second);
  });

  it('streams the upload to a private file as it arrives, and removes it afterwards', async () => {
    const body = videoForm({ modelId: String(modelId) }, { bytes: video, type: 'video/mp4' });
    const half = Math.floor(video.length / 2);
    const post = openPost(baseUrl, '/api/evaluate/video', { token, 'content-type': body.contentType, 'accept-language': 'en' }, body.payload.length, Buffer.concat([body.head, video.subarray(0, half)]));
    // Half the video sent, the request not finished: its bytes are already in the staged file, not in memory.
    const stagedSize = () => stagedVideos().map((f) => statSync(join(server.config.dataDir, 'tmp', f)).size)[0] ?? 0;
    await expect.poll(stagedSize, settle).toBeGreaterThanOrEqual(half - 1024);
    post.finish(Buffer.concat([video.subarray(half), body.tail]));
    const answer = await post.answer;
    expect(JSON.parse(answer.body).code).toBe(0);
    await finished(JSON.parse(answer.body).data.id);
    expect(stagedVideos()).toEqual([]);
  });

  it('leaves the queue and removes its upload when the client goes away', async () => {
    const blocker = new AbortController();
    const held = holdFfmpegSlot(blocker.signal);
    try {
      await expect.poll(() => ffmpegLoad().running, settle).toBe(1);
      const body = videoForm({ modelId: String(modelId) }, { bytes: video, type: 'video/mp4' });
      const post = openPost(baseUrl, '/api/evaluate/video', { token, 'content-type': body.contentType }, body.payload.length, body.payload);
      post.answer.catch(() => undefined);
      await expect.poll(() => ffmpegLoad().waiting, settle).toBe(1);
      post.drop();
      await expect.poll(() => ffmpegLoad().waiting, settle).toBe(0);
      await expect.poll(stagedVideos, settle).toEqual([]);
      const rows = await server.database.db.selectFrom('videoValidations').select('id').where('state', '=', 'running').execute();
      expect(rows).toEqual([]);
    } finally {
      blocker.abort();
      await held;
    }
  });
});
