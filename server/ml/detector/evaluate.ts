// Scoring the detector against hand-drawn ground truth (tests/support/realPhotoBoxes.json), PASCAL VOC's way: a box
// is found when a kept detection of its label overlaps it by IoU ≥ 0.5, each truth box taken once, highest scores
// first; a detection on a `difficult` truth box, or lying at least half inside an `ignore` region, counts neither
// way. Pure: used by scripts/measure-detector-defaults.ts and the detector's tests.

export type PixelBox = [number, number, number, number];

export interface TruthObject {
  label: string;
  box: PixelBox;
  difficult?: boolean;
}

export interface TruthPhoto {
  file: string;
  width: number;
  height: number;
  objects: TruthObject[];
  ignore: { box: PixelBox }[];
}

export interface ScoredBox {
  label: string;
  score: number;
  box: PixelBox;
}

export interface Counts {
  truePositives: number;
  falsePositives: number;
  /** Truth boxes (not difficult) that no kept detection found. */
  missed: number;
}

const area = (b: PixelBox) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);

function intersection(a: PixelBox, b: PixelBox): number {
  return area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
}

export function iou(a: PixelBox, b: PixelBox): number {
  const inter = intersection(a, b);
  const union = area(a) + area(b) - inter;
  return union <= 0 ? 0 : inter / union;
}

/**
 * Counts of one photo at one threshold, for the labels `inScope` accepts (a truth object or a detection outside the
 * scope is not looked at).
 */
export function scorePhoto(photo: TruthPhoto, detections: readonly ScoredBox[], threshold: number, inScope: (label: string) => boolean): Counts {
  const truths = photo.objects.filter((o) => inScope(o.label));
  const taken = new Set<number>();
  const counts: Counts = { truePositives: 0, falsePositives: 0, missed: 0 };
  const kept = detections.filter((d) => d.score >= threshold && inScope(d.label)).sort((a, b) => b.score - a.score);
  for (const d of kept) {
    let best = -1;
    let bestIou = 0.5;
    for (const [i, t] of truths.entries()) {
      if (t.label !== d.label || taken.has(i)) continue;
      const overlap = iou(d.box, t.box);
      // A plain box wins over a difficult one of equal overlap: finding it is what counts.
      if (overlap > bestIou || (overlap === bestIou && best >= 0 && truths[best].difficult && !t.difficult)) {
        best = i;
        bestIou = overlap;
      }
    }
    if (best >= 0) {
      taken.add(best);
      if (!truths[best].difficult) counts.truePositives += 1;
      continue;
    }
    const ignored = photo.ignore.some((r) => intersection(d.box, r.box) >= 0.5 * area(d.box));
    if (!ignored) counts.falsePositives += 1;
  }
  counts.missed = truths.filter((t, i) => !t.difficult && !taken.has(i)).length;
  return counts;
}

export function addCounts(a: Counts, b: Counts): Counts {
  return { truePositives: a.truePositives + b.truePositives, falsePositives: a.falsePositives + b.falsePositives, missed: a.missed + b.missed };
}

export function precisionRecall(c: Counts): { precision: number; recall: number; f1: number } {
  const found = c.truePositives + c.falsePositives;
  const truth = c.truePositives + c.missed;
  const precision = found === 0 ? 1 : c.truePositives / found;
  const recall = truth === 0 ? 1 : c.truePositives / truth;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}
