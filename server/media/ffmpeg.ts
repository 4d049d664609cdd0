// ffmpeg as a child process (server/media/FFMPEG.md: where the binary comes from and its licence). The event loop
// only moves bytes: the work runs in the child, bounded in time and output size, at most FFMPEG_CONCURRENCY at once
// (default 1: this server shares small machines; the queue: ffmpegSlot.ts). A run whose signal fires is killed. The
// CPU time each run took is read from ffmpeg's own `-benchmark` line, so callers can report what a clip costs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { withFfmpegSlot } from './ffmpegSlot.ts';

export { FfmpegBusyError, ffmpegLoad } from './ffmpegSlot.ts';

export class FfmpegMissingError extends Error {}
export class FfmpegFailedError extends Error {
  readonly stderr: string;
  /** Killed at its time bound (timeoutMs), not failed by itself. */
  readonly timedOut: boolean;
  constructor(message: string, stderr: string, timedOut = false) {
    super(message);
    this.stderr = stderr;
    this.timedOut = timedOut;
  }
}

let resolved: string | null | undefined;

/** The ffmpeg binary: FFMPEG_PATH, else the one inside @ffmpeg-installer/linux-x64; null when neither exists. */
export function ffmpegPath(): string | null {
  if (resolved !== undefined) return resolved;
  const fromEnv = process.env.FFMPEG_PATH;
  if (fromEnv) {
    resolved = existsSync(fromEnv) ? fromEnv : null;
    return resolved;
  }
  try {
    const pkg = createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/package.json');
    const binary = join(dirname(pkg), 'ffmpeg');
    resolved = existsSync(binary) ? binary : null;
  } catch {
    resolved = null;
  }
  return resolved;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export interface RunOptions {
  /** Bytes written to the child's stdin, then closed. */
  input?: Buffer;
  /** Killed after this many ms (default 30 s). */
  timeoutMs?: number;
  /** Killed when stdout grows past this (default 64 MB). */
  maxOutputBytes?: number;
  /** The kind of job, for the slot's queue limit and wait estimate (default 'other'). */
  kind?: string;
  /** At most this many jobs of the kind wait for the slot; beyond: FfmpegBusyError. */
  queueLimit?: number;
  /** Leaves the queue, or kills the running child, when it fires (rejecting with its reason). */
  signal?: AbortSignal;
}

export interface RunResult {
  output: Buffer;
  /** CPU time of the child (user + system), from its -benchmark line; null when it printed none. */
  cpuMs: number | null;
  wallMs: number;
}

/** Runs ffmpeg with `args` (after -hide_banner -nostdin-like defaults), bounded; rejects on failure. */
export function runFfmpeg(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const binary = ffmpegPath();
  if (!binary) return Promise.reject(new FfmpegMissingError('ffmpeg binary not found'));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return withFfmpegSlot(() => runOnce(binary, args, options), { kind: options.kind ?? 'other', boundMs: timeoutMs, queueLimit: options.queueLimit, signal: options.signal });
}

function runOnce(binary: string, args: string[], options: RunOptions): Promise<RunResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxOutput = options.maxOutputBytes ?? 64 * 1024 * 1024;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', '-nostats', '-loglevel', 'info', '-benchmark', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: string | null = null;
    let timedOut = false;
    const kill = (why: string) => {
      failure ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = failure === null;
      kill(`ffmpeg took longer than ${timeoutMs} ms`);
    }, timeoutMs);
    const signal = options.signal;
    const abort = () => kill('the caller went away');
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutput) return kill(`ffmpeg output over ${maxOutput} bytes`);
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.stdin.on('error', () => undefined); // ffmpeg may stop reading early (it failed); its exit says why.
    child.on('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      reject(new FfmpegFailedError(error.message, stderr));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) return reject(signal.reason);
      if (failure || code !== 0) return reject(new FfmpegFailedError(failure ?? `ffmpeg exited with ${code}`, stderr, timedOut));
      const bench = /utime=([\d.]+)s\s+stime=([\d.]+)s/.exec(stderr);
      const cpuMs = bench ? Math.round((Number(bench[1]) + Number(bench[2])) * 1000) : null;
      resolve({ output: Buffer.concat(chunks), cpuMs, wallMs: Math.round(performance.now() - started) });
    });
    if (options.input) child.stdin.end(options.input);
    else child.stdin.end();
  });
}

export interface ClipSpec {
  width: number;
  height: number;
  fps: number;
}

