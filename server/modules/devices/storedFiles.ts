// Files the device area keeps under <dataDir>/files (snapshots, offline videos, work-clothes pictures), addressed by
// their path relative to that directory, which is what the database stores and /files/ serves.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

export function filesRoot(dataDir: string): string {
  return join(dataDir, 'files');
}

/** Writes bytes under files/<folder>/ with a random name; answers the relative path. */
export function storeFile(dataDir: string, folder: string, extension: string, bytes: Buffer | Uint8Array): string {
  const relative = `${folder}/${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.${extension}`;
  const absolute = join(filesRoot(dataDir), relative);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, bytes);
  return relative;
}

/** Removes a stored file; a path outside files/ or a missing file is ignored. */
export function removeStoredFile(dataDir: string, relative: string | null | undefined): void {
  if (!relative) return;
  const root = filesRoot(dataDir);
  const absolute = normalize(join(root, relative));
  if (!absolute.startsWith(`${root}/`)) return;
  rmSync(absolute, { force: true });
}
