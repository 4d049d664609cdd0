// Writes a zip as a stream, one entry at a time: each file is read, its CRC computed, and its bytes passed on
// (stored, not deflated — the entries are JPEG and PNG images, compressed already), so a large export never holds
// more than one image in memory. The central directory follows the last entry. No zip64: a caller keeps an archive
// under 4 GB and 65,535 entries (the dataset export's parts are far smaller).
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export interface ZipSource {
  /** Path inside the archive; a name ending in / is a folder. */
  name: string;
  /** The file to read (absent for a folder). */
  path?: string;
}

const UTF8_NAMES = 0x0800;
const VERSION = 20;

/** DOS time and date of a moment (the local clock, as zip tools read it). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((Math.max(1980, at.getFullYear()) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
}

function localHeader(name: Buffer, crc: number, size: number, stamp: { time: number; date: number }): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(VERSION, 4);
  h.writeUInt16LE(UTF8_NAMES, 6);
  h.writeUInt16LE(0, 8); // stored
  h.writeUInt16LE(stamp.time, 10);
  h.writeUInt16LE(stamp.date, 12);
  h.writeUInt32LE(crc, 14);
  h.writeUInt32LE(size, 18);
  h.writeUInt32LE(size, 22);
  h.writeUInt16LE(name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, name]);
}

function centralEntry(w: Written, stamp: { time: number; date: number }): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(VERSION, 4);
  h.writeUInt16LE(VERSION, 6);
  h.writeUInt16LE(UTF8_NAMES, 8);
  h.writeUInt16LE(0, 10);
  h.writeUInt16LE(stamp.time, 12);
  h.writeUInt16LE(stamp.date, 14);
  h.writeUInt32LE(w.crc, 16);
  h.writeUInt32LE(w.size, 20);
  h.writeUInt32LE(w.size, 24);
  h.writeUInt16LE(w.name.length, 28);
  // extra, comment, disk, internal attributes: 0; external attributes: a folder's MS-DOS directory bit.
  h.writeUInt32LE(w.name.at(-1) === 0x2f ? 0x10 : 0, 38);
  h.writeUInt32LE(w.offset, 42);
  return Buffer.concat([h, w.name]);
}

async function* entries(sources: ZipSource[], at: Date): AsyncGenerator<Buffer> {
  const stamp = dosTime(at);
  const written: Written[] = [];
  let offset = 0;
  for (const source of sources) {
    const name = Buffer.from(source.name, 'utf8');
    const data = source.path ? await readFile(source.path) : Buffer.alloc(0);
    const crc = crc32(data);
    const header = localHeader(name, crc, data.length, stamp);
    written.push({ name, crc, size: data.length, offset });
    yield header;
    if (data.length > 0) yield data;
    offset += header.length + data.length;
    if (offset > 0xffffffff || written.length > 0xffff) throw new Error('the archive is too large for a zip without zip64');
  }
  const directory = Buffer.concat(written.map((w) => centralEntry(w, stamp)));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}

/** The archive as a stream; reading stops when the stream is destroyed (the client left). */
export function zipStream(sources: ZipSource[], at = new Date()): Readable {
  return Readable.from(entries(sources, at), { objectMode: false });
}
