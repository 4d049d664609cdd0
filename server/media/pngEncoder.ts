// A minimal PNG encoder (8-bit RGB or RGBA, no interlace): signature, IHDR, one zlib-compressed IDAT, IEND.
// Enough for generated snapshots; decoding is never needed on the server.
import { crc32, deflateSync } from 'node:zlib';

export interface RasterImage {
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA) bytes per pixel, rows top to bottom, no padding. */
  channels: 3 | 4;
  data: Uint8Array;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function encodePng(image: RasterImage, level = 6): Buffer {
  const { width, height, channels, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`PNG size must be positive integers, got ${width}×${height}`);
  }
  const stride = width * channels;
  if (data.length !== stride * height) throw new RangeError(`expected ${stride * height} bytes of pixels, got ${data.length}`);
  // Each scanline is prefixed with its filter type; 0 (none) keeps this simple and the flat areas of a generated
  // scene still compress well.
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0;
    raw.set(data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = channels === 4 ? 6 : 2; // colour type: truecolour (+ alpha)
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method
  header[12] = 0; // no interlace
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level })), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}

/** Width and height of a PNG, from its IHDR; null when the bytes are not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
