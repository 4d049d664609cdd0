// Evaluates a candidate detector that ships with its weights in a registry package against the same hand-drawn boxes
// as the platform's NanoDet-g (scripts/measure-detector-defaults.ts): CenterNet (MobileNetV3, COCO-80, 512×512) from
// @vladmandic/human 3.3.6's models/ — run here through the TensorFlow.js bundle of that package on its CPU backend
// (pure JavaScript: correct, but tens of seconds per image, so no speed figure comes from this script), with the
// package's own pre- and post-processing (squeeze to 512², boxes x1 y1 x2 y2 in input pixels, NMS at IoU 0.4).
// Findings and the decision: docs/detector.md. Run: node scripts/measure-detector-alternatives.ts
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { addCounts, type Counts, iou, type PixelBox, precisionRecall, type ScoredBox, scorePhoto, type TruthPhoto } from '../server/ml/detector/evaluate.ts';
import { DETECTOR_CLASSES } from '../src/domain/recognitionPrompts.ts';
import { REAL_PHOTO_DIR } from '../tests/support/realPhotos.ts';

// The bundle picks Node's platform layer when it sees Node, and that layer needs a CommonJS `util` the ESM bundle
// cannot reach; seen as a browser it uses the globals Node has anyway.
Object.assign(globalThis, { window: globalThis, document: {} });
// biome-ignore lint/suspicious/noExplicitAny: the bundle ships no types
const tf: any = await import('../node_modules/@vladmandic/human/dist/tfjs.esm.js');
await tf.setBackend('cpu');
await tf.ready();

const MODEL_DIR = new URL('../node_modules/@vladmandic/human/models/', import.meta.url);
const SIZE = 512;
const json = JSON.parse(readFileSync(new URL('centernet.json', MODEL_DIR), 'utf8'));
const bin = readFileSync(new URL('centernet.bin', MODEL_DIR));
const model = await tf.loadGraphModel(
  tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs: json.weightsManifest[0].weights, weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) }),
);

function nms(boxes: ScoredBox[], threshold: number): ScoredBox[] {
  const kept: ScoredBox[] = [];
  for (const b of [...boxes].sort((x, y) => y.score - x.score)) {
    if (!kept.some((k) => k.label === b.label && iou(k.box, b.box) > threshold)) kept.push(b);
  }
  return kept;
}

const truth = JSON.parse(readFileSync(new URL('../tests/support/realPhotoBoxes.json', import.meta.url), 'utf8')) as { photos: TruthPhoto[] };
const detections = new Map<string, ScoredBox[]>();
for (const photo of truth.photos) {
  const { data } = await sharp(`${REAL_PHOTO_DIR}${photo.file}`).removeAlpha().resize(SIZE, SIZE, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const input = tf.tensor(Float32Array.from(data), [1, SIZE, SIZE, 3]);
  const output = model.execute(input, ['tower_0/detections']);
  const rows = ((await output.array()) as number[][][])[0];
  tf.dispose([input, output]);
  const sx = photo.width / SIZE;
  const sy = photo.height / SIZE;
  const boxes = rows
    .filter((r) => r[4] >= 0.05 && Number.isInteger(r[5]) && r[5] >= 0 && r[5] < DETECTOR_CLASSES.length)
    .map((r) => ({ label: DETECTOR_CLASSES[r[5]], score: r[4], box: [r[0] * sx, r[1] * sy, r[2] * sx, r[3] * sy] as PixelBox }));
  detections.set(photo.file, nms(boxes, 0.4));
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;
for (const [group, inScope] of [['person', (l: string) => l === 'person'], ['other', (l: string) => l !== 'person']] as const) {
  console.log(`\nCenterNet, ${group}\n| threshold | found | false | missed | precision | recall | F1 |\n|---|---|---|---|---|---|---|`);
  for (let i = 0; i < 13; i++) {
    const threshold = Math.round((0.1 + i * 0.05) * 100) / 100;
    let counts: Counts = { truePositives: 0, falsePositives: 0, missed: 0 };
    for (const photo of truth.photos) counts = addCounts(counts, scorePhoto(photo, detections.get(photo.file) ?? [], threshold, inScope));
    const pr = precisionRecall(counts);
    console.log(`| ${threshold.toFixed(2)} | ${counts.truePositives} | ${counts.falsePositives} | ${counts.missed} | ${r3(pr.precision)} | ${r3(pr.recall)} | ${r3(pr.f1)} |`);
  }
}
