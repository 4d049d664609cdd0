// Fragmented MP4 as ffmpeg writes it to a pipe (-movflags frag_keyframe+empty_moov+default_base_moof): an init
// segment (ftyp + moov) and then moof + mdat pairs. The parser takes the bytes as they come, in any chunking, and
// hands out the init segment with what MSE needs to know of it (codec string, size, timescale) and each fragment
// with its decode time, duration and whether its first sample is a keyframe. Pure: no I/O, bounded memory.
import { type Box, boxesIn, child, timing } from '../../media/mp4Info.ts';

export interface InitInfo {
  /** The codec as MSE names it, e.g. avc1.64001f; null when the track is not H.264. */
  codec: string | null;
  width: number;
  height: number;
  timescale: number;
  trackId: number;
  /** trex default sample duration, used when a fragment carries none of its own. */
  defaultDuration: number;
}

export interface RawFragment {
  /** moof + mdat, as one buffer. */
  data: Buffer;
  keyframe: boolean;
  /** tfdt baseMediaDecodeTime, in the track's timescale. */
  decodeTime: number;
  /** Sum of the sample durations, in the track's timescale. */
  duration: number;
  samples: number;
}

export class Fmp4Error extends Error {}

/** A sample whose flags have sample_is_non_sync_sample (bit 16) set is not a keyframe. */
const NON_SYNC = 0x0001_0000;

export interface Fmp4ParserOptions {
  /** Largest box accepted (an mdat of one fragment); beyond it the stream is refused (default 16 MiB). */
  maxBoxBytes?: number;
  onInit(init: Buffer, info: InitInfo): void;
  onFragment(fragment: RawFragment): void;
}

/** Reads the init segment's moov: the video track's codec, size, timescale and trex defaults. */
export function parseInit(init: Buffer): InitInfo {
  const top = boxesIn(init, 0, init.length);
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) throw new Fmp4Error('init segment without moov');
  for (const trak of boxesIn(init, moov.start, moov.end).filter((b) => b.type === 'trak')) {
    const mdia = child(init, trak, 'mdia');
    const hdlr = mdia && child(init, mdia, 'hdlr');
    if (!mdia || !hdlr || init.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') continue;
    const tkhd = child(init, trak, 'tkhd');
    const mdhd = child(init, mdia, 'mdhd');
    if (!tkhd || !mdhd) continue;
    const trackId = init.readUInt32BE(tkhd.start + (init[tkhd.start] === 1 ? 20 : 12));
    const stbl = child(init, child(init, mdia, 'minf') ?? mdia, 'stbl');
    const stsd = stbl && child(init, stbl, 'stsd');
    let codec: string | null = null;
    let width = Math.round(init.readUInt32BE(tkhd.end - 8) / 65536);
    let height = Math.round(init.readUInt32BE(tkhd.end - 4) / 65536);
    if (stsd) {
      // stsd: version/flags (4), entry count (4), then sample entries.
      const entry = boxesIn(init, stsd.start + 8, stsd.end)[0];
      if (entry && (entry.type === 'avc1' || entry.type === 'avc3')) {
        // VisualSampleEntry: 6 reserved, 2 data reference index, 16 pre-defined/reserved, width, height … 78 bytes.
        width = init.readUInt16BE(entry.start + 24);
        height = init.readUInt16BE(entry.start + 26);
        const avcC = boxesIn(init, entry.start + 78, entry.end).find((b) => b.type === 'avcC');
        if (avcC) codec = `${entry.type}.${init.subarray(avcC.start + 1, avcC.start + 4).toString('hex')}`;
      }
    }
    let defaultDuration = 0;
    const mvex = boxesIn(init, moov.start, moov.end).find((b) => b.type === 'mvex');
    const trex = mvex && boxesIn(init, mvex.start, mvex.end).find((b) => b.type === 'trex' && init.readUInt32BE(b.start + 4) === trackId);
    if (trex) defaultDuration = init.readUInt32BE(trex.start + 12);
    return { codec, width, height, timescale: timing(init, mdhd).timescale, trackId, defaultDuration };
  }
  throw new Fmp4Error('init segment without a video track');
}

/** Decode time, duration, sample count and keyframe flag of one moof (its first traf). */
export function parseMoof(buf: Buffer, moof: Box, info: Pick<InitInfo, 'defaultDuration'>): Omit<RawFragment, 'data'> {
  const traf = child(buf, moof, 'traf');
  if (!traf) throw new Fmp4Error('moof without traf');
  const tfhd = child(buf, traf, 'tfhd');
  if (!tfhd) throw new Fmp4Error('traf without tfhd');
  const tfhdFlags = buf.readUInt32BE(tfhd.start) & 0xffffff;
  let at = tfhd.start + 8; // version/flags, track id
  if (tfhdFlags & 0x01) at += 8; // base data offset
  if (tfhdFlags & 0x02) at += 4; // sample description index
  let defaultDuration = info.defaultDuration;
  if (tfhdFlags & 0x08) {
    defaultDuration = buf.readUInt32BE(at);
    at += 4;
  }
  if (tfhdFlags & 0x10) at += 4; // default sample size
  let defaultFlags = 0;
  if (tfhdFlags & 0x20) defaultFlags = buf.readUInt32BE(at);
  const tfdt = child(buf, traf, 'tfdt');
  const decodeTime = !tfdt ? 0 : buf[tfdt.start] === 1 ? Number(buf.readBigUInt64BE(tfdt.start + 4)) : buf.readUInt32BE(tfdt.start + 4);
  let duration = 0;
  let samples = 0;
  let keyframe = false;
  let first = true;
  for (const trun of boxesIn(buf, traf.start, traf.end).filter((b) => b.type === 'trun')) {
    const flags = buf.readUInt32BE(trun.start) & 0xffffff;
    const count = buf.readUInt32BE(trun.start + 4);
    let p = trun.start + 8;
    if (flags & 0x01) p += 4; // data offset
    let firstFlags: number | null = null;
    if (flags & 0x04) {
      firstFlags = buf.readUInt32BE(p);
      p += 4;
    }
    const entryBytes = 4 * (((flags >> 8) & 1) + ((flags >> 9) & 1) + ((flags >> 10) & 1) + ((flags >> 11) & 1));
    if (p + entryBytes * count > trun.end) throw new Fmp4Error('trun shorter than its sample count');
    for (let i = 0; i < count; i++) {
      let q = p + i * entryBytes;
      let sampleDuration = defaultDuration;
      if (flags & 0x100) {
        sampleDuration = buf.readUInt32BE(q);
        q += 4;
      }
      if (flags & 0x200) q += 4;
      let sampleFlags = i === 0 && firstFlags !== null ? firstFlags : defaultFlags;
      if (flags & 0x400) sampleFlags = buf.readUInt32BE(q);
      if (first) keyframe = (sampleFlags & NON_SYNC) === 0;
      first = false;
      duration += sampleDuration;
    }
    samples += count;
  }
  return { decodeTime, duration, samples, keyframe };
}