/** Fragmented MP4 (H.264 baseline, playable by MSE and a plain video element) from raw RGB24 frames. */
export async function encodeClip(frames: Uint8Array[], spec: ClipSpec): Promise<RunResult> {
  const frameBytes = spec.width * spec.height * 3;
  if (frames.length === 0 || frames.some((f) => f.length !== frameBytes)) throw new RangeError('frames must be non-empty RGB24 of the given size');
  const input = Buffer.concat(frames.map((f) => Buffer.from(f.buffer, f.byteOffset, f.byteLength)));
  return runFfmpeg(
    [
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${spec.width}x${spec.height}`, '-r', String(spec.fps), '-i', 'pipe:0'],
      ...['-c:v', 'libx264', '-profile:v', 'baseline', '-preset', 'veryfast', '-tune', 'animation', '-crf', '30', '-threads', '1'],
      ...['-pix_fmt', 'yuv420p', '-g', String(spec.fps), '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4', 'pipe:1'],
    ],
    { input, timeoutMs: 20_000, maxOutputBytes: 16 * 1024 * 1024 },
  );
}

export interface SampleOptions extends Pick<RunOptions, 'timeoutMs' | 'kind' | 'queueLimit' | 'signal'> {
  /** One frame every this many seconds (default 1). */
  everySeconds?: number;
  /** At most this many frames (default 60). */
  maxFrames?: number;
  /** Frames are scaled to this width (height keeps the aspect; default 320). */
  width?: number;
  /** Only the first this many seconds of the video are read (decoding stops there, whatever the file says). */
  maxSeconds?: number;
}

/** JPEG frames sampled from a video file (mp4, webm); rejects when ffmpeg cannot decode it or finds no frame. */
export async function sampleFrames(file: string, options: SampleOptions = {}): Promise<{ frames: Buffer[]; cpuMs: number | null; wallMs: number }> {
  const every = options.everySeconds ?? 1;
  const max = options.maxFrames ?? 60;
  const width = options.width ?? 320;
  const input = options.maxSeconds ? ['-t', String(options.maxSeconds)] : [];
  const result = await runFfmpeg(
    ['-xerror', ...input, '-i', file, '-vf', `fps=1/${every},scale=${width}:-2`, '-frames:v', String(max), '-threads', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '5', 'pipe:1'],
    { timeoutMs: options.timeoutMs ?? 60_000, maxOutputBytes: 32 * 1024 * 1024, kind: options.kind ?? 'sample', queueLimit: options.queueLimit, signal: options.signal },
  );
  const frames = splitJpegs(result.output);
  if (frames.length === 0) throw new FfmpegFailedError('no frame decoded', '');
  return { frames, cpuMs: result.cpuMs, wallMs: result.wallMs };
}

/**
 * Frames sampled from a video file as decoded: lossless PNG files (RGB, the video's own size) written to `dir`, so a
 * frame is scored from the same pixels an image of it would be (no JPEG and no scaling between decoding and
 * scoring). Answers the files in order; rejects when ffmpeg cannot decode the video or finds no frame.
 */
export async function decodeFrames(file: string, dir: string, options: Omit<SampleOptions, 'width'> = {}): Promise<{ files: string[]; cpuMs: number | null; wallMs: number }> {
  const every = options.everySeconds ?? 1;
  const max = options.maxFrames ?? 60;
  const { mkdir, readdir } = await import('node:fs/promises');
  await mkdir(dir, { recursive: true });
  const input = options.maxSeconds ? ['-t', String(options.maxSeconds)] : [];
  const result = await runFfmpeg(
    ['-xerror', ...input, '-i', file, '-vf', `fps=1/${every}`, '-frames:v', String(max), '-threads', '1', '-f', 'image2', '-c:v', 'png', '-pix_fmt', 'rgb24', '-compression_level', '1', join(dir, 'frame-%04d.png')],
    { timeoutMs: options.timeoutMs ?? 60_000, maxOutputBytes: 1024 * 1024, kind: options.kind ?? 'sample', queueLimit: options.queueLimit, signal: options.signal },
  );
  const files = (await readdir(dir)).filter((f) => /^frame-\d{4}\.png$/.test(f)).sort().map((f) => join(dir, f));
  if (files.length === 0) throw new FfmpegFailedError('no frame decoded', '');
  return { files, cpuMs: result.cpuMs, wallMs: result.wallMs };
}

/** Splits a stream of concatenated JPEGs at their end markers (0xFFD9 occurs nowhere else in ffmpeg's output). */
export function splitJpegs(stream: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (let i = 0; i + 1 < stream.length; i++) {
    if (stream[i] === 0xff && stream[i + 1] === 0xd9) {
      out.push(stream.subarray(start, i + 2));
      start = i + 2;
      i += 1;
    }
  }
  return out.filter((f) => f.length > 4 && f[0] === 0xff && f[1] === 0xd8);
}

/** Joins fragmented MP4 files of the same encoding settings into one (stream copy, no re-encode). */
export async function concatClips(files: string[], listFile: string): Promise<RunResult> {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(listFile, files.map((f) => `file '${f.replaceAll("'", "'\\''")}'`).join('\n'));
  return runFfmpeg(['-f', 'concat', '-safe', '0', '-i', listFile, '-c', 'copy', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4', 'pipe:1'], {
    timeoutMs: 60_000,
    maxOutputBytes: 256 * 1024 * 1024,
  });
}
