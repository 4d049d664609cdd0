// The vectors one training reads: for every sample its own, its augmented copies and its robustness variants
// (server/ml/features/augment.ts), each looked up in the embedding cache first; the missing ones are rendered and
// embedded in the ML worker, two images in flight so the worker always has the next one (its rendering runs on
// libuv's threads while the network works on the previous image). Samples are put in content order (hash, label),
// so the same data gives the same fold split and the same sums whatever order it was uploaded in; the seed of
// every random choice is derived from that data and the settings.
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { TrainInput } from '../../ml/classifier/trainClassifier.ts';
import { embedVariants } from '../../ml/features.ts';
import { type AugmentSettings, augmentationsFor, ROBUST_NAMES, ROBUST_VARIANTS, type RobustName, type Variant, variantKey } from '../../ml/features/augment.ts';
import { seedFrom } from '../../ml/seededRandom.ts';
import { storedFilePath } from '../devices/storedFiles.ts';
import { cachedEmbeddings, storeEmbeddings } from './embeddingCache.ts';

export interface TrainSampleRow {
  id: number;
  label: string;
  sha256: string;
  filePath: string;
  fileName: string;
}

export interface TrainSettings extends AugmentSettings {
  epochs: number;
}

/** The training's seed: the images (hash and label, in content order) and the settings, nothing else. */
export function trainingSeed(samples: Pick<TrainSampleRow, 'sha256' | 'label'>[], settings: TrainSettings): number {
  const data = samples.map((s) => `${s.sha256}:${s.label}`).sort();
  return seedFrom(`argus-train-v1|epochs=${settings.epochs}|copies=${settings.copies}|flip=${settings.flip}|${data.join(',')}`);
}

/** Content order: by hash, then label, then id (exact duplicates keep their upload order). */
export function contentOrder<T extends Pick<TrainSampleRow, 'id' | 'sha256' | 'label'>>(samples: T[]): T[] {
  return [...samples].sort((a, b) => (a.sha256 < b.sha256 ? -1 : a.sha256 > b.sha256 ? 1 : a.label < b.label ? -1 : a.label > b.label ? 1 : a.id - b.id));
}

export interface GatheredFeatures {
  input: Omit<TrainInput, 'iterations'>;
  /** Vectors computed now (the rest came from the cache). */
  embedded: number;
  /** Augmented copies in the training data. */
  copies: number;
}

interface Planned {
  sample: TrainSampleRow;
  variants: Variant[];
  keys: string[];
}

const IN_FLIGHT = 2;
const FLUSH_ROWS = 64;

/**
 * Gathers every vector of the training; `onSample` is called after each sample (done, total) and may throw to stop.
 * A sample whose file is missing fails the training with a message naming it.
 */
export async function gatherFeatures(
  db: Kysely<Database>,
  dataDir: string,
  rows: TrainSampleRow[],
  settings: TrainSettings,
  onSample: (done: number, total: number) => Promise<void>,
): Promise<GatheredFeatures> {
  const samples = contentOrder(rows);
  const plans: Planned[] = samples.map((sample) => {
    const variants: Variant[] = [
      { kind: 'original' },
      ...augmentationsFor(sample.sha256, settings).map((augmentation) => ({ kind: 'augmented' as const, augmentation })),
      ...ROBUST_NAMES.map((name) => ROBUST_VARIANTS[name]),
    ];
    return { sample, variants, keys: variants.map((v) => variantKey(sample.sha256, v)) };
  });
  const cache = await cachedEmbeddings(
    db,
    plans.flatMap((p) => p.keys),
  );
  let embedded = 0;
  let pending: { key: string; vector: Float32Array }[] = [];
  const flush = async () => {
    const rowsToStore = pending;
    pending = [];
    await storeEmbeddings(db, rowsToStore);
  };
  /** Computes the sample's missing vectors (in the worker) and puts them in the cache map. */
  const complete = async (plan: Planned) => {
    const missing = plan.variants.flatMap((v, i) => (cache.has(plan.keys[i] as string) ? [] : [{ v, key: plan.keys[i] as string }]));
    if (missing.length === 0) return;
    let bytes: Buffer;
    try {
      bytes = await readFile(storedFilePath(dataDir, plan.sample.filePath));
    } catch {
      throw new Error(JSON.stringify({ key: 'training.sampleMissing', params: { file: plan.sample.fileName } }));
    }
    const { vectors } = await embedVariants(bytes, missing.map((m) => m.v));
    for (const [i, m] of missing.entries()) {
      const vector = vectors[i] as Float32Array;
      cache.set(m.key, vector);
      pending.push({ key: m.key, vector });
    }
    embedded += missing.length;
  };
  const started: Promise<void>[] = [];
  for (let i = 0; i < plans.length; i++) {
    // Keep IN_FLIGHT samples going; a failure is read where its sample's turn comes (never left unhandled).
    while (started.length < Math.min(plans.length, i + IN_FLIGHT)) {
      const work = complete(plans[started.length] as Planned);
      work.catch(() => undefined);
      started.push(work);
    }
    try {
      await started[i];
    } catch (error) {
      // The next sample's request settles before the job fails (nothing is left writing after it ends).
      await Promise.allSettled(started);
      throw error;
    }
    if (pending.length >= FLUSH_ROWS) await flush();
    await onSample(i + 1, plans.length);
  }
  await flush();
  const vector = (key: string) => cache.get(key) as Float32Array;
  const copies = { origin: [] as number[], features: [] as Float32Array[] };
  const robust = Object.fromEntries(ROBUST_NAMES.map((name) => [name, [] as Float32Array[]])) as Record<RobustName, Float32Array[]>;
  for (const [index, plan] of plans.entries()) {
    for (const [i, v] of plan.variants.entries()) {
      if (v.kind === 'augmented') {
        copies.origin.push(index);
        copies.features.push(vector(plan.keys[i] as string));
      }
    }
    for (const name of ROBUST_NAMES) robust[name].push(vector(variantKey(plan.sample.sha256, ROBUST_VARIANTS[name])));
  }
  return {
    input: {
      ids: plans.map((p) => p.sample.id),
      labels: plans.map((p) => (p.sample.label === 'positive' ? 1 : 0)),
      features: plans.map((p) => vector(p.sample.sha256)),
      copies,
      robust,
      seed: trainingSeed(samples, settings),
    },
    embedded,
    copies: copies.features.length,
  };
}
