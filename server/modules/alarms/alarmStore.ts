// Alarm snapshots and evidence images on disk, and the latest seq. Ingest writes the snapshot first and then the
// row (alarmWriter.ts): a crash between the two leaves at most an unreferenced file, never a row without its image.
import { randomUUID } from 'node:crypto';
import { close, fdatasync, open, write, writeFile } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { candidateKeys } from '../retrieval/candidateKeys.ts';
import { cropIndexFor } from '../retrieval/cropIndex.ts';
import { dayStamp } from '../../http/format.ts';
import { erasePacked, isPackedPath, packImage, readPacked, removeErasedPacks } from './snapshotPacks.ts';

/** The highest seq committed so far (deleted alarms included: their seq was assigned). */
export async function latestSeq(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('alarms').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

// The callback fs API: about half the CPU of fs/promises FileHandles per file, and ingest writes hundreds a second.
const writeFileCb = promisify(writeFile);
const openCb = promisify(open);
const writeCb = promisify(write);
const datasyncCb = promisify(fdatasync);
const closeCb = promisify(close);

async function writeDurably(path: string, bytes: Buffer): Promise<void> {
  const fd = await openCb(path, 'wx');
  try {
    const { bytesWritten } = await writeCb(fd, bytes);
    if (bytesWritten !== bytes.length) throw new Error(`short write of ${path}`);
    await datasyncCb(fd);
  } finally {
    await closeCb(fd);
  }
}

/** Day directories already created (one mkdir per day, not per image). */
const knownDirs = new Set<string>();

/**
 * Stores an image and answers its path relative to <dataDir>/files (served under /files/ without a token, so the
 * path is random: a v4 UUID's 122 random bits, from Node's entropy cache). Alarm snapshots go into packs
 * (snapshotPacks.ts); evidence images are files of their own, <dataDir>/files/alarm/YYYYMMDD/<random>.<ext>.
 * `durable` flushes the image to disk before answering: on PostgreSQL an acknowledged row survives a power loss, so
 * its image must too; embedded PGlite runs without fsync (STACK.md), and a process crash keeps the page cache anyway.
 */
export async function writeImageFile(
  dataDir: string,
  area: 'alarms' | 'alarm',
  bytes: Buffer,
  extension: string,
  durable: boolean,
): Promise<string> {
  if (area === 'alarms') return packImage(dataDir, bytes, extension, durable);
  const relative = `${area}/${dayStamp()}/${randomUUID().replaceAll('-', '')}.${extension}`;
  const absolute = join(dataDir, 'files', relative);
  const dir = dirname(absolute);
  if (!knownDirs.has(dir)) {
    await mkdir(dir, { recursive: true });
    knownDirs.add(dir);
  }
  const write = () => (durable ? writeDurably(absolute, bytes) : writeFileCb(absolute, bytes, { flag: 'wx' }));
  await write().catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    // The directory went away (cleaned up by hand): create it again.
    await mkdir(dir, { recursive: true });
    await write();
  });
  return relative;
}

/** A stored image's bytes (packed or a file of its own); an error with code ENOENT when it is not there. */
export function readImage(dataDir: string, relative: string): Promise<Buffer> {
  return isPackedPath(relative) ? readPacked(dataDir, relative) : readFile(join(dataDir, 'files', relative));
}

export async function removeImageFile(dataDir: string, relative: string | null | undefined): Promise<void> {
  if (!relative) return;
  if (isPackedPath(relative)) await erasePacked(dataDir, relative);
  else await rm(join(dataDir, 'files', relative), { force: true });
}

/** Removes the snapshot files of alarms deleted more than `olderThanMs` ago (the "later cleanup" of deletes). */
export async function purgeDeletedImages(db: Kysely<Database>, dataDir: string, olderThanMs: number): Promise<number> {
  const rows = await db
    .selectFrom('alarms')
    .select(['id', 'imagePath', 'boxX', 'boxY', 'boxW', 'boxH', 'imageWidth', 'imageHeight'])
    .where('deletedAt', '<', new Date(Date.now() - olderThanMs))
    .where('imagePath', 'is not', null)
    .limit(1000)
    .execute();
  for (const row of rows) {
    await removeImageFile(dataDir, row.imagePath);
    // The snapshot's retrieval vectors go with it: its objects' crops (and the whole-and-box vectors an alarm
    // stored before migration 086 had), in the database and in this process's memory.
    await db.deleteFrom('retrievalCrops').where('alarmId', '=', row.id).execute();
    cropIndexFor(db).forget([row.id]);
    const keys = candidateKeys(row);
    if (keys) await db.deleteFrom('imageEmbeddings').where('sha256', 'in', [keys.scene, keys.crop]).execute();
    await db.updateTable('alarms').set({ imagePath: null }).where('id', '=', row.id).execute();
  }
  // A past day's pack goes once every image in it is erased.
  await removeErasedPacks(dataDir, rows.map((r) => r.imagePath!));
  return rows.length;
}
