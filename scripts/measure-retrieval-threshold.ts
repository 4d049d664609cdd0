// Measures how well image-search similarity separates the same object from different objects on the simulator's
// alarm snapshots (server/simulator/snapshot.ts), scored exactly as a search scores a candidate: the best cosine of
// the query's vector to the alarm's whole snapshot and to the crop of its box (retrievalImages.ts).
// Objects: vehicles of several violation types and hazards of several road events, each a (type, variant) subject;
// views: the same subject moved 0, 30 and 60 px (as the alarm's clip shows it). Same-object pairs: a query of one
// view against the alarm of another view; different-object pairs: against every other object's alarm.
// Prints the distributions and the threshold with the best balanced accuracy (and F1), for src/domain/retrievalThreshold.ts.
// Run: node scripts/measure-retrieval-threshold.ts
import sharp from 'sharp';
import { closeFeatures, embed } from '../server/ml/features.ts';
import { cropOf } from '../server/modules/retrieval/candidateKeys.ts';
import { bestSimilarity } from '../server/modules/retrieval/retrievalImages.ts';
import { SNAPSHOT_HEIGHT, SNAPSHOT_WIDTH, sceneFor } from '../server/simulator/snapshot.ts';

const VEHICLE_TYPES = [1, 16, 20, 33];
const HAZARD_TYPES = [1003, 1004, 1008, 1009, 1020];
const SHIFTS = [0, 30, 60];

interface View {
  object: number;
  scene: Float32Array;
  crop: Float32Array;
}

const objects: { type: number; variant: number }[] = [
  ...VEHICLE_TYPES.flatMap((type) => [0, 1, 2, 3, 4, 5].map((variant) => ({ type, variant }))),
  ...HAZARD_TYPES.flatMap((type) => [0, 1, 2].map((variant) => ({ type, variant }))),
];

const views: View[] = [];
const started = performance.now();
for (const [object, { type, variant }] of objects.entries()) {
  const scene = sceneFor(type, variant);
  for (const shift of SHIFTS) {
    const { img, box } = scene.frame(shift);
    const png = img.toPng();
    const rect = cropOf({ id: 0, imagePath: 'x', boxX: box.x, boxY: box.y, boxW: box.w, boxH: box.h, imageWidth: SNAPSHOT_WIDTH, imageHeight: SNAPSHOT_HEIGHT });
    const cropPng = await sharp(png).extract(rect).png().toBuffer();
    views.push({ object, scene: (await embed(png)).vector, crop: (await embed(cropPng)).vector });
  }
}
const embedMs = performance.now() - started;

// object: the query is a picture of the object (its crop), scored as a search does (best of snapshot and crop);
// scene: the query is a whole snapshot; objectToCrop: an object query against the candidates' crops alone.
type Kind = 'object' | 'scene' | 'objectToCrop';
const scores: Record<Kind, { same: number[]; different: number[] }> = {
  object: { same: [], different: [] },
  scene: { same: [], different: [] },
  objectToCrop: { same: [], different: [] },
};
for (const [i, q] of views.entries()) {
  for (const [j, c] of views.entries()) {
    if (i === j) continue;
    const same = q.object === c.object;
    // A different object is compared at its own first view only (one alarm per other subject, not three).
    if (!same && j % SHIFTS.length !== 0) continue;
    const target = [c.scene, c.crop];
    scores.object[same ? 'same' : 'different'].push(bestSimilarity([q.crop], target));
    scores.scene[same ? 'same' : 'different'].push(bestSimilarity([q.scene], target));
    scores.objectToCrop[same ? 'same' : 'different'].push(bestSimilarity([q.crop], [c.crop]));
  }
}

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))];
const r4 = (v: number) => Math.round(v * 10000) / 10000;
function summary(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, min: r4(s[0]), p05: r4(quantile(s, 0.05)), p50: r4(quantile(s, 0.5)), p95: r4(quantile(s, 0.95)), max: r4(s[s.length - 1]) };
}
function at(threshold: number, same: number[], different: number[]) {
  const tp = same.filter((v) => v >= threshold).length;
  const fp = different.filter((v) => v >= threshold).length;
  const recall = tp / same.length;
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const specificity = 1 - fp / different.length;
  return { threshold: r4(threshold), recall: r4(recall), precision: r4(precision), falsePositiveRate: r4(fp / different.length), balanced: r4((recall + specificity) / 2), f1: r4(precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)) };
}
function best(same: number[], different: number[]) {
  const candidates = [...new Set([...same, ...different].map(r4))].sort((a, b) => a - b);
  let top = at(candidates[0], same, different);
  for (const t of candidates) {
    const m = at(t, same, different);
    if (m.balanced > top.balanced || (m.balanced === top.balanced && m.precision > top.precision)) top = m;
  }
  return top;
}

const report = Object.fromEntries(
  (Object.keys(scores) as Kind[]).map((kind) => {
    const { same, different } = scores[kind];
    return [kind, { same: summary(same), different: summary(different), best: best(same, different), at07: at(0.7, same, different) }];
  }),
);
console.log(JSON.stringify({ objects: objects.length, views: views.length, embedMsPerImage: Math.round((embedMs / (views.length * 2)) * 10) / 10, ...report }, null, 2));
await closeFeatures();
