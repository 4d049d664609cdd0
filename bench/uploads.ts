// Bounded uploads (issue 34), in-process on the embedded database. Training zips, posted over a real connection:
// the hostile zip (100 directory entries aimed at one entry padded with 48 MiB of empty deflate blocks) and
// a legitimate zip of 100 images — wall time of the upload and the longest event-loop stall while it ran
// (monitorEventLoopDelay, the server's own loop; storing the samples and the database are in it too) — and the
// zip's own part alone (readTrainingZip: directory, inflate, image checks). Video validation on a one-hour still clip at 25 fps, sampled once a minute: how long ffmpeg
// held the slot the way validation sampled before (the whole clip), the header check that refuses it now, and the
// bounded decode a clip whose header does not say its length gets (the first 600 s, at most 20 s).
// Run alone: node bench/uploads.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { inflateRawSync } from 'node:zlib';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { ffmpegPath, runFfmpeg, sampleFrames } from '../server/media/ffmpeg.ts';
import { readMp4Info } from '../server/media/mp4Info.ts';
import { readTrainingZip } from '../server/modules/training/sampleUploads.ts';
import { MAX_ENTRY_BYTES, readCentralDirectory, readEntry } from '../server/modules/training/zipArchive.ts';
import { loadAverage } from './benchServer.ts';
import { drawSample } from '../tests/server/support/trainImages.ts';
import { deflated, padded, plainZip, zipOf } from '../tests/server/support/zipRecords.ts';

export interface UploadRun {
  code: number;
  wallMs: number;
  /** The longest the event loop waited while the upload ran. */
  longestStallMs: number;
}

export interface UploadFigures {
  hostileZip: UploadRun & { bytes: number };
  imageZip: UploadRun & { bytes: number; images: number };
  /** readTrainingZip alone on that zip: code is the number of images read. */
  readImageZip: UploadRun;
  /** One 10 MB entry (the largest allowed) inflated the old way (inflateRawSync) and the new (streaming, 64 kB steps). */
  inflateLargest: { syncWallMs: number; syncStallMs: number; streamingWallMs: number; streamingStallMs: number };
  /** null without an ffmpeg binary. */
  video: {
    clipSeconds: number;
    /** The whole clip sampled once a minute (validation before issue 34): ms ffmpeg held the slot. */
    wholeClipSlotMs: number;
    wholeClipFrames: number;
    /** The header check that refuses it now, before the slot. */
    headerCheckMs: number;
    /** A clip whose header does not say its length: the first maxSeconds decoded, within decodeMs. */
    boundedSlotMs: number;
    boundedFrames: number;
    boundedTimedOut: boolean;
  } | null;
  loadAverage: number;
}

async function timed(run: () => Promise<number>): Promise<UploadRun> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const code = await run();
  const wallMs = Math.round(performance.now() - started);
  // The histogram records a stall when its timer fires late: let it fire once after work that blocked the loop to the
  // end (inflateRawSync), or that stall is never seen.
  await sleep(20);
  delay.disable();
  return { code, wallMs, longestStallMs: Math.round(delay.max / 1e6) };
}

function multipart(algorithmId: number, zip: Buffer) {
  const boundary = '----argusbench';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="algorithmId"\r\n\r\n${algorithmId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="set.zip"\r\nContent-Type: application/zip\r\n\r\n`),
    zip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts over a real connection (the body arrives in TCP-sized pieces, as from a browser). */
function post(baseUrl: string, token: string, form: { payload: Buffer; contentType: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/api/warehouse/uploadAdjustmentFileZip`, { method: 'POST', headers: { token, 'content-type': form.contentType, 'content-length': String(form.payload.length) } });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve((JSON.parse(body) as { code: number }).code));
    });
    req.on('error', reject);
    req.end(form.payload);
  });
}

export /** Text-like content that deflates about 3:1, like image data does not but a large entry's inflate cost does. */
function largestEntry(): Buffer {
  const words = ['person', 'vehicle', 'helmet', 'smoke', 'fire', 'parcel', 'gate', 'lane', 'zone', 'alarm'];
  const parts: string[] = [];
  let state = 34;
  let size = 0;
  while (size < MAX_ENTRY_BYTES) {
    state = (state * 1103515245 + 12345) >>> 0;
    const word = `${words[state % words.length]}${state % 997} `;
    parts.push(word);
    size += word.length;
  }
  return Buffer.from(parts.join('')).subarray(0, MAX_ENTRY_BYTES);
}

async function measureLargestInflate(dir: string): Promise<UploadFigures['inflateLargest']> {
  const entry = deflated('set/positive/large.png', largestEntry());
  const sync = await timed(async () => inflateRawSync(entry.data, { maxOutputLength: entry.size }).length);
  const file = join(dir, 'largest.zip');
  writeFileSync(file, plainZip([entry]));
  const handle = await open(file, 'r');
  try {
    const [read] = await readCentralDirectory(handle, (await handle.stat()).size);
    const streaming = await timed(async () => (await readEntry(handle, read!)).length);
    return { syncWallMs: sync.wallMs, syncStallMs: sync.longestStallMs, streamingWallMs: streaming.wallMs, streamingStallMs: streaming.longestStallMs };
  } finally {
    await handle.close();
  }
}

