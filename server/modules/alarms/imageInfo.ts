// Image dimensions read from the file headers (PNG IHDR, JPEG SOFn), without decoding pixels or native code.
// An upload whose header cannot be read this way is not accepted as an image.

export interface ImageSize {
  width: number;
  height: number;
}

const MAX_SIDE = 16384;

export function imageSize(bytes: Buffer, mimeType: string): ImageSize | null {
  const size = mimeType === 'image/png' ? pngSize(bytes) : mimeType === 'image/jpeg' ? jpegSize(bytes) : null;
  if (!size || size.width < 1 || size.height < 1 || size.width > MAX_SIDE || size.height > MAX_SIDE) return null;
  return size;
}

/** PNG: the signature, then the IHDR chunk first (length 13): width, height, bit depth, colour type. */
function pngSize(b: Buffer): ImageSize | null {
  if (b.length < 33 || b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  const bitDepth = b[24];
  const colourType = b[25];
  const validDepths: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
  if (!validDepths[colourType]?.includes(bitDepth)) return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** JPEG: walk the marker segments from SOI until a start-of-frame (SOF0–SOF15 except DHT C4, JPG C8, DAC CC). */
function jpegSize(b: Buffer): ImageSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= b.length) {
    if (b[offset] !== 0xff) return null;
    const marker = b[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = b.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > b.length) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8) return null;
      return { height: b.readUInt16BE(offset + 5), width: b.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}
