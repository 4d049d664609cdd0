// Reads a training zip safely. Everything is decided from the central directory before any entry is inflated:
// the entry count, each entry's declared uncompressed size and their total are bounded (a zip bomb is refused
// without being inflated), names that are absolute or climb with `..` are refused, encrypted and zip64 archives are
// refused. An entry is then inflated with its declared size as a hard output limit, so an entry that lies about its
// size fails instead of growing. Entry names never become file paths: the caller stores images under names of its own.
import type { FileHandle } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { ApiError } from '../../http/apiError.ts';
import { humanSize } from '../../http/uploads.ts';

export const MAX_ZIP_ENTRIES = 400;
export const MAX_ENTRY_BYTES = 10 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 200 * 1024 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  isDirectory: boolean;
}

const broken = (reason: string) => new ApiError(400, 'training.zipBroken', { reason });

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

/** The central directory's entries, with every bound checked. */
export async function readCentralDirectory(file: FileHandle, fileSize: number): Promise<ZipEntry[]> {
  // End of central directory: 22 bytes plus a comment of at most 65535 bytes, at the end of the file.
  const tailLength = Math.min(fileSize, 22 + 65535);
  const tail = await readAt(file, fileSize - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw broken('no central directory');
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw broken('zip64');
  if (count > MAX_ZIP_ENTRIES) throw new ApiError(400, 'training.zipTooManyEntries', { count, max: MAX_ZIP_ENTRIES });
  if (cdOffset + cdSize > fileSize) throw broken('central directory outside the file');
  const cd = await readAt(file, cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== 0x02014b50) throw broken('bad central directory entry');
    const flags = cd.readUInt16LE(at + 8);
    const method = cd.readUInt16LE(at + 10);
    const compressedSize = cd.readUInt32LE(at + 20);
    const size = cd.readUInt32LE(at + 24);
    const nameLength = cd.readUInt16LE(at + 28);
    const extraLength = cd.readUInt16LE(at + 30);
    const commentLength = cd.readUInt16LE(at + 32);
    const localOffset = cd.readUInt32LE(at + 42);
    // Bit 11: the name is UTF-8; otherwise CP437, whose ASCII part is the same (other bytes only matter to the name rule).
    const name = cd.subarray(at + 46, at + 46 + nameLength).toString(flags & 0x800 ? 'utf8' : 'latin1');
    at += 46 + nameLength + extraLength + commentLength;
    if (unsafeEntryName(name)) throw new ApiError(400, 'training.zipTraversal', { entry: name.slice(0, 120) });
    const isDirectory = name.endsWith('/');
    if (flags & 0x1) throw new ApiError(400, 'training.zipEncrypted', { entry: name.slice(0, 120) });
    if (size === 0xffffffff || compressedSize === 0xffffffff) throw broken('zip64');
    total += size;
    if (size > MAX_ENTRY_BYTES || total > MAX_TOTAL_BYTES) {
      throw new ApiError(400, 'training.zipBomb', {
        entry: name.slice(0, 120),
        size: humanSize(size),
        max: humanSize(MAX_ENTRY_BYTES),
        total: humanSize(MAX_TOTAL_BYTES),
      });
    }
    if (!isDirectory && method !== 0 && method !== 8) throw broken(`compression method ${method}`);
    entries.push({ name, method, compressedSize, size, localOffset, isDirectory });
  }
  return entries;
}

/** The bytes of one entry, never more than its declared size. */
export async function readEntry(file: FileHandle, fileSize: number, entry: ZipEntry): Promise<Buffer> {
  const header = await readAt(file, entry.localOffset, 30);
  if (header.readUInt32LE(0) !== 0x04034b50) throw broken('bad local header');
  const dataOffset = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (dataOffset + entry.compressedSize > fileSize) throw broken('entry outside the file');
  const data = await readAt(file, dataOffset, entry.compressedSize);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw broken('stored entry size mismatch');
    return data;
  }
  let out: Buffer;
  try {
    out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
  } catch {
    // Also an entry that inflates past its declared size (a lying bomb).
    throw broken(`entry ${entry.name.slice(0, 120)} does not inflate to its declared size`);
  }
  if (out.length !== entry.size) throw broken(`entry ${entry.name.slice(0, 120)} does not inflate to its declared size`);
  return out;
}