export async function measureZips(): Promise<Pick<UploadFigures, 'hostileZip' | 'imageZip' | 'readImageZip' | 'inflateLargest'>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-uploads-'));
  const built = await buildApp({ ...configFromEnv({}), dataDir, inMemoryDatabase: true, databaseUrl: undefined, staticDir: undefined, logLevel: 'silent', historyDays: 0, resourceSampleSeconds: 0, retrievalIndex: { enabled: false, pollMs: 2000, searchEmbedLimit: 50 } });
  try {
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    const db = built.database.db;
    const login = await built.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: 'Argus@2026' } });
    const token = (JSON.parse(login.body) as { token: string }).token;
    const algorithm = async (name: string, eventId: number) =>
      (await db.insertInto('setupEvents').values({ name, customEventType: 3, userName: 'admin', sataus: 1, eventId, publishedVersion: '1.0.0', publishedAt: new Date(), buttonType: 'train' }).returning('id').executeTakeFirstOrThrow()).id;
    const png = await drawSample({ positive: true, seed: 3400 });
    const target = padded('set/positive/p0.png', png, 48 * 1024 * 1024);
    const hostile = zipOf([target], Array.from({ length: 100 }, (_, i) => ({ entry: { ...target, name: i === 99 ? 'set/negative/n.png' : `set/positive/p${i}.png` }, local: 0 })));
    const hostileId = await algorithm('bench-hostile', 99_001);
    const hostileZip = { ...(await timed(() => post(baseUrl, token, multipart(hostileId, hostile)))), bytes: hostile.length };
    const images = await Promise.all(Array.from({ length: 100 }, async (_, i) => deflated(`set/${i % 2 ? 'negative' : 'positive'}/img${i}.png`, await drawSample({ positive: i % 2 === 0, seed: 3500 + i }))));
    const legit = plainZip(images);
    const legitId = await algorithm('bench-images', 99_002);
    const imageZip = { ...(await timed(() => post(baseUrl, token, multipart(legitId, legit)))), bytes: legit.length, images: images.length };
    // The zip's own part alone (directory, inflate, image checks), as the handler runs it on the staged file.
    const file = join(dataDir, 'bench-images.zip');
    writeFileSync(file, legit);
    const readImageZip = await timed(async () => (await readTrainingZip(file, 'set.zip')).length);
    return { hostileZip, imageZip, readImageZip, inflateLargest: await measureLargestInflate(dataDir) };
  } finally {
    await built.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A one-hour still clip at 25 fps, as the issue describes (plain MP4, or fragmented: no length in its header). */
async function stillHour(dir: string, fragmented: boolean): Promise<string> {
  const file = join(dir, fragmented ? 'hour-fragmented.mp4' : 'hour.mp4');
  const layout = fragmented ? ['-movflags', 'frag_keyframe+empty_moov+default_base_moof'] : [];
  await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=gray:s=320x240:r=25', '-t', '3600', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '250', '-threads', '1', ...layout, '-y', file], { timeoutMs: 600_000, kind: 'bench' });
  return file;
}

export async function measureVideo(): Promise<UploadFigures['video']> {
  if (!ffmpegPath()) return null;
  const bounds = configFromEnv({}).videoValidation;
  const dir = mkdtempSync(join(tmpdir(), 'argus-bench-video-'));
  try {
    const plain = await stillHour(dir, false);
    const whole = await sampleFrames(plain, { everySeconds: 60, maxFrames: 60, width: 320, timeoutMs: 600_000 });
    const checkStarted = performance.now();
    const duration = readMp4Info(plain).duration;
    const headerCheckMs = Math.round((performance.now() - checkStarted) * 10) / 10;
    if (duration <= bounds.maxSeconds) throw new Error(`the clip says ${duration} s`);
    const fragmented = await stillHour(dir, true);
    if (readMp4Info(fragmented).duration > bounds.maxSeconds) throw new Error('the fragmented clip says its length');
    let boundedTimedOut = false;
    const boundedStarted = performance.now();
    const bounded = await sampleFrames(fragmented, { everySeconds: 60, maxFrames: 60, width: 320, maxSeconds: bounds.maxSeconds, timeoutMs: bounds.decodeMs }).catch((error: { timedOut?: boolean }) => {
      boundedTimedOut = Boolean(error.timedOut);
      return { frames: [] as Buffer[], wallMs: Math.round(performance.now() - boundedStarted) };
    });
    return {
      clipSeconds: Math.round(duration),
      wholeClipSlotMs: whole.wallMs,
      wholeClipFrames: whole.frames.length,
      headerCheckMs,
      boundedSlotMs: bounded.wallMs,
      boundedFrames: bounded.frames.length,
      boundedTimedOut,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureUploads(): Promise<UploadFigures> {
  const zips = await measureZips();
  const video = await measureVideo();
  return { ...zips, video, loadAverage: loadAverage() };
}

if (import.meta.main) console.log(JSON.stringify(await measureUploads(), null, 2));
