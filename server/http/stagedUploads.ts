// Large uploads (zips, videos, model files) are streamed to a private folder, <DATA_DIR>/tmp — never under files/,
// which /files/ serves — while their size, first bytes and SHA-256 are taken on the way. They are checked there and
// either moved into files/ when accepted (promoteStaged) or removed: a refused, failed or abandoned upload leaves
// nothing behind, and no upload is ever held whole in memory.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ApiError } from './apiError.ts';
import { asClientError } from './clientErrors.ts';
import { humanSize } from './uploads.ts';

/** How many first bytes are kept for the content checks (magic numbers, tar's header at 257). */
export const HEAD_BYTES = 512;
/** Staged files older than this are a crashed server's leftovers (no upload takes a day). */
const STALE_MS = 24 * 3600_000;

export interface StagedFile {
  /** Absolute path under <DATA_DIR>/tmp. */
  path: string;
  size: number;
  head: Buffer;
  sha256: string;
}

export interface StageOptions {
  maxBytes: number;
  /** Name prefix and extension of the staged file (for a person reading the folder). */
  prefix: string;
  extension: string;
  signal?: AbortSignal;
  /** The message key of the 413 (default upload.tooLarge with {max}). */
  tooLarge?: () => ApiError;
}

export function stagingDir(dataDir: string): string {
  return join(dataDir, 'tmp');
}

/** A fresh private path for a staged file (the folder is made, readable by the server's user only). */
export function stagingPath(dataDir: string, prefix: string, extension: string): string {
  const dir = stagingDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return join(dir, `${prefix}-${randomBytes(8).toString('hex')}.${extension}`);
}

/** Streams one file part to a staged file; on any failure the file is removed and the reason thrown as a 4xx. */
export async function stageFile(part: MultipartFile, dataDir: string, options: StageOptions): Promise<StagedFile> {
  const path = stagingPath(dataDir, options.prefix, options.extension);
  const tooLarge = options.tooLarge ?? (() => new ApiError(413, 'upload.tooLarge', { max: humanSize(options.maxBytes) }));
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > options.maxBytes) return done(tooLarge());
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, meter, createWriteStream(path, { flags: 'wx', mode: 0o600 }), { signal: options.signal });
    if (part.file.truncated) throw tooLarge();
  } catch (error) {
    rmSync(path, { force: true });
    part.file.resume();
    if (error instanceof ApiError) throw error;
    if (options.signal?.aborted) throw new ApiError(400, 'upload.aborted');
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw asClientError(error, options.maxBytes) ?? new ApiError(400, 'upload.malformed');
  }
  return { path, size, head, sha256: hash.digest('hex') };
}

export async function removeStaged(staged: StagedFile | string | null | undefined): Promise<void> {
  if (!staged) return;
  await rm(typeof staged === 'string' ? staged : staged.path, { force: true });
}

/**
 * Moves an accepted staged file into files/<folder>/ under a name of the server's own; answers the path relative to
 * files/. A rename within DATA_DIR (a copy when tmp/ is another file system).
 */
export async function promoteStaged(staged: StagedFile, dataDir: string, folder: string, extension: string): Promise<string> {
  const relative = `${folder}/${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.${extension}`;
  const target = join(dataDir, 'files', relative);
  mkdirSync(dirname(target), { recursive: true });
  try {
    renameSync(staged.path, target);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EXDEV') throw error;
    await copyFile(staged.path, target);
    await removeStaged(staged);
  }
  return relative;
}

/** Removes staged files a stopped server left (called at start). Answers how many. */
export function sweepStaged(dataDir: string, now = Date.now()): number {
  const dir = stagingDir(dataDir);
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > STALE_MS) {
        rmSync(path, { force: true, recursive: true });
        removed += 1;
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return removed;
}
