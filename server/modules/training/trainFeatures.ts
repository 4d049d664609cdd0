// The vectors one training reads: for every sample its own, its augmented copies and its robustness variants
// (server/ml/features/augment.ts), each looked up in the embedding cache first; the missing ones are rendered and
// embedded in the feature workers (one per core for a training large enough), two images in flight per worker so
// each always has the next one (its rendering runs on libuv's threads while the network works on the previous one). Samples are put in content order (hash, label),
// so the same data gives the same fold split and the same sums whatever order it was uploaded in; the seed of
// every random choice is derived from that data and the settings. The embedding loop and the assembly are apart
// from the database, so the bench measures this same code (bench/trainingRun.ts).
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { TrainInput } from '../../ml/classifier/trainClassifier.ts';
import { embedVariants, featureRequestsInFlight } from '../../ml/features.ts';
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

export interface Planned<S extends Pick<TrainSampleRow, 'id' | 'sha256' | 'label'>> {
  sample: S;
  variants: Variant[];
  keys: string[];
}

/** Every sample (in content order) with the variants a training needs of it and their cache keys. */
export function planVariants<S extends Pick<TrainSampleRow, 'id' | 'sha256' | 'label'>>(samples: S[], settings: AugmentSettings): Planned<S>[] {
  return contentOrder(samples).map((sample) => {
    const variants: Variant[] = [
      { kind: 'original' },
      ...augmentationsFor(sample.sha256, settings).map((augmentation) => ({ kind: 'augmented' as const, augmentation })),
      ...ROBUST_NAMES.map((name) => ROBUST_VARIANTS[name]),
    ];
    return { sample, variants, keys: variants.map((v) => variantKey(sample.sha256, v)) };
  });
}

export interface EmbedLoop<S extends Pick<TrainSampleRow, 'id' | 'sha256' | 'label'>> {
  /** The vectors known already (the cache); embedded vectors are added to it. */
  known: Map<string, Float32Array>;
  read(sample: S): Promise<Uint8Array>;
  /** After each sample, in order (done of total); may throw to stop (the rest is not started). */
  onSample(done: number, total: number, embedded: { key: string; vector: Float32Array }[]): Promise<void>;
  /** When given, the workers' own times are added up here (the bench's split of rendering and network). */
  times?: { renderMs: number; inferenceMs: number };
}

/** Embeds the plans' missing variants in the workers, a few images at a time; answers how many were embedded. */
export async function embedMissing<S extends Pick<TrainSampleRow, 'id' | 'sha256' | 'label'>>(plans: Planned<S>[], loop: EmbedLoop<S>): Promise<number> {
  const toEmbed = plans.filter((plan) => plan.keys.some((key) => !loop.known.has(key))).length;
  const inFlight = featureRequestsInFlight(toEmbed);
  let embedded = 0;
  const complete = async (plan: Planned<S>) => {
    const missing = plan.variants.flatMap((v, i) => (loop.known.has(plan.keys[i] as string) ? [] : [{ v, key: plan.keys[i] as string }]));
    if (missing.length === 0) return [];
    const { vectors, renderMs, inferenceMs } = await embedVariants(await loop.read(plan.sample), missing.map((m) => m.v));
    if (loop.times) {
      loop.times.renderMs += renderMs;
      loop.times.inferenceMs += inferenceMs;
    }
    return missing.map((m, i) => ({ key: m.key, vector: vectors[i] as Float32Array }));
  };
  const started: Promise<{ key: string; vector: Float32Array }[]>[] = [];
  for (let i = 0; i < plans.length; i++) {
    // Keep `inFlight` samples going; a failure is read where its sample's turn comes (never left unhandled).
    while (started.length < Math.min(plans.length, i + inFlight)) {
      const work = complete(plans[started.length] as Planned<S>);
      work.catch(() => undefined);
      started.push(work);
    }
    let vectors: { key: string; vector: Float32Array }[];
    try {
      vectors = await (started[i] as Promise<{ key: string; vector: Float32Array }[]>);
    } catch (error) {
      // The next sample's request settles before the job fails (nothing is left writing after it ends).
      await Promise.allSettled(started);
      throw error;
    }
    for (const v of vectors) loop.known.set(v.key, v.vector);
    embedded += vectors.length;
    await loop.onSample(i + 1, plans.length, vectors);
  }
  return embedded;
}

/** The classifier's input from the plans and their vectors: samples, copies (with their origin), robust variants. */
export function assembleInput<S extends Pick<TrainSampleRow, 'id' | 'sha256' | 'label'>>(plans: Planned<S>[], vectors: Map<string, Float32Array>, settings: TrainSettings): Omit<TrainInput, 'iterations'> {
  const vector = (key: string) => {
    const found = vectors.get(key);
    if (!found) throw new Error('a training vector is missing');
    return found;
  };
  const copies = { origin: [] as number[], features: [] as Float32Array[] };
  const robust = Object.fromEntries(ROBUST_NAMES.map((name) => [name, [] as Float32Array[]])) as Record<RobustName, Float32Array[]>;
  for (const [index, plan] of plans.entries()) {
    for (const [i, v] of plan.variants.entries()) {
      if (v.kind !== 'augmented') continue;
      copies.origin.push(index);
      copies.features.push(vector(plan.keys[i] as string));
    }
    for (const name of ROBUST_NAMES) robust[name].push(vector(variantKey(plan.sample.sha256, ROBUST_VARIANTS[name])));
  }
  return {
    ids: plans.map((p) => p.sample.id),
    labels: plans.map((p) => (p.sample.label === 'positive' ? 1 : 0)),
    features: plans.map((p) => vector(p.sample.sha256)),
    copies,
    robust,
    seed: trainingSeed(
      plans.map((p) => p.sample),
      settings,
    ),
  };
}

export interface GatheredFeatures {
  input: Omit<TrainInput, 'iterations'>;
  /** Vectors computed now (the rest came from the cache). */
  embedded: number;
}

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
  const plans = planVariants(rows, settings);
  const known = await cachedEmbeddings(
    db,
    plans.flatMap((p) => p.keys),
  );
  let pending: { key: string; vector: Float32Array }[] = [];
  const embedded = await embedMissing(plans, {
    known,
    async read(sample) {
      try {
        return await readFile(storedFilePath(dataDir, sample.filePath));
      } catch {
        throw new Error(JSON.stringify({ key: 'training.sampleMissing', params: { file: sample.fileName } }));
      }
    },
    async onSample(done, total, vectors) {
      pending.push(...vectors);
      if (pending.length >= FLUSH_ROWS) {
        const batch = pending;
        pending = [];
        await storeEmbeddings(db, batch);
      }
      await onSample(done, total);
    },
  });
  await storeEmbeddings(db, pending);
  return { input: assembleInput(plans, known, settings), embedded };
}
