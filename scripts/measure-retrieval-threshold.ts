// Measures how well image-search similarity separates the same object from different objects on real photos
// (tests/support/retrievalObjects.ts: 200 objects of the photos in @vladmandic/human/assets), scored exactly as a
// search scores a candidate: each object is an alarm (its snapshot's objects as the index loop stores them: its own
// box and what the detector finds, objectCrops.ts); each query is an altered copy of one object, turned into its
// objects as a search does; an alarm's score is the best cosine over (query object × alarm object).
// Same-object pairs: a query against its own alarm; different-object pairs: against every other alarm.
// Alterations: light (5 % shift, 75 % size, JPEG 70 — must be a hit at the default), resize (50 %), jpeg (q40),
// shift (10 %). Prints the distributions and the threshold chosen for src/domain/retrievalThreshold.ts: the highest
// that keeps every lightly altered copy a hit, with what it lets through, beside the best balanced accuracy.
// Run: node scripts/measure-retrieval-threshold.ts
import { closeDetector } from '../server/ml/detector.ts';
import { closeFeatures } from '../server/ml/features.ts';
import { CropIndex } from '../server/modules/retrieval/cropIndex.ts';
import { alarmObjects, type ObjectCrop, queryObjects } from '../server/modules/retrieval/objectCrops.ts';
import { type Alteration, alteredCopy, REAL_OBJECTS, snapshotOf } from '../tests/support/retrievalObjects.ts';

const ALTERATIONS: Alteration[] = ['light', 'resize', 'jpeg', 'shift'];

const asCrops = (objects: readonly ObjectCrop[]) => objects.map((o, objectNo) => ({ objectNo, label: o.label, box: o.box, vector: o.vector }));

const started = performance.now();
// The server's own index (one alarm per object, id = its place + 1) and its search, every alarm a candidate.
const index = new CropIndex(REAL_OBJECTS.length * 16);
const everyAlarm = new Map(REAL_OBJECTS.map((_, i) => [i + 1, i]));
for (const [i, o] of REAL_OBJECTS.entries()) {
  const shot = await snapshotOf(o);
  const objects = await alarmObjects(shot.jpeg, { id: i + 1, imagePath: 'x', boxX: shot.box.x, boxY: shot.box.y, boxW: shot.box.w, boxH: shot.box.h, imageWidth: shot.width, imageHeight: shot.height });
  index.put(i + 1, asCrops(objects));
}
const indexMs = (performance.now() - started) / REAL_OBJECTS.length;

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))];
const r4 = (v: number) => Math.round(v * 10000) / 10000;
function summary(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, min: r4(s[0]), p01: r4(quantile(s, 0.01)), p05: r4(quantile(s, 0.05)), p50: r4(quantile(s, 0.5)), p95: r4(quantile(s, 0.95)), p99: r4(quantile(s, 0.99)), max: r4(s[s.length - 1]) };
}
function at(threshold: number, same: number[], different: number[]) {
  const tp = same.filter((v) => v >= threshold).length;
  const fp = different.filter((v) => v >= threshold).length;
  const recall = tp / same.length;
  return { threshold: r4(threshold), recall: r4(recall), falsePositiveRate: r4(fp / different.length), falsePositives: fp, precision: r4(tp + fp === 0 ? 1 : tp / (tp + fp)), balanced: r4((recall + 1 - fp / different.length) / 2) };
}

const scores: Record<string, { same: number[]; different: number[]; ownFirst: number; queryObjects: number }> = {};
for (const kind of ALTERATIONS) {
  const entry = { same: [] as number[], different: [] as number[], ownFirst: 0, queryObjects: 0 };
  for (const [i, o] of REAL_OBJECTS.entries()) {
    const query = (await queryObjects(await alteredCopy(o, kind, i))).map((q) => q.vector);
    entry.queryObjects += query.length;
    let bestOther = -1;
    const found = new Map(index.search(query, everyAlarm, -2).map((h) => [h.alarmId, h]));
    for (let j = 0; j < REAL_OBJECTS.length; j++) {
      const s = found.get(j + 1)?.similarity ?? -1;
      if (i === j) entry.same.push(s);
      else {
        entry.different.push(s);
        bestOther = Math.max(bestOther, s);
      }
    }
    if ((entry.same.at(-1) ?? -1) > bestOther) entry.ownFirst += 1;
  }
  scores[kind] = entry;
}

const light = scores.light;
// The default: the highest threshold every lightly altered copy still reaches (a hair below the lowest).
const chosen = Math.floor(Math.min(...light.same) * 1000) / 1000;
const allSame = ALTERATIONS.flatMap((k) => scores[k].same);
const allDifferent = ALTERATIONS.flatMap((k) => scores[k].different);
const candidates = [...new Set([...allSame, ...allDifferent].map((v) => Math.round(v * 1000) / 1000))].sort((a, b) => a - b);
const balanced = candidates.reduce((top, t) => {
  const m = at(t, allSame, allDifferent);
  return m.balanced > top.balanced ? m : top;
}, at(candidates[0], allSame, allDifferent));

console.log(
  JSON.stringify(
    {
      objects: REAL_OBJECTS.length,
      indexMsPerAlarm: Math.round(indexMs),
      cropsPerAlarm: r4(index.size.crops / REAL_OBJECTS.length),
      ...Object.fromEntries(
        ALTERATIONS.map((k) => [
          k,
          { ownFirst: `${scores[k].ownFirst}/${REAL_OBJECTS.length}`, queryObjects: r4(scores[k].queryObjects / REAL_OBJECTS.length), same: summary(scores[k].same), different: summary(scores[k].different), atChosen: at(chosen, scores[k].same, scores[k].different) },
        ]),
      ),
      chosen: at(chosen, allSame, allDifferent),
      bestBalancedAllAlterations: balanced,
      former: at(0.9988, allSame, allDifferent),
    },
    null,
    2,
  ),
);
await closeFeatures();
await closeDetector();
