// Hostile image inputs shared by the image-safety tests: a header declaring 60000×60000 pixels, PNG/HTML and GIF/JS
// polyglots, an SVG carrying a script. Built here, byte by byte, so nothing opaque is checked in.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG signature and IHDR declaring width×height (8-bit RGB) with one tiny IDAT: decoding it would be huge. */
export function hugePngHeader(width = 60000, height = 60000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const HTML_PAYLOAD = '<html><script>alert(document.cookie)</script></html>';
export const JS_PAYLOAD = 'alert(document.cookie)';

/** A real 16×16 PNG with an HTML document in a text chunk and after IEND (served inline it would be HTML to a sniffer). */
export async function pngHtmlPolyglot(): Promise<Buffer> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3060a0' } }).png().toBuffer();
  const iend = png.length - 12;
  return Buffer.concat([
    png.subarray(0, iend),
    chunk('tEXt', Buffer.from(`Comment\0${HTML_PAYLOAD}`, 'latin1')),
    png.subarray(iend),
    Buffer.from(HTML_PAYLOAD),
  ]);
}

/**
 * The classic GIF/JS polyglot: `GIF89a/*` makes the logical screen width 0x2a2f, the header is a JavaScript
 * comment, and after the image `*\/=alert(…);` runs when the file is loaded as a script.
 */
export function gifJsPolyglot(): Buffer {
  const header = Buffer.from('GIF89a/*', 'latin1'); // width bytes "/*" = 10799, then the height below
  const screen = Buffer.from([0x0a, 0x00, 0x00, 0x00, 0x00]); // height 10, no global colour table
  const descriptor = Buffer.from([0x2c, 0, 0, 0, 0, 0x01, 0, 0x01, 0, 0x80]); // 1×1 image, local colour table of 2
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const data = Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]); // LZW min code size 2, one pixel
  const trailer = Buffer.from(`*/=${JS_PAYLOAD};`, 'latin1');
  return Buffer.concat([header, screen, descriptor, palette, data, Buffer.from([0x3b]), trailer]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script>' +
    '<rect width="10" height="10" fill="red"/></svg>',
);

/** A plain image of the given format, for the accepted path. */
export async function plainImage(format: 'png' | 'jpeg' | 'gif' | 'webp', width = 32, height = 24): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: '#80a040' } });
  return format === 'png' ? base.png().toBuffer() : format === 'jpeg' ? base.jpeg().toBuffer() : format === 'gif' ? base.gif().toBuffer() : base.webp().toBuffer();
}
