// Alarm snapshots packed into append-only files, not one file each. On this kind of machine (ext4) creating a file
// costs ~300 µs of kernel time, whatever its size; at 500 alarms/s that was a fifth of the server's CPU, and on
// PostgreSQL each file also had its own fdatasync. A pack takes the snapshots of a moment in one writev (and one
// fdatasync), ~20 µs an image.
//
// A pack is <dataDir>/packs/alarms/YYYYMMDD/<pack>.pack — outside files/, so the static file server never serves
// it whole. Each record is a header (magic, the image's random token, its length) and the image bytes. An image's
// path names its pack, offset and token: alarms/YYYYMMDD/<pack>/<offset>-<token>.<ext>. It is read only when the
// token at that offset matches, so a path is as unguessable as a random file name was, and knowing one image's
// path gives none of its neighbours. Erasing a record zeroes its header's magic and token and its bytes (the
// length stays, so a pack can still be walked); a past day's pack whose records are all erased is removed.
//
// Every server process appends to packs of its own (random names), so instances sharing a data directory never
// write to the same file; a process that stops leaves its pack as written, and the next one starts a new pack.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { close, fdatasync, open, read, unlink, write, writev } from 'node:fs';
import { mkdir, readdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { dayStamp } from '../../http/format.ts';

const openCb = promisify(open);
const closeCb = promisify(close);
const readCb = promisify(read);
const writeCb = promisify(write);
const writevCb = promisify(writev);
const datasyncCb = promisify(fdatasync);
const unlinkCb = promisify(unlink);

const MAGIC = 0x41524731; // "ARG1"
const HEADER_BYTES = 24; // magic (4), token (16), length (4)
/** A pack is closed and a new one started past this size (or at the day's change). */
const MAX_PACK_BYTES = 256 * 1024 * 1024;
/** The most images one writev takes (two buffers each, under the kernel's IOV_MAX of 1024). */
const MAX_BATCH = 256;
/** A record longer than this is not an image ingest stored: the pack is damaged there. */
const MAX_RECORD_BYTES = 64 * 1024 * 1024;

/** alarms/YYYYMMDD/<pack>/<offset>-<token>.<ext> */
const PACKED_PATH = /^alarms\/(\d{8})\/([0-9a-f]{16})\/(\d{1,12})-([0-9a-f]{32})\.([a-z0-9]{1,5})$/;

interface PackedRef {
  file: string;
  offset: number;
  token: Buffer;
}

export function isPackedPath(relative: string): boolean {
  return PACKED_PATH.test(relative);
}

function parse(dataDir: string, relative: string): PackedRef | null {
  const m = PACKED_PATH.exec(relative);
  if (!m) return null;
  return { file: packFile(dataDir, m[1], m[2]), offset: Number(m[3]), token: Buffer.from(m[4], 'hex') };
}

const packsRoot = (dataDir: string) => join(dataDir, 'packs', 'alarms');
const packFile = (dataDir: string, day: string, pack: string) => join(packsRoot(dataDir), day, `${pack}.pack`);

function notFound(relative: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`no stored image ${relative}`), { code: 'ENOENT' });
}

interface Pending {
  bytes: Buffer;
  extension: string;
  durable: boolean;
  resolve(relative: string): void;
  reject(error: unknown): void;
}

interface OpenPack {
  day: string;
  id: string;
  fd: number;
  size: number;
}

