// Reads a training zip safely. Everything is decided from the central directory and the local headers before any
// entry is inflated: the directory's size is checked against the file and a fixed cap before it is read; the entry
// count, each entry's declared uncompressed size and their total are bounded (a zip bomb is refused without being
// inflated); names that are absolute or climb with `..` are refused; encrypted, multi-part and zip64 archives are
// refused; entries whose bytes overlap or that point at the same data are refused (a directory of 100 entries aimed
// at one entry is not 100 images), and so is an entry holding more compressed bytes than any compressor writes for
// its size (padding that costs inflate time and yields nothing). An entry is then inflated by the streaming zlib —
// on the thread pool, in 64 kB steps, so the event loop never waits for it — with its declared size as a hard output
// limit and its CRC-32 checked; an AbortSignal stops it between steps. Entry names never become file paths: the
// caller stores images under names of its own.
import type { FileHandle } from 'node:fs/promises';
import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { ApiError } from '../../http/apiError.ts';
import { stopIfGone } from '../../http/formParts.ts';
import { humanSize } from '../../http/uploads.ts';

export const MAX_ZIP_ENTRIES = 400;
export const MAX_ENTRY_BYTES = 10 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 200 * 1024 * 1024;
/** An entry name longer than this (in bytes) is refused; image names are at most 255 characters. */
export const MAX_NAME_BYTES = 1024;
/**
 * The most central directory read: MAX_ZIP_ENTRIES records of 46 bytes with names of MAX_NAME_BYTES and ordinary
 * extra fields and comments fit in ~500 kB. An end record claiming more is refused before anything is allocated.
 */
export const MAX_CENTRAL_DIRECTORY_BYTES = 1024 * 1024;
/** Bytes read from the file per inflate step. */
const STEP_BYTES = 64 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** Where the entry's data starts (after its local header); set by the layout check. */
  dataOffset: number;
  isDirectory: boolean;
}

const broken = (reason: string) => new ApiError(400, 'training.zipBroken', { reason });
const shown = (name: string) => name.slice(0, 120);

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw broken('truncated');
  return buffer;
}

/** A name that would leave its folder if it were ever joined to a path. */
export function unsafeEntryName(name: string): boolean {
  if (name.includes('\0') || name.includes('\\')) return true;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return true;
  return name.split('/').some((part) => part === '..');
}

/**
 * The most deflate data an encoder writes for `size` bytes: stored blocks cost 5 bytes per 64 kB, zlib's own bound
 * is ~0.03 % over the size; this allows 0.1 % and 64 bytes.
 */
export function deflateBound(size: number): number {
  return size + Math.ceil(size / 1024) + 64;
}

interface EndRecord {
  count: number;
  cdSize: number;
  cdOffset: number;
}

async function readEndRecord(file: FileHandle, fileSize: number): Promise<EndRecord> {
  // End of central directory: 22 bytes plus a comment of at most 65535 bytes, at the end of the file.
  const tailLength = Math.min(fileSize, 22 + 65535);
  if (tailLength < 22) throw broken('no central directory');
  const tailStart = fileSize - tailLength;
  const tail = await readAt(file, tailStart, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw broken('no central directory');
  const disk = tail.readUInt16LE(eocd + 4);
  const cdDisk = tail.readUInt16LE(eocd + 6);
  const onDisk = tail.readUInt16LE(eocd + 8);
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw broken('zip64');
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count) throw broken('multi-part archive');
  if (count > MAX_ZIP_ENTRIES) throw new ApiError(400, 'training.zipTooManyEntries', { count, max: MAX_ZIP_ENTRIES });
  // Checked against the cap and the real file before a byte of it is allocated or read.
  if (cdSize > MAX_CENTRAL_DIRECTORY_BYTES) throw new ApiError(400, 'training.zipDirectoryTooLarge', { size: humanSize(cdSize), max: humanSize(MAX_CENTRAL_DIRECTORY_BYTES) });
  if (cdOffset + cdSize > tailStart + eocd) throw broken('central directory outside the file');
  if (cdSize < count * 46) throw broken('central directory shorter than its entries');
  return { count, cdSize, cdOffset };
}

