// A perceptual difference hash (dHash): the image in grey, squeezed to 9×8, one bit per horizontal neighbour pair
// (left brighter than right). Re-encoding, resizing and small colour changes keep most bits; different pictures
// differ in many. 64 bits as 16 hex digits; compare by Hamming distance.
import sharp from 'sharp';

export async function differenceHash(image: Uint8Array): Promise<string> {
  const { data } = await sharp(image, { failOn: 'error', pages: 1 }).rotate().greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      bits = (bits << 1n) | ((data[y * 9 + x] as number) > (data[y * 9 + x + 1] as number) ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}
