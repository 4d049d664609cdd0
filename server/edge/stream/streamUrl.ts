// What a camera's stream URL may be before ffmpeg sees it, and the ffmpeg input options each kind needs.
// Schemes: rtsp, rtsps, http, https, and file — a local video under the administrator's media folder, played in a
// loop. ffmpeg is given only the protocols its scheme needs (-protocol_whitelist), so a playlist or a redirect
// cannot take it to file://, a data: URL or another protocol. Addresses are checked by the platform's outbound
// allow-list (server/http/outbound.ts, purpose camera) where it is available; see checkCameraUrl.
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export type StreamKind = 'rtsp' | 'http' | 'file';
export type Transport = 'auto' | 'tcp' | 'udp';

export interface CheckedStream {
  kind: StreamKind;
  /** What ffmpeg opens: the URL, or the file's absolute path. */
  input: string;
  /** The URL without its credentials, for messages and logs. */
  redacted: string;
}

export class StreamUrlError extends Error {}

const SCHEMES: Record<string, StreamKind> = { 'rtsp:': 'rtsp', 'rtsps:': 'rtsp', 'http:': 'http', 'https:': 'http', 'file:': 'file' };

/** The URL with any user and password replaced by *** (as the platform masks them), or a placeholder. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username || u.password) {
      u.username = '***';
      u.password = u.password ? '***' : '';
    }
    return u.toString();
  } catch {
    return '(unreadable URL)';
  }
}

/** Text from ffmpeg or an error with every credential-bearing URL in it masked. */
export function redactText(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***:***@');
}

/**
 * Checks a stream URL before ffmpeg sees it: scheme on the list, a file only under mediaRoot (after resolving
 * links), no whitespace or control characters. Throws StreamUrlError saying why.
 */
export function checkCameraUrl(url: string, mediaRoot: string): CheckedStream {
  if (url.length > 2048 || /[\s\p{Cc}]/u.test(url)) throw new StreamUrlError('the stream URL has spaces or control characters');
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new StreamUrlError('the stream URL cannot be read');
  }
  const kind = SCHEMES[u.protocol];
  if (!kind) throw new StreamUrlError(`the scheme ${u.protocol.replace(':', '')} is not allowed for a camera (rtsp, rtsps, http, https, file)`);
  if (kind === 'file') return { kind, input: fileUnder(u, mediaRoot), redacted: u.toString() };
  if (!u.hostname) throw new StreamUrlError('the stream URL names no host');
  return { kind, input: u.toString(), redacted: redactUrl(url) };
}

function fileUnder(u: URL, mediaRoot: string): string {
  if (u.host && u.host !== 'localhost') throw new StreamUrlError('a file stream must be on this machine (file:///…)');
  let path: string;
  try {
    path = realpathSync(fileURLToPath(u));
  } catch {
    throw new StreamUrlError('the video file does not exist');
  }
  let root: string;
  try {
    root = realpathSync(resolve(mediaRoot));
  } catch {
    throw new StreamUrlError('the media folder does not exist');
  }
  const rel = relative(root, path);
  if (!rel || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) throw new StreamUrlError('the video file is outside the media folder');
  return path;
}

/** Seconds without a byte before ffmpeg gives up on a read itself (the stream machine stalls earlier). */
const IO_TIMEOUT_US = 15_000_000;

/** ffmpeg's input options for the stream, ending with -i. */
export function inputArgs(stream: CheckedStream, transport: Transport): string[] {
  // Bounded probing: a hostile stream cannot make ffmpeg read or buffer much before it decides.
  const probe = ['-probesize', '2000000', '-analyzeduration', '3000000', '-fflags', '+discardcorrupt'];
  switch (stream.kind) {
    case 'rtsp': {
      const secure = stream.input.startsWith('rtsps:');
      return [
        ...probe,
        '-protocol_whitelist',
        secure ? 'rtsp,rtsps,tls,tcp,udp,rtp' : 'rtsp,tcp,udp,rtp',
        ...(transport === 'auto' ? [] : ['-rtsp_transport', transport]),
        '-stimeout',
        String(IO_TIMEOUT_US),
        '-i',
        stream.input,
      ];
    }
    case 'http':
      return [...probe, '-protocol_whitelist', 'http,https,tls,tcp', '-rw_timeout', String(IO_TIMEOUT_US), '-i', stream.input];
    case 'file':
      // A file plays in a loop at its own rate, like a camera.
      return [...probe, '-protocol_whitelist', 'file', '-stream_loop', '-1', '-re', '-i', stream.input];
  }
}