/** The central directory's entries, with every bound checked and the entries' bytes laid out without overlap. */
export async function readCentralDirectory(file: FileHandle, fileSize: number): Promise<ZipEntry[]> {
  const { count, cdSize, cdOffset } = await readEndRecord(file, fileSize);
  const cd = await readAt(file, cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== 0x02014b50) throw broken('bad central directory entry');
    const flags = cd.readUInt16LE(at + 8);
    const method = cd.readUInt16LE(at + 10);
    const crc = cd.readUInt32LE(at + 16);
    const compressedSize = cd.readUInt32LE(at + 20);
    const size = cd.readUInt32LE(at + 24);
    const nameLength = cd.readUInt16LE(at + 28);
    const extraLength = cd.readUInt16LE(at + 30);
    const commentLength = cd.readUInt16LE(at + 32);
    const localOffset = cd.readUInt32LE(at + 42);
    if (nameLength > MAX_NAME_BYTES) throw broken('entry name too long');
    if (at + 46 + nameLength > cd.length) throw broken('bad central directory entry');
    // Bit 11: the name is UTF-8; otherwise CP437, whose ASCII part is the same (other bytes only matter to the name rule).
    const name = cd.subarray(at + 46, at + 46 + nameLength).toString(flags & 0x800 ? 'utf8' : 'latin1');
    at += 46 + nameLength + extraLength + commentLength;
    if (unsafeEntryName(name)) throw new ApiError(400, 'training.zipTraversal', { entry: shown(name) });
    const isDirectory = name.endsWith('/');
    if (flags & 0x1) throw new ApiError(400, 'training.zipEncrypted', { entry: shown(name) });
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) throw broken('zip64');
    total += size;
    if (size > MAX_ENTRY_BYTES || total > MAX_TOTAL_BYTES) {
      throw new ApiError(400, 'training.zipBomb', { entry: shown(name), size: humanSize(size), max: humanSize(MAX_ENTRY_BYTES), total: humanSize(MAX_TOTAL_BYTES) });
    }
    if (!isDirectory && method !== 0 && method !== 8) throw broken(`compression method ${method}`);
    if (method === 0 && compressedSize !== size) throw broken(`stored entry ${shown(name)} with two sizes`);
    if (method === 8 && compressedSize > deflateBound(size)) {
      throw new ApiError(400, 'training.zipPadded', { entry: shown(name), compressed: humanSize(compressedSize), size: humanSize(size) });
    }
    entries.push({ name, method, flags, crc32: crc, compressedSize, size, localOffset, dataOffset: -1, isDirectory });
  }
  if (at > cd.length) throw broken('bad central directory entry');
  await checkLayout(file, entries, cdOffset);
  return entries;
}

/**
 * Reads each entry's local header and refuses entries outside the data area (before the central directory) and
 * entries whose header-and-data ranges overlap or start at the same offset.
 */
async function checkLayout(file: FileHandle, entries: ZipEntry[], cdOffset: number): Promise<void> {
  const header = Buffer.alloc(30);
  for (const entry of entries) {
    if (entry.localOffset + 30 > cdOffset) throw broken(`entry ${shown(entry.name)} outside the data`);
    const { bytesRead } = await file.read(header, 0, 30, entry.localOffset);
    if (bytesRead !== 30 || header.readUInt32LE(0) !== 0x04034b50) throw broken('bad local header');
    entry.dataOffset = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (entry.dataOffset + entry.compressedSize > cdOffset) throw broken(`entry ${shown(entry.name)} outside the data`);
  }
  const ordered = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (let i = 1; i < ordered.length; i++) {
    const before = ordered[i - 1] as ZipEntry;
    const entry = ordered[i] as ZipEntry;
    if (entry.localOffset < before.dataOffset + before.compressedSize) {
      throw new ApiError(400, 'training.zipOverlap', { entry: shown(entry.name), other: shown(before.name) });
    }
  }
}

class OverSize extends Error {}

/** The bytes of [start, start + length) in steps (the handle stays open: it is the caller's). */
async function* stepsOf(file: FileHandle, start: number, length: number): AsyncGenerator<Buffer> {
  const end = start + length;
  for (let at = start; at < end; ) {
    const want = Math.min(STEP_BYTES, end - at);
    const buffer = Buffer.alloc(want);
    const { bytesRead } = await file.read(buffer, 0, want, at);
    if (bytesRead === 0) throw broken('truncated');
    at += bytesRead;
    yield bytesRead === want ? buffer : buffer.subarray(0, bytesRead);
  }
}

/**
 * The bytes of one entry, never more than its declared size, inflated off the event loop; its CRC-32 checked.
 * Stops between steps when `signal` fires (400 upload.aborted).
 */
export async function readEntry(file: FileHandle, entry: ZipEntry, signal?: AbortSignal): Promise<Buffer> {
  stopIfGone(signal);
  if (entry.dataOffset < 0) throw new Error('readEntry before the layout check');
  if (entry.compressedSize === 0) {
    if (entry.size !== 0) throw new ApiError(400, 'training.zipSizeMismatch', { entry: shown(entry.name) });
    return Buffer.alloc(0);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let crc = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > entry.size) return done(new OverSize());
      crc = crc32(chunk, crc);
      chunks.push(chunk);
      done();
    },
  });
  const decode = entry.method === 8 ? createInflateRaw({ chunkSize: STEP_BYTES }) : new PassThrough();
  try {
    await pipeline(stepsOf(file, entry.dataOffset, entry.compressedSize), decode, sink, signal ? { signal } : {});
  } catch (error) {
    stopIfGone(signal);
    if (error instanceof ApiError) throw error;
    // Past its declared size (a lying bomb), or not deflate data at all.
    throw new ApiError(400, 'training.zipSizeMismatch', { entry: shown(entry.name) });
  }
  if (size !== entry.size) throw new ApiError(400, 'training.zipSizeMismatch', { entry: shown(entry.name) });
  if (crc !== entry.crc32) throw new ApiError(400, 'training.zipChecksum', { entry: shown(entry.name) });
  return Buffer.concat(chunks, size);
}
