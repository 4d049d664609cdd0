// A labelled training set in the §5 zip layout, drawn by server/media/labelledScene.ts: `<name>/positive/*.png`
// (a fire-and-smoke patch) and `<name>/negative/*.png` (none), every image at least 16 KB. Used by the e2e walk,
// the demo and `scripts/make-training-zip.ts`.
import JSZip from 'jszip';
import { renderLabelledScene } from '../server/media/labelledScene.ts';
import { encodePng } from '../server/media/pngEncoder.ts';

export interface TrainingSetOptions {
  name: string;
  positive: number;
  negative: number;
  seed: number;
  width?: number;
  height?: number;
}

export function labelledImage(seed: number, fire: boolean, width = 320, height = 240): Buffer {
  return encodePng(renderLabelledScene({ width, height, seed, fire }));
}

export async function trainingZip(options: TrainingSetOptions): Promise<Buffer> {
  const zip = new JSZip();
  const { name, seed, width, height } = options;
  for (let i = 0; i < options.positive; i++) zip.file(`${name}/positive/fire_${String(i).padStart(3, '0')}.png`, labelledImage(seed + i * 2, true, width, height));
  for (let i = 0; i < options.negative; i++) zip.file(`${name}/negative/clear_${String(i).padStart(3, '0')}.png`, labelledImage(seed + i * 2 + 1, false, width, height));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}
