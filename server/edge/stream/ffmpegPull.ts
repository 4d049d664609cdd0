// One ffmpeg process pulling one camera: the single upstream connection, with two outputs —
//   pipe:1  fragmented MP4, the video stream-copied when it is H.264 (else libx264 ultrafast, a keyframe a second),
//           fragments of at most 0.5 s, for the pre-roll ring, live view and continuous recording;
//   pipe:3  decoded frames at the detection rate, scaled to fit detectWidth², as PAM (RGB) for the detector.
// ffmpeg's stderr says what the input is (codec, size) before it decodes much: a stream larger than the bounds is
// stopped there. What ends the process is classified: `fatal` (not a video, too large, unparseable output — the
// stream machine's error state) or not (connection refused, lost, ended — it reconnects).
import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { Fmp4Parser, type InitInfo, type RawFragment } from './fmp4.ts';
import type { StreamErrorKind } from '../types.ts';
import { PamParser, type PamFrame } from './pam.ts';
import { type CheckedStream, inputArgs, redactText, type StreamKind, type Transport } from './streamUrl.ts';

/** Largest input accepted (docs/edge-runtime.md): 4096×2160 pixels. */
export const MAX_INPUT = { width: 4096, height: 2160 };
/** Largest single allocation ffmpeg may make: a frame of the largest input with room, not a hostile header's. */
const MAX_ALLOC = 96 * 1024 * 1024;
const STDERR_KEEP = 4000;

export interface ProbedInput {
  codec: string;
  width: number;
  height: number;
}

export interface PullOptions {
  ffmpegPath: string;
  stream: CheckedStream;
  transport: Transport;
  /** Frames per second on pipe:3. */
  frameFps: number;
  detectWidth: number;
  /** Re-encode instead of copying (the input is not H.264). */
  transcode: boolean;
}

export interface PullHandlers {
  onProbe(input: ProbedInput): void;
  onInit(init: Buffer, info: InitInfo): void;
  onFragment(fragment: RawFragment): void;
  onFrame(frame: PamFrame): void;
  /** The process ended by itself or was refused: why (words and kind), and whether retrying the same way can help. */
  onEnd(reason: string, fatal: boolean, kind: StreamErrorKind): void;
}

export interface Pull {
  readonly pid: number | undefined;
  /** Ends the process; no onEnd follows. */
  kill(): void;
}

/** The whole ffmpeg command line (after the binary) for a pull. */
export function pullArgs(o: Omit<PullOptions, 'ffmpegPath'>): string[] {
  const video = o.transcode
    ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-force_key_frames', 'expr:gte(t,n_forced*1)', '-threads', '1']
    : ['-c:v', 'copy'];
  const d = o.detectWidth;
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'info', '-nostats', '-max_alloc', String(MAX_ALLOC), '-threads', '1'],
    ...inputArgs(o.stream, o.transport),
    ...['-map', '0:v:0', ...video, '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '500000', 'pipe:1'],
    // Scaled down to fit detectWidth² (never up: a small camera's frames stay their size).
    ...['-map', '0:v:0', '-vf', `fps=${o.frameFps},scale=w='min(iw,${d})':h='min(ih,${d})':force_original_aspect_ratio=decrease`, '-f', 'image2pipe', '-c:v', 'pam', 'pipe:3'],
  ];
}

/** The input's video codec and size from ffmpeg's report of its input (before "Output #0"). */
export function probeFromStderr(text: string): ProbedInput | null {
  const input = text.split(/^Output #0/m)[0];
  const m = /Stream #0:\d+[^:\n]*: Video: ([a-z0-9_]+)[^\n]*?, (\d+)x(\d+)/.exec(input);
  return m ? { codec: m[1], width: Number(m[2]), height: Number(m[3]) } : null;
}

// What says the source is not a usable video (an error, retried only after a minute). A source that sends nothing
// ("could not find codec parameters") is not among them: it is a stall, and reconnects.
const FATAL = [
  /Invalid data found when processing input/i,
  /does not contain any stream/i,
  /Stream map '0:v:0' matches no streams/i,
  /Unsupported codec|Decoder \(codec [^)]*\) not found/i,
];

