// The health check of an algorithm's samples before training (as Roboflow's): class counts and balance, image
// sizes, exact duplicates (same bytes), near duplicates and images smaller than the extractor's input. Near
// duplicates use the perceptual difference hash stored at upload, not the embedding: on the generated set the
// embedding's cosine was 0.984–0.997 between different images and 0.965 between an image and its own JPEG copy,
// so no cosine threshold separates them; the hash distance was ≥ 19 of 64 between different images and 2–11
// for re-encoded, brightened or resized copies.
import type { HandlerMap } from '../../http/handler.ts';
import { hammingDistance } from '../../media/differenceHash.ts';
import { FEATURE_INFO } from '../../ml/features.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { requireAlgorithm, sampleCounts } from './sampleStore.ts';

export const NEAR_DUPLICATE_BITS = 12;

const stats = (values: number[]): Schema<'TrainSizeStats'> =>
  values.length === 0
    ? { min: 0, max: 0, mean: 0 }
    : { min: Math.min(...values), max: Math.max(...values), mean: Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10 };

/** Groups of ids joined by `linked` (union-find), only groups of two or more, each sorted. */
function groups(ids: number[], linked: (a: number, b: number) => boolean): Schema<'TrainDuplicateGroup'>[] {
  const parent = ids.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    return root;
  };
  for (let a = 0; a < ids.length; a++) for (let b = a + 1; b < ids.length; b++) if (linked(a, b)) parent[find(a)] = find(b);
  const byRoot = new Map<number, number[]>();
  for (const [i, id] of ids.entries()) byRoot.set(find(i), [...(byRoot.get(find(i)) ?? []), id]);
  return [...byRoot.values()].filter((g) => g.length > 1).map((g) => ({ sampleIds: g.sort((x, y) => x - y) }));
}

export const trainHealthHandlers: HandlerMap = {
  async getTrainHealth({ db, body }: Ctx<'getTrainHealth'>) {
    await requireAlgorithm(db, body.algorithmId);
    const rows = await db.selectFrom('trainSamples').select(['id', 'sha256', 'dhash', 'width', 'height']).where('algorithmId', '=', body.algorithmId).orderBy('id').execute();
    const counts = await sampleCounts(db, body.algorithmId);
    const larger = Math.max(counts.positive, counts.negative);
    const smaller = Math.min(counts.positive, counts.negative);
    const exactDuplicates = groups(
      rows.map((r) => r.id),
      (a, b) => rows[a]?.sha256 === rows[b]?.sha256,
    );
    // Near duplicates among different files: one row per distinct content, then the ids of all its copies.
    const distinct = rows.filter((r, i) => rows.findIndex((o) => o.sha256 === r.sha256) === i);
    const near = groups(
      distinct.map((r) => r.id),
      (a, b) => hammingDistance(distinct[a]?.dhash as string, distinct[b]?.dhash as string) <= NEAR_DUPLICATE_BITS,
    );
    const minSide = FEATURE_INFO.inputSize;
    return {
      counts,
      balance: smaller === 0 ? null : smaller / larger,
      width: stats(rows.map((r) => r.width)),
      height: stats(rows.map((r) => r.height)),
      exactDuplicates: exactDuplicates.slice(0, 500),
      nearDuplicates: near.slice(0, 500),
      tooSmall: rows.filter((r) => Math.min(r.width, r.height) < minSide).map((r) => r.id),
      minSide,
    };
  },
};
