// Whether the configured alarm sound (system config audioUrl) is there to be played. A browser logs every failed
// load of a sound as a console error, so the console asks first (SystemConfig.audioAvailable) and, when the file
// is missing, plays its generated beep without requesting anything.
import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { ServerConfig } from '../../config.ts';

/** A file under root named by a URL path; null when the path leaves root or is not a file there. */
function fileUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const target = resolve(join(base, decoded));
  if (!target.startsWith(base + sep)) return null;
  return existsSync(target) && statSync(target).isFile() ? target : null;
}

/**
 * False for an empty URL and for a path this server would serve (its console files, or stored files under
 * /files/) that does not exist; true for a URL elsewhere, and for a console path when this server serves no console
 * (the files then live with whatever serves it).
 */
export function alarmSoundAvailable(audioUrl: string, config: Pick<ServerConfig, 'staticDir' | 'dataDir'>): boolean {
  const url = audioUrl.trim();
  if (!url) return false;
  if (!url.startsWith('/') || url.startsWith('//')) return true;
  const path = url.split(/[?#]/)[0];
  if (path.startsWith('/files/')) return fileUnder(join(config.dataDir, 'files'), path.slice('/files/'.length)) !== null;
  const console = config.staticDir && existsSync(join(config.staticDir, 'index.html')) ? config.staticDir : null;
  if (!console) return true;
  return fileUnder(console, path.slice(1)) !== null;
}