/** ffmpeg 4.1 says only this when an RTSP server refuses DESCRIBE (404: no stream at that path, now). */
const RTSP_REFUSED = /Invalid data found when processing input/i;

/**
 * Why ffmpeg ended, from the end of its stderr: its last error line, credentials masked, at most 200 chars. For
 * RTSP, "invalid data" is how ffmpeg reports a refused DESCRIBE — a camera without its stream for now, which
 * reconnects, not a stream that is no video.
 */
export function endReason(
  stderr: string,
  code: number | null,
  signal: string | null,
  kind: StreamKind = 'http',
): { reason: string; fatal: boolean; kind: StreamErrorKind } {
  if (kind === 'rtsp' && RTSP_REFUSED.test(stderr)) {
    return { reason: 'the camera did not describe its stream (no stream at that path now)', fatal: false, kind: 'noStream' };
  }
  const fatal = FATAL.some((re) => re.test(stderr));
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^(Input|Output|Stream|Duration|Metadata|\w+\s+:\s)/.test(l) && !l.startsWith('frame='));
  const last = lines.filter((l) => /error|refused|timed out|not found|invalid|unauthori[sz]ed|failed|forbidden|\b[45]\d\d\b|end of file|no route/i.test(l)).at(-1);
  const why = last ?? (signal ? `ffmpeg ended by ${signal}` : `ffmpeg exited with ${code}`);
  return { reason: redactText(why).slice(0, 200), fatal, kind: fatal ? 'notVideo' : 'ended' };
}

export function startPull(options: PullOptions, handlers: PullHandlers): Pull {
  const args = pullArgs(options);
  const child: ChildProcess = spawn(options.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
  let ended = false;
  let stderr = '';
  let probed = false;
  const end = (reason: string, fatal: boolean, kind: StreamErrorKind) => {
    if (ended) return;
    ended = true;
    child.kill('SIGKILL');
    handlers.onEnd(reason, fatal, kind);
  };
  const guard = (work: () => void) => {
    try {
      work();
    } catch (error) {
      end(redactText((error as Error).message).slice(0, 200), true, 'notVideo');
    }
  };
  const fmp4 = new Fmp4Parser({ onInit: handlers.onInit, onFragment: handlers.onFragment });
  const pam = new PamParser({ maxPixels: options.detectWidth * options.detectWidth, onFrame: handlers.onFrame });
  child.stdout?.on('data', (chunk: Buffer) => !ended && guard(() => fmp4.push(chunk)));
  (child.stdio[3] as Readable | null)?.on('data', (chunk: Buffer) => !ended && guard(() => pam.push(chunk)));
  for (const s of [child.stdout, child.stdio[3] as Readable | null]) s?.on('error', () => undefined);
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('latin1')).slice(-STDERR_KEEP);
    if (probed || ended) return;
    const input = probeFromStderr(stderr);
    if (!input) return;
    probed = true;
    if (input.width > MAX_INPUT.width || input.height > MAX_INPUT.height) {
      end(`the stream is ${input.width}×${input.height}, larger than ${MAX_INPUT.width}×${MAX_INPUT.height}`, true, 'tooLarge');
      return;
    }
    handlers.onProbe(input);
  });
  child.on('error', (error) => end(`ffmpeg could not start: ${error.message}`, true, 'ended'));
  child.on('close', (code, signal) => {
    if (ended) return;
    const why = endReason(stderr, code, signal, options.stream.kind);
    end(why.reason, why.fatal, why.kind);
  });
  return {
    pid: child.pid,
    kill() {
      ended = true;
      child.kill('SIGKILL');
    },
  };
}
