// Measures this server's host every few seconds while the server runs (RESOURCE_SAMPLE_SECONDS, 0 = off) and
// keeps the history downsampled (hourly). A failed measurement is reported and the next one tried as usual.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { hostMeter } from './hostMetrics.ts';
import { compactResourceSamples } from './resourceRetention.ts';
import { storeHostSample } from './resourceStore.ts';

const COMPACT_EVERY_MS = 3600_000;

export interface ResourceSampler {
  /** One measurement now (the first one is taken at start). */
  sampleNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startResourceSampler(db: Kysely<Database>, dataDir: string, seconds: number, onError: (err: unknown) => void): ResourceSampler {
  const meter = hostMeter(dataDir);
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let lastCompact = 0;
  const once = async () => {
    if (stopped) return;
    try {
      const sample = await meter.sample();
      if (stopped) return;
      await storeHostSample(db, sample);
      if (Date.now() - lastCompact >= COMPACT_EVERY_MS) {
        lastCompact = Date.now();
        await compactResourceSamples(db);
      }
    } catch (err) {
      if (!stopped) onError(err);
    }
  };
  const run = () => {
    running = running.then(once);
    return running;
  };
  const timer = seconds > 0 ? setInterval(() => void run(), seconds * 1000) : null;
  timer?.unref();
  if (seconds > 0) void run();
  return {
    sampleNow: run,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
