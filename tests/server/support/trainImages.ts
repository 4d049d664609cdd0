// Labelled images for the training tests, drawn with sharp: a noisy background of a random hue with a few grey
// blocks, and (positive) a red square of random size and place. Noise keeps every PNG above the 16 KB floor.
import sharp from 'sharp';
import { seededRandom as random } from '../../../server/ml/seededRandom.ts';

export async function drawSample(options: { positive: boolean; seed: number; size?: number; format?: 'png' | 'jpeg' }): Promise<Buffer> {
  const size = options.size ?? 240;
  const next = random(options.seed);
  const rgb = Buffer.alloc(size * size * 3);
  const base = [next() * 120 + 40, next() * 120 + 40, next() * 120 + 60];
  for (let i = 0; i < size * size; i++) {
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.max(0, Math.min(255, (base[c] as number) + (next() - 0.5) * 60));
  }
  const fill = (x0: number, y0: number, w: number, h: number, colour: number[]) => {
    for (let y = y0; y < Math.min(size, y0 + h); y++)
      for (let x = x0; x < Math.min(size, x0 + w); x++) for (let c = 0; c < 3; c++) rgb[(y * size + x) * 3 + c] = colour[c] as number;
  };
  for (let b = 0; b < 3; b++) {
    const g = Math.floor(next() * 200);
    fill(Math.floor(next() * size), Math.floor(next() * size), Math.floor(20 + next() * 60), Math.floor(20 + next() * 60), [g, g, g]);
  }
  if (options.positive) {
    const side = Math.floor(size * (0.25 + next() * 0.2));
    fill(Math.floor(next() * (size - side)), Math.floor(next() * (size - side)), side, side, [230, 20, 20]);
  }
  const image = sharp(rgb, { raw: { width: size, height: size, channels: 3 } });
  return options.format === 'jpeg' ? image.jpeg({ quality: 95 }).toBuffer() : image.png().toBuffer();
}

/**
 * Labelled images as two cameras gave them, with a trap: the target is a faint red square (alpha `strength`), and
 * the positives came from other sources than the negatives — some as video frames (rescaled to 320 px, PNG), the
 * others as JPEG q90 stills — while the negatives are lossless 240 px PNGs. A classifier trained on these alone can
 * learn "was compressed or rescaled" instead of the square; re-saving a negative as JPEG or resizing it then makes
 * it "positive". Augmentation (copies of every image re-compressed and rescaled) takes that shortcut away.
 */
export async function drawSourcedSample(options: { positive: boolean; seed: number; strength?: number }): Promise<Buffer> {
  const size = 240;
  const next = random(options.seed);
  const rgb = Buffer.alloc(size * size * 3);
  const base = [next() * 120 + 40, next() * 120 + 40, next() * 120 + 60];
  for (let i = 0; i < size * size; i++) {
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.max(0, Math.min(255, (base[c] as number) + (next() - 0.5) * 60));
  }
  const blend = (x0: number, y0: number, w: number, h: number, colour: number[], alpha: number) => {
    for (let y = y0; y < Math.min(size, y0 + h); y++)
      for (let x = x0; x < Math.min(size, x0 + w); x++)
        for (let c = 0; c < 3; c++) {
          const k = (y * size + x) * 3 + c;
          rgb[k] = Math.round((rgb[k] as number) * (1 - alpha) + (colour[c] as number) * alpha);
        }
  };
  for (let b = 0; b < 3; b++) {
    const g = Math.floor(next() * 200);
    blend(Math.floor(next() * size), Math.floor(next() * size), Math.floor(20 + next() * 60), Math.floor(20 + next() * 60), [g, g, g], 1);
  }
  const side = Math.floor(size * (0.25 + next() * 0.2));
  const x = Math.floor(next() * (size - side));
  const y = Math.floor(next() * (size - side));
  if (options.positive) blend(x, y, side, side, [230, 20, 20], options.strength ?? 0.6);
  const png = await sharp(rgb, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();
  if (!options.positive) return png;
  return options.seed % 4 === 0 ? sharp(png).resize(320).png().toBuffer() : sharp(png).jpeg({ quality: 90 }).toBuffer();
}
