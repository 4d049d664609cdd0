// Zip files written record by record, so a test can make the hostile ones a zip library never writes: a central
// directory whose entries point anywhere (at one entry, into another's data), sizes that lie, padded deflate data.
import { crc32, deflateRawSync } from 'node:zlib';

export interface RawEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: 0 | 8;
  /** The bytes as they sit in the zip (compressed for method 8). */
  data: Buffer;
  /** Declared uncompressed size and CRC-32. */
  size: number;
  crc: number;
}

export function deflated(name: string, content: Buffer): RawEntry {
  return { name, method: 8, data: deflateRawSync(content), size: content.length, crc: crc32(content) };
}

/**
 * The padded entry: `paddingBytes` of empty stored deflate blocks (5 bytes each: not final, stored, length 0)
 * before the real deflate stream of `content`. It inflates to `content`, after reading all the padding.
 */
export function padded(name: string, content: Buffer, paddingBytes: number): RawEntry {
  const blocks = Math.floor(paddingBytes / 5);
  const padding = Buffer.alloc(blocks * 5);
  for (let i = 0; i < blocks; i++) padding.writeUInt32LE(0xffff0000, i * 5 + 1);
  return { name, method: 8, data: Buffer.concat([padding, deflateRawSync(content)]), size: content.length, crc: crc32(content) };
}

function localRecord(e: RawEntry): Buffer {
  const name = Buffer.from(e.name, 'utf8');
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(0x800, 6);
  h.writeUInt16LE(e.method, 8);
  h.writeUInt32LE(e.crc, 14);
  h.writeUInt32LE(e.data.length, 18);
  h.writeUInt32LE(e.size, 22);
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name, e.data]);
}

function centralRecord(e: RawEntry, offset: number): Buffer {
  const name = Buffer.from(e.name, 'utf8');
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(0x800, 8);
  h.writeUInt16LE(e.method, 10);
  h.writeUInt32LE(e.crc, 16);
  h.writeUInt32LE(e.data.length, 20);
  h.writeUInt32LE(e.size, 24);
  h.writeUInt16LE(name.length, 28);
  h.writeUInt32LE(offset, 42);
  return Buffer.concat([h, name]);
}

export function endRecord(count: number, cdSize: number, cdOffset: number): Buffer {
  const h = Buffer.alloc(22);
  h.writeUInt32LE(0x06054b50, 0);
  h.writeUInt16LE(count, 8);
  h.writeUInt16LE(count, 10);
  h.writeUInt32LE(cdSize, 12);
  h.writeUInt32LE(cdOffset, 16);
  return h;
}

/**
 * The local records of `locals` one after another, then a central directory of `directory`: each names an entry
 * and the local record it points at (its index in `locals`, plus `shift` bytes).
 */
export function zipOf(locals: RawEntry[], directory: { entry: RawEntry; local: number; shift?: number }[]): Buffer {
  const records = locals.map(localRecord);
  const offsets: number[] = [];
  let at = 0;
  for (const r of records) {
    offsets.push(at);
    at += r.length;
  }
  const cd = Buffer.concat(directory.map((d) => centralRecord(d.entry, (offsets[d.local] as number) + (d.shift ?? 0))));
  return Buffer.concat([...records, cd, endRecord(directory.length, cd.length, at)]);
}

/** A well-formed zip of the entries (each pointing at its own record). */
export const plainZip = (entries: RawEntry[]) => zipOf(entries, entries.map((entry, local) => ({ entry, local })));
