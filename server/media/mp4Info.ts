// Reads what the platform needs from an MP4 file without decoding it: duration, and the video track's pixel size
// and frame rate — from the box structure (ftyp, moov/mvhd, trak/tkhd, mdia/mdhd, hdlr, stbl/stts). Only box
// headers and the moov box are read, wherever moov sits in the file. Any byte string either parses or is refused with
// NotMp4Error: every read is checked against the box it belongs to (a truncated mvhd is "not an MP4", never a
// RangeError; tests/server/mp4Info.test.ts holds it to that over random bytes and every truncation).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export interface Mp4Info {
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  /** Frames per second of the video track (sample count over track duration). */
  fps: number | null;
}

export class NotMp4Error extends Error {}

const MAX_MOOV_BYTES = 64 * 1024 * 1024;

export interface Box {
  type: string;
  /** Content start and end (after the header), relative to the buffer or file. */
  start: number;
  end: number;
}

/** The boxes laid end to end in buf[from, to); a box that runs past `to` ends the list. */
export function boxesIn(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) break;
    out.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return out;
}

export const child = (buf: Buffer, parent: Box, type: string) => boxesIn(buf, parent.start, parent.end).find((b) => b.type === type);

/** The 32-bit number at `at`, which must lie inside `box`. */
function u32(buf: Buffer, box: Box, at: number): number {
  if (at < box.start || at + 4 > box.end) throw new NotMp4Error(`truncated ${box.type} box`);
  return buf.readUInt32BE(at);
}

function u64(buf: Buffer, box: Box, at: number): number {
  if (at < box.start || at + 8 > box.end) throw new NotMp4Error(`truncated ${box.type} box`);
  return Number(buf.readBigUInt64BE(at));
}

/** Timescale and duration of an mvhd or mdhd box (version 0: 32-bit times, version 1: 64-bit). */
export function timing(buf: Buffer, box: Box): { timescale: number; duration: number } {
  if (box.end <= box.start) throw new NotMp4Error(`empty ${box.type} box`);
  const version = buf[box.start];
  if (version === 1) return { timescale: u32(buf, box, box.start + 20), duration: u64(buf, box, box.start + 24) };
  return { timescale: u32(buf, box, box.start + 12), duration: u32(buf, box, box.start + 16) };
}

/** Parses the moov box content of a file. */
export function parseMoov(moov: Buffer): Mp4Info {
  const root: Box = { type: 'moov', start: 0, end: moov.length };
  const mvhd = child(moov, root, 'mvhd');
  if (!mvhd) throw new NotMp4Error('no movie header');
  const movie = timing(moov, mvhd);
  for (const trak of boxesIn(moov, 0, moov.length).filter((b) => b.type === 'trak')) {
    const mdia = child(moov, trak, 'mdia');
    const hdlr = mdia && child(moov, mdia, 'hdlr');
    if (!mdia || !hdlr || hdlr.start + 12 > hdlr.end || moov.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') continue;
    const tkhd = child(moov, trak, 'tkhd');
    if (!tkhd) continue;
    // tkhd ends with width and height as 16.16 fixed-point numbers.
    const width = Math.round(u32(moov, tkhd, tkhd.end - 8) / 65536);
    const height = Math.round(u32(moov, tkhd, tkhd.end - 4) / 65536);
    const mdhd = child(moov, mdia, 'mdhd');
    const stbl = child(moov, child(moov, mdia, 'minf') ?? mdia, 'stbl');
    const stts = stbl && child(moov, stbl, 'stts');
    let fps: number | null = null;
    if (mdhd && stts) {
      const track = timing(moov, mdhd);
      let samples = 0;
      const entries = u32(moov, stts, stts.start + 4);
      for (let i = 0; i < entries && stts.start + 8 + i * 8 + 8 <= stts.end; i++) samples += moov.readUInt32BE(stts.start + 8 + i * 8);
      if (track.duration > 0 && track.timescale > 0) fps = Math.round((samples / (track.duration / track.timescale)) * 100) / 100;
    }
    const duration = movie.timescale > 0 ? movie.duration / movie.timescale : 0;
    if (width < 1 || height < 1) throw new NotMp4Error('the video track has no size');
    return { duration: Math.round(duration * 1000) / 1000, width, height, fps };
  }
  throw new NotMp4Error('no video track');
}

/** Reads a file's top-level boxes (ftyp first) and parses its moov; NotMp4Error when it is not an MP4 video. */
export function readMp4Info(path: string): Mp4Info {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const header = Buffer.alloc(16);
    let at = 0;
    let sawFtyp = false;
    while (at + 8 <= size) {
      const got = readSync(fd, header, 0, 16, at);
      header.fill(0, got);
      let boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      let headerSize = 8;
      if (boxSize === 1) {
        if (got < 16) throw new NotMp4Error(`truncated ${type} box`);
        boxSize = Number(header.readBigUInt64BE(8));
        headerSize = 16;
      } else if (boxSize === 0) boxSize = size - at;
      if (at === 0 && type !== 'ftyp') throw new NotMp4Error('no ftyp box');
      if (boxSize < headerSize || at + boxSize > size) throw new NotMp4Error(`truncated ${type} box`);
      if (type === 'ftyp') sawFtyp = true;
      if (type === 'moov') {
        if (!sawFtyp) throw new NotMp4Error('no ftyp box');
        if (boxSize > MAX_MOOV_BYTES) throw new NotMp4Error('movie header too large');
        const moov = Buffer.alloc(boxSize - headerSize);
        readSync(fd, moov, 0, moov.length, at + headerSize);
        return parseMoov(moov);
      }
      at += boxSize;
    }
    throw new NotMp4Error('no moov box');
  } finally {
    closeSync(fd);
  }
}