class PackWriter {
  #dataDir: string;
  #queue: Pending[] = [];
  #pack: OpenPack | undefined;
  #flushing: Promise<void> | undefined;

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
  }

  append(bytes: Buffer, extension: string, durable: boolean): Promise<string> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ bytes, extension, durable, resolve, reject });
      // One turn of the event loop first, so the images of requests already under way go in the same writev.
      this.#flushing ??= new Promise<void>((done) => setImmediate(done)).then(() => this.#drain());
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#write(this.#queue.splice(0, MAX_BATCH));
    } finally {
      this.#flushing = undefined;
    }
  }

  async #write(batch: Pending[]): Promise<void> {
    try {
      const total = batch.reduce((sum, p) => sum + HEADER_BYTES + p.bytes.length, 0);
      const pack = await this.#packFor(total);
      const start = pack.size;
      // The space is taken before the write: a failed write leaves a gap that is never reused, not a torn record.
      pack.size += total;
      const buffers: Buffer[] = [];
      const paths: string[] = [];
      let offset = start;
      for (const p of batch) {
        const token = randomUUID().replaceAll('-', '');
        const header = Buffer.allocUnsafe(HEADER_BYTES);
        header.writeUInt32BE(MAGIC, 0);
        header.write(token, 4, 'hex');
        header.writeUInt32BE(p.bytes.length, 20);
        buffers.push(header, p.bytes);
        paths.push(`alarms/${pack.day}/${pack.id}/${offset}-${token}.${p.extension}`);
        offset += HEADER_BYTES + p.bytes.length;
      }
      const { bytesWritten: written } = await writevCb(pack.fd, buffers, start);
      if (written !== total) throw new Error(`short write to pack ${pack.id}: ${written} of ${total} bytes`);
      // On PostgreSQL an acknowledged row survives a power loss, so its image must too: one flush for the batch.
      if (batch.some((p) => p.durable)) await datasyncCb(pack.fd);
      for (const [i, p] of batch.entries()) p.resolve(paths[i]);
    } catch (error) {
      // Whatever failed (a full disk, say), the next batch starts a new pack.
      await this.#closePack();
      for (const p of batch) p.reject(error);
    }
  }

  /** The pack to append `bytes` to: today's, with room for them (they go in a new one otherwise). */
  async #packFor(bytes: number): Promise<OpenPack> {
    const day = dayStamp();
    const pack = this.#pack;
    if (pack && pack.day === day && (pack.size === 0 || pack.size + bytes <= MAX_PACK_BYTES)) return pack;
    await this.#closePack();
    const id = randomBytes(8).toString('hex');
    const dir = join(packsRoot(this.#dataDir), day);
    await mkdir(dir, { recursive: true });
    const fd = await openCb(join(dir, `${id}.pack`), 'wx');
    this.#pack = { day, id, fd, size: 0 };
    return this.#pack;
  }

  async #closePack(): Promise<void> {
    const pack = this.#pack;
    this.#pack = undefined;
    if (pack) await closeCb(pack.fd).catch(() => undefined);
  }

  async close(): Promise<void> {
    while (this.#flushing) await this.#flushing;
    await this.#closePack();
  }
}

const writers = new Map<string, PackWriter>();

/** Appends an alarm snapshot to this process's pack and answers its path (relative to files/, as a file's would be). */
export function packImage(dataDir: string, bytes: Buffer, extension: string, durable: boolean): Promise<string> {
  let writer = writers.get(dataDir);
  if (!writer) {
    writer = new PackWriter(dataDir);
    writers.set(dataDir, writer);
  }
  return writer.append(bytes, extension, durable);
}

/** Closes the data directory's pack (the server's close): images still queued are written first. */
export async function closePacks(dataDir: string): Promise<void> {
  const writer = writers.get(dataDir);
  writers.delete(dataDir);
  await writer?.close();
}

/** The header of the record at `ref`, when it is the live record its path names. */
async function liveRecord(fd: number, ref: PackedRef): Promise<number | null> {
  const header = Buffer.alloc(HEADER_BYTES);
  const { bytesRead } = await readCb(fd, header, 0, HEADER_BYTES, ref.offset);
  if (bytesRead !== HEADER_BYTES || header.readUInt32BE(0) !== MAGIC) return null;
  if (!timingSafeEqual(header.subarray(4, 20), ref.token)) return null;
  const length = header.readUInt32BE(20);
  return length <= MAX_RECORD_BYTES ? length : null;
}

