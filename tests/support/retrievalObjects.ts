// 200 distinct real objects for target retrieval's measurements, test and bench: regions of the five real photos of
// @vladmandic/human/assets (read from node_modules): every box of realPhotoBoxes.json, the 108 face tiles and 32
// sample thumbnails of the face-match screenshot, and seven scene objects (lamps, a plant, a status panel, two group thumbnails) — boxes
// drawn by eye on a grid like realPhotoBoxes.json. Each becomes an alarm whose snapshot is a window around it
// (its own box inside), and a query that is a lightly altered copy of it (resized, re-compressed, shifted).
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { REAL_PHOTO_DIR } from './realPhotos.ts';

export type Box = [number, number, number, number];

export interface RealObject {
  /** Stable name: photo and index. */
  name: string;
  file: string;
  /** Pixels of the photo, x1 y1 x2 y2. */
  box: Box;
}

const truth = JSON.parse(readFileSync(new URL('./realPhotoBoxes.json', import.meta.url), 'utf8')) as { photos: { file: string; objects: { box: Box }[] }[] };

const FACEMATCH = 'screenshot-facematch.jpg';
/** The face grid: 18 columns of 1920/18 px, 6 rows of 110 px from y 284 (3 px inside each tile). */
const faceTiles: Box[] = Array.from({ length: 108 }, (_, i) => {
  const [c, r] = [i % 18, Math.floor(i / 18)];
  return [Math.round((c * 1920) / 18 + 3), 284 + r * 110 + 3, Math.round(((c + 1) * 1920) / 18 - 3), 284 + (r + 1) * 110 - 3];
});
const thumbnails: Box[] = [
  [176, 27, 284, 131], [284, 27, 388, 131], [392, 27, 492, 123], [496, 27, 600, 131], [604, 43, 708, 115], [710, 43, 814, 117],
  [816, 43, 920, 117], [922, 39, 1026, 119], [1031, 40, 1133, 119], [1135, 36, 1240, 122], [1242, 48, 1346, 108], [1360, 27, 1440, 132],
  [1454, 32, 1558, 125], [1562, 40, 1664, 119], [1667, 40, 1771, 119], [1773, 40, 1879, 119],
  [176, 157, 282, 227], [284, 157, 388, 225], [400, 160, 496, 221], [518, 139, 580, 235], [604, 161, 710, 221], [714, 139, 812, 243],
  [816, 161, 922, 221], [948, 147, 1008, 243], [1029, 163, 1133, 219], [1135, 152, 1240, 232], [1242, 157, 1346, 227], [1348, 140, 1450, 245],
  [1454, 152, 1557, 240], [1560, 148, 1665, 245], [1667, 140, 1771, 245], [1783, 152, 1882, 245],
];
const scene: { file: string; box: Box }[] = [
  { file: 'samples.jpg', box: [400, 224, 565, 295] }, // chandelier
  { file: 'samples.jpg', box: [418, 318, 494, 388] }, // smaller chandelier below it
  { file: 'samples.jpg', box: [900, 388, 976, 470] }, // potted plant, top right
  { file: 'samples.jpg', box: [706, 200, 1280, 388] }, // the ceiling's paper lamps
  { file: 'screenshot-faceid.jpg', box: [668, 10, 787, 318] }, // the green status panel
  { file: 'screenshot-facedetect.jpg', box: [104, 90, 304, 245] }, // thumbnail: the party crowd, small
  { file: 'screenshot-facedetect.jpg', box: [506, 122, 706, 211] }, // thumbnail: a group of men in suits
];

export const REAL_OBJECTS: RealObject[] = [
  ...truth.photos.flatMap((p) => p.objects.map((o, i) => ({ name: `${p.file}#${i}`, file: p.file, box: o.box }))),
  ...faceTiles.map((box, i) => ({ name: `${FACEMATCH}#tile${i}`, file: FACEMATCH, box })),
  ...thumbnails.map((box, i) => ({ name: `${FACEMATCH}#thumb${i}`, file: FACEMATCH, box })),
  ...scene.map((s, i) => ({ name: `${s.file}#scene${i}`, ...s })),
];

const photos = new Map<string, Promise<{ bytes: Buffer; width: number; height: number }>>();
function photo(file: string) {
  let p = photos.get(file);
  if (!p) {
    const bytes = readFileSync(`${REAL_PHOTO_DIR}${file}`);
    p = sharp(bytes)
      .metadata()
      .then((m) => ({ bytes, width: m.width as number, height: m.height as number }));
    photos.set(file, p);
  }
  return p;
}

const clampBox = (b: Box, w: number, h: number): Box => [Math.max(0, Math.round(b[0])), Math.max(0, Math.round(b[1])), Math.min(w, Math.round(b[2])), Math.min(h, Math.round(b[3]))];

export interface Snapshot {
  jpeg: Buffer;
  width: number;
  height: number;
  /** The object's box in the snapshot, pixels: x, y, w, h (as an alarm reports it). */
  box: { x: number; y: number; w: number; h: number };
}

/** An alarm's snapshot of the object: a window around it (30 % of its size on each side), as a JPEG. */
export async function snapshotOf(o: RealObject): Promise<Snapshot> {
  const { bytes, width, height } = await photo(o.file);
  const [w, h] = [o.box[2] - o.box[0], o.box[3] - o.box[1]];
  const win = clampBox([o.box[0] - 0.3 * w, o.box[1] - 0.3 * h, o.box[2] + 0.3 * w, o.box[3] + 0.3 * h], width, height);
  const jpeg = await sharp(bytes)
    .extract({ left: win[0], top: win[1], width: win[2] - win[0], height: win[3] - win[1] })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { jpeg, width: win[2] - win[0], height: win[3] - win[1], box: { x: o.box[0] - win[0], y: o.box[1] - win[1], w, h } };
}

export type Alteration = 'light' | 'resize' | 'jpeg' | 'shift';

/**
 * A query picture of the object, taken from the photo again and altered: `light` shifts the crop by 5 % of its
 * size, scales it to 75 % and re-compresses it at JPEG quality 70 (the "resized, re-compressed copy");
 * `resize` scales to 50 %; `jpeg` re-compresses at quality 40; `shift` moves the crop by 10 %.
 */
export async function alteredCopy(o: RealObject, kind: Alteration, index = 0): Promise<Buffer> {
  const { bytes, width, height } = await photo(o.file);
  const [w, h] = [o.box[2] - o.box[0], o.box[3] - o.box[1]];
  const sign = index % 2 === 0 ? 1 : -1;
  const shift = kind === 'shift' ? 0.1 : kind === 'light' ? 0.05 : 0;
  const b = clampBox([o.box[0] + sign * shift * w, o.box[1] + sign * shift * h, o.box[2] + sign * shift * w, o.box[3] + sign * shift * h], width, height);
  const scale = kind === 'resize' ? 0.5 : kind === 'light' ? 0.75 : 1;
  const quality = kind === 'jpeg' ? 40 : kind === 'light' ? 70 : 92;
  return sharp(bytes)
    .extract({ left: b[0], top: b[1], width: b[2] - b[0], height: b[3] - b[1] })
    .resize(Math.max(16, Math.round((b[2] - b[0]) * scale)))
    .jpeg({ quality })
    .toBuffer();
}
