// MP4 box structure for tests: a box, big-endian 32-bit words, and a minimal file (ftyp, mdat, then moov with one
// video track — moov last, as many recorders write it) whose duration, size and frame rate the reader must find.

export function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

export const u32 = (...values: number[]) => Buffer.concat(values.map((v) => Buffer.from([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255])));

export interface Mp4Spec {
  seconds?: number;
  fps?: number;
  width?: number;
  height?: number;
}

/** The contents (without headers) of the leaf boxes the reader looks into. */
export function leafContents({ seconds = 10, fps = 25, width = 1280, height = 720 }: Mp4Spec = {}) {
  return {
    mvhd: Buffer.concat([u32(0, 0, 0, 1000, seconds * 1000), Buffer.alloc(80)]),
    tkhd: Buffer.concat([u32(0, 0, 0, 1, 0, seconds * 1000), Buffer.alloc(52), u32(width * 65536, height * 65536)]),
    mdhd: Buffer.concat([u32(0, 0, 0, 12800, seconds * 12800), Buffer.alloc(4)]),
    hdlr: Buffer.concat([u32(0, 0), Buffer.from('vide'), Buffer.alloc(13)]),
    stts: u32(0, 1, seconds * fps, 12800 / fps),
  };
}

export type Leaves = ReturnType<typeof leafContents>;

/** The moov box of the leaves (each may be cut short, which is how a damaged file looks inside). */
export function moovBox(leaves: Leaves): Buffer {
  const stbl = box('stbl', box('stts', leaves.stts));
  return box('moov', box('mvhd', leaves.mvhd), box('trak', box('tkhd', leaves.tkhd), box('mdia', box('mdhd', leaves.mdhd), box('hdlr', leaves.hdlr), box('minf', stbl))));
}

export const ftypBox = () => box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomiso2avc1mp41'));

export function mp4File(spec: Mp4Spec = {}): Buffer {
  return Buffer.concat([ftypBox(), box('mdat', Buffer.alloc(4096, 7)), moovBox(leafContents(spec))]);
}