/** Splits a byte stream into top-level boxes and hands out the init segment and the fragments. */
export class Fmp4Parser {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private header: Buffer[] = [];
  private moof: Buffer | null = null;
  private info: InitInfo | null = null;
  private readonly maxBoxBytes: number;
  private readonly options: Fmp4ParserOptions;

  constructor(options: Fmp4ParserOptions) {
    this.options = options;
    this.maxBoxBytes = options.maxBoxBytes ?? 16 * 1024 * 1024;
  }

  get init(): InitInfo | null {
    return this.info;
  }

  /** Takes the next bytes; throws Fmp4Error when the stream is not fragmented MP4 or a box is too large. */
  push(chunk: Buffer): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    for (;;) {
      if (this.pendingBytes < 8) return;
      const head = this.peek(16);
      let size = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      if (!/^[a-z0-9 ]{4}$/i.test(type)) throw new Fmp4Error('not an MP4 box stream');
      if (size === 1) {
        if (head.length < 16) return;
        size = Number(head.readBigUInt64BE(8));
      }
      if (size < 8) throw new Fmp4Error(`bad ${type} box size`);
      if (size > this.maxBoxBytes) throw new Fmp4Error(`${type} box of ${size} bytes is over the limit`);
      if (this.pendingBytes < size) return;
      this.box(type, this.take(size));
    }
  }

  private box(type: string, box: Buffer) {
    if (!this.info) {
      if (type === 'moof' || type === 'mdat') throw new Fmp4Error('fragment before the init segment');
      this.header.push(box);
      if (this.header.reduce((n, b) => n + b.length, 0) > this.maxBoxBytes) throw new Fmp4Error('init segment over the limit');
      if (type === 'moov') {
        const init = Buffer.concat(this.header);
        this.header = [];
        this.info = parseInit(init);
        this.options.onInit(init, this.info);
      }
      return;
    }
    if (type === 'moof') {
      this.moof = box;
      return;
    }
    if (type === 'mdat' && this.moof) {
      const moof = this.moof;
      this.moof = null;
      const meta = parseMoof(moof, { type: 'moof', start: 8, end: moof.length }, this.info);
      this.options.onFragment({ data: Buffer.concat([moof, box]), ...meta });
    }
    // Other boxes between fragments (styp, sidx, free) carry nothing a player needs.
  }

  private peek(n: number): Buffer {
    if (this.pending[0].length >= n || this.pending.length === 1) return this.pending[0].subarray(0, n);
    const joined = Buffer.concat(this.pending);
    this.pending = [joined];
    return joined.subarray(0, n);
  }

  private take(n: number): Buffer {
    const joined = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    const out = joined.subarray(0, n);
    const rest = joined.subarray(n);
    this.pending = rest.length ? [rest] : [];
    this.pendingBytes = rest.length;
    // A copy: the rest of the chunk is not kept alive by a fragment held in the ring.
    return Buffer.from(out);
  }
}

/** The tfdt box of a fragment (moof + mdat buffer): where its decode time is and how wide it is. */
function tfdtOf(fragment: Buffer): { at: number; wide: boolean } | null {
  const moof = boxesIn(fragment, 0, fragment.length).find((b) => b.type === 'moof');
  const traf = moof && child(fragment, moof, 'traf');
  const tfdt = traf && child(fragment, traf, 'tfdt');
  if (!tfdt) return null;
  return { at: tfdt.start + 4, wide: fragment[tfdt.start] === 1 };
}

/** A fragment's baseMediaDecodeTime (0 when it has none). */
export function decodeTimeOf(fragment: Buffer): number {
  const t = tfdtOf(fragment);
  if (!t) return 0;
  return t.wide ? Number(fragment.readBigUInt64BE(t.at)) : fragment.readUInt32BE(t.at);
}

/** A copy of the fragment whose decode time is `base` less: a clip cut from a stream then starts at 0. */
export function rebaseFragment(fragment: Buffer, base: number): Buffer {
  const out = Buffer.from(fragment);
  const t = tfdtOf(out);
  if (!t) return out;
  const value = Math.max(0, decodeTimeOf(out) - base);
  if (t.wide) out.writeBigUInt64BE(BigInt(value), t.at);
  else out.writeUInt32BE(value, t.at);
  return out;
}
