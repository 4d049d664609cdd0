// Helpers of the video validation tests: the multipart form, a start and a poll to the end (in-process), videos made
// by the packaged ffmpeg from its own colour source, and a job that holds the ffmpeg slot.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from './testServer.ts';
import { call } from './client.ts';
import { runFfmpeg } from '../../../server/media/ffmpeg.ts';

export function videoForm(fields: Record<string, string>, file?: { bytes: Buffer; type: string }) {
  const boundary = `----argus${Math.random().toString(16).slice(2)}`;
  const head: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) head.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) head.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="v.mp4"\r\nContent-Type: ${file.type}\r\n\r\n`));
  const tail = Buffer.from(`${file ? '\r\n' : ''}--${boundary}--\r\n`);
  const payload = Buffer.concat([...head, file?.bytes ?? Buffer.alloc(0), tail]);
  return { payload, head: Buffer.concat(head), tail, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function startValidation(server: TestServer, token: string, fields: Record<string, string>, file?: { bytes: Buffer; type: string }) {
  const body = videoForm(fields, file);
  const res = await server.app.inject({ method: 'POST', url: '/api/evaluate/video', headers: { token, 'content-type': body.contentType, 'accept-language': 'en' }, payload: body.payload });
  return { status: res.statusCode, headers: res.headers, ...(JSON.parse(res.body) as { code: number; msg: string; data: any }) };
}

export async function finishedValidation(server: TestServer, token: string, id: number, poll: (read: () => Promise<string>) => Promise<unknown>) {
  await poll(async () => (await call(server.app, 'GET', `/evaluate/video/${id}`, { token })).json.data.state);
  return (await call(server.app, 'GET', `/evaluate/video/${id}`, { token })).json.data;
}

/**
 * An H.264 MP4 of a still grey picture, `seconds` long at `fps` (cheap to make and to decode); `fragmented` writes
 * it as a recording does, with an empty movie header that does not say the duration.
 */
export async function stillVideo(seconds: number, fps: number, fragmented: boolean): Promise<Buffer> {
  const layout = fragmented ? ['-movflags', 'frag_keyframe+empty_moov+default_base_moof'] : ['-movflags', 'faststart'];
  // A plain MP4 writes its header after the data: it needs a file, not a pipe.
  const dir = mkdtempSync(join(tmpdir(), 'argus-still-'));
  const file = join(dir, 'still.mp4');
  try {
    await runFfmpeg(
      [
        ...['-f', 'lavfi', '-i', `color=c=gray:s=64x48:r=${fps}`, '-t', String(seconds)],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(fps * 60), '-pix_fmt', 'yuv420p', '-threads', '1', ...layout, '-f', 'mp4', '-y', file],
      ],
      { timeoutMs: 60_000, kind: 'test' },
    );
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An ffmpeg job that holds the slot (a colour source read in real time, one frame a second) until `signal` fires. */
export function holdFfmpegSlot(signal: AbortSignal): Promise<unknown> {
  return runFfmpeg(['-re', '-f', 'lavfi', '-i', 'color=c=black:s=16x16:r=1', '-f', 'null', '-'], { timeoutMs: 300_000, kind: 'test-blocker', signal }).catch(() => undefined);
}
