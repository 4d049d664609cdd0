// Measures the detector's precision and recall per score threshold on real photos against hand-drawn boxes
// (tests/support/realPhotoBoxes.json: the five photos of @vladmandic/human/assets), for person and for the other
// classes together, and prints the threshold with the best F2 for each (recall weighted twice: a missed person is a
// missed alarm, while a false box must still pass tracking, the rule's area, dwell and size and the second
// identification before it alarms) — the figures behind src/domain/detectorDefaults.ts and docs/detector.md.
// Run: node scripts/measure-detector-defaults.ts   (add --json for the raw figures)
import { readFileSync } from 'node:fs';
import { closeDetector, detect } from '../server/ml/detector.ts';
import { addCounts, type Counts, type PixelBox, precisionRecall, type ScoredBox, scorePhoto, type TruthPhoto } from '../server/ml/detector/evaluate.ts';
import { REAL_PHOTO_DIR } from '../tests/support/realPhotos.ts';

const truth = JSON.parse(readFileSync(new URL('../tests/support/realPhotoBoxes.json', import.meta.url), 'utf8')) as { photos: TruthPhoto[] };
const THRESHOLDS = Array.from({ length: 15 }, (_, i) => Math.round((0.1 + i * 0.05) * 100) / 100);
const GROUPS = { person: (l: string) => l === 'person', other: (l: string) => l !== 'person' } as const;

const detections = new Map<string, ScoredBox[]>();
const timings: number[] = [];
for (const photo of truth.photos) {
  const result = await detect(readFileSync(`${REAL_PHOTO_DIR}${photo.file}`), { minScore: 0.05 });
  timings.push(result.inferenceMs);
  detections.set(
    photo.file,
    result.detections.map((d) => ({ label: d.label, score: d.score, box: [d.box[0] * result.width, d.box[1] * result.height, d.box[2] * result.width, d.box[3] * result.height] as PixelBox })),
  );
}
await closeDetector();

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const report = Object.fromEntries(
  (Object.keys(GROUPS) as (keyof typeof GROUPS)[]).map((group) => {
    const rows = THRESHOLDS.map((threshold) => {
      let counts: Counts = { truePositives: 0, falsePositives: 0, missed: 0 };
      for (const photo of truth.photos) counts = addCounts(counts, scorePhoto(photo, detections.get(photo.file) ?? [], threshold, GROUPS[group]));
      const pr = precisionRecall(counts);
      const f2 = pr.precision + pr.recall === 0 ? 0 : (5 * pr.precision * pr.recall) / (4 * pr.precision + pr.recall);
      return { threshold, ...counts, precision: r3(pr.precision), recall: r3(pr.recall), f1: r3(pr.f1), f2: r3(f2) };
    });
    // Best F2; among equals the higher threshold (fewer boxes for the same figure). No object found at any
    // threshold (F2 0 throughout): the lowest threshold that keeps no false box.
    const found = rows.some((r) => r.truePositives > 0);
    const best = found ? rows.reduce((top, row) => (row.f2 >= top.f2 ? row : top), rows[0]) : (rows.find((r) => r.falsePositives === 0) ?? rows[rows.length - 1]);
    const truthCount = truth.photos.flatMap((p) => p.objects).filter((o) => GROUPS[group](o.label) && !o.difficult).length;
    return [group, { truth: truthCount, best, rows }];
  }),
);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ photos: truth.photos.map((p) => p.file), networkMs: timings.map(Math.round), ...report }, null, 2));
} else {
  for (const [group, { truth: n, best, rows }] of Object.entries(report)) {
    console.log(`\n${group} (${n} labelled, not difficult) — chosen ${best.threshold}`);
    console.log('| threshold | found | false | missed | precision | recall | F1 | F2 |\n|---|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(`| ${r.threshold.toFixed(2)} | ${r.truePositives} | ${r.falsePositives} | ${r.missed} | ${r.precision} | ${r.recall} | ${r.f1} | ${r.f2} |`);
  }
}