/** A packed image's bytes; an error with code ENOENT when its pack, record or token is not there (or erased). */
export async function readPacked(dataDir: string, relative: string): Promise<Buffer> {
  const ref = parse(dataDir, relative);
  if (!ref) throw notFound(relative);
  const fd = await openCb(ref.file, 'r');
  try {
    const length = await liveRecord(fd, ref);
    if (length === null) throw notFound(relative);
    const bytes = Buffer.allocUnsafe(length);
    const { bytesRead } = await readCb(fd, bytes, 0, length, ref.offset + HEADER_BYTES);
    if (bytesRead !== length) throw notFound(relative);
    return bytes;
  } finally {
    await closeCb(fd);
  }
}

/** Erases a packed image (its magic, token and bytes become zeros); nothing when it is already gone. */
export async function erasePacked(dataDir: string, relative: string): Promise<void> {
  const ref = parse(dataDir, relative);
  if (!ref) return;
  const fd = await openCb(ref.file, 'r+').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (fd === null) return;
  try {
    const length = await liveRecord(fd, ref);
    if (length === null) return;
    await writeCb(fd, Buffer.alloc(20), 0, 20, ref.offset);
    const zeros = Buffer.alloc(Math.min(length, 1024 * 1024));
    for (let done = 0; done < length; done += zeros.length) {
      await writeCb(fd, zeros, 0, Math.min(zeros.length, length - done), ref.offset + HEADER_BYTES + done);
    }
  } finally {
    await closeCb(fd);
  }
}

/** A pack's records: live (the magic), erased (zeros), or null when it is damaged or partly written there. */
async function countRecords(file: string): Promise<{ live: number; erased: number } | null> {
  const fd = await openCb(file, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    const counts = { live: 0, erased: 0 };
    for (let offset = 0; ; ) {
      const { bytesRead } = await readCb(fd, header, 0, HEADER_BYTES, offset);
      if (bytesRead === 0) return counts;
      const magic = header.readUInt32BE(0);
      const length = header.readUInt32BE(20);
      if (bytesRead !== HEADER_BYTES || (magic !== 0 && magic !== MAGIC) || length > MAX_RECORD_BYTES) return null;
      if (magic === MAGIC) counts.live += 1;
      else counts.erased += 1;
      offset += HEADER_BYTES + length;
    }
  } finally {
    await closeCb(fd);
  }
}

/** The live images in all the data directory's packs (damaged packs count as none): what the tests and upkeep see. */
export async function packedImageCount(dataDir: string): Promise<number> {
  let live = 0;
  for (const day of await readdir(packsRoot(dataDir)).catch(() => [])) {
    for (const name of await readdir(join(packsRoot(dataDir), day))) {
      live += (await countRecords(join(packsRoot(dataDir), day, name)))?.live ?? 0;
    }
  }
  return live;
}

/**
 * Removes the packs of past days whose records are all erased (today's may still be appended to, by this process
 * or another sharing the data directory), and their emptied day folders. Answers how many packs went.
 */
export async function removeErasedPacks(dataDir: string, relatives: Iterable<string>): Promise<number> {
  const today = dayStamp();
  const packs = new Set<string>();
  for (const relative of relatives) {
    const m = PACKED_PATH.exec(relative);
    if (m && m[1] < today) packs.add(`${m[1]}/${m[2]}`);
  }
  let removed = 0;
  for (const pack of packs) {
    const [day, id] = pack.split('/');
    const file = packFile(dataDir, day, id);
    const counts = await countRecords(file).catch(() => null);
    // A damaged or partly written pack is kept: it may hold images that cannot be walked to.
    if (!counts || counts.live > 0) continue;
    await unlinkCb(file).catch(() => undefined);
    removed += 1;
    const dir = join(packsRoot(dataDir), day);
    if ((await readdir(dir).catch(() => ['?'])).length === 0) await rmdir(dir).catch(() => undefined);
  }
  return removed;
}
