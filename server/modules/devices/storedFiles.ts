// Files the server keeps, addressed by their path relative to their root, which is what the database stores. Most
// live under <dataDir>/files and /files/ serves them by name (snapshots, offline videos, work-clothes pictures). The
// training area's images — training samples, evaluation images, verification images and video frames (the folders
// of PRIVATE_FOLDERS) — live under <dataDir>/private instead, which nothing serves by name: a screen gets them only
// through a short-lived signed URL issued to a user allowed to see them (server/http/signedFiles.ts).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** First path segments whose files are private (relative paths keep their form: training/12/abc.png). */
export const PRIVATE_FOLDERS = ['training', 'evaluation', 'verify'] as const;

export function filesRoot(dataDir: string): string {
  return join(dataDir, 'files');
}

export function privateRoot(dataDir: string): string {
  return join(dataDir, 'private');
}

export function isPrivatePath(relative: string): boolean {
  return PRIVATE_FOLDERS.some((folder) => relative.startsWith(`${folder}/`));
}

/** The absolute path of a stored file, under its root; null for a path that would leave it. */
export function storedFilePath(dataDir: string, relative: string): string {
  const root = isPrivatePath(relative) ? privateRoot(dataDir) : filesRoot(dataDir);
  const absolute = normalize(join(root, relative));
  if (!absolute.startsWith(`${root}/`)) throw new Error('a stored file path leaves its folder');
  return absolute;
}

/** Writes bytes under <folder>/ with a random name; answers the relative path. */
export function storeFile(dataDir: string, folder: string, extension: string, bytes: Buffer | Uint8Array): string {
  const relative = `${folder}/${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.${extension}`;
  const absolute = storedFilePath(dataDir, relative);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, bytes);
  return relative;
}

/** Removes a stored file; a path outside its root or a missing file is ignored. */
export function removeStoredFile(dataDir: string, relative: string | null | undefined): void {
  if (!relative) return;
  let absolute: string;
  try {
    absolute = storedFilePath(dataDir, relative);
  } catch {
    return;
  }
  rmSync(absolute, { force: true });
}

/** Moves everything under `from` into `to` (renames; a name already at `to` is kept and the older copy dropped). */
function moveTree(from: string, to: string): number {
  let moved = 0;
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    const target = join(to, name);
    if (statSync(source).isDirectory()) {
      moved += moveTree(source, target);
    } else if (existsSync(target)) {
      rmSync(source, { force: true });
    } else {
      renameSync(source, target);
      moved++;
    }
  }
  rmSync(from, { recursive: true, force: true });
  return moved;
}

/**
 * Start-up step: private folders a former version kept under files/ (served by name) are moved under private/.
 * The stored relative paths do not change. Answers how many files were moved.
 */
export function movePrivateFiles(dataDir: string): number {
  let moved = 0;
  for (const folder of PRIVATE_FOLDERS) {
    const old = join(filesRoot(dataDir), folder);
    if (existsSync(old)) moved += moveTree(old, join(privateRoot(dataDir), folder));
  }
  return moved;
}
