// Background upkeep of the alarm tables, started by server/main.ts: snapshot files of deleted alarms are removed
// a day later, and on embedded PGlite — which has no autovacuum — the alarms table is analysed as it grows, so
// the planner's row estimates (and with them the list's index choice) stay right.
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import { latestSeq, purgeDeletedImages } from './alarmStore.ts';

const PURGE_EVERY_MS = 3600_000;
const PURGE_AFTER_MS = 86_400_000;
const CHECK_EVERY_MS = 60_000;
/** Analyse again after this many new alarms, or a tenth of the table, whichever is larger. */
const ANALYZE_AFTER_ROWS = 5000;

export function startAlarmMaintenance(database: DatabaseHandle, dataDir: string, log: (error: unknown) => void): { stop(): void } {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, task: () => Promise<unknown>) => {
    const timer = setInterval(() => task().catch(log), ms);
    timer.unref();
    timers.push(timer);
  };
  every(PURGE_EVERY_MS, () => purgeDeletedImages(database.db, dataDir, PURGE_AFTER_MS));
  if (database.kind === 'pglite') {
    let analysedAt = -1;
    const analyse = async () => {
      const seq = await latestSeq(database.db);
      if (analysedAt >= 0 && seq - analysedAt < Math.max(ANALYZE_AFTER_ROWS, analysedAt / 10)) return;
      await sql`ANALYZE alarms`.execute(database.db);
      analysedAt = seq;
    };
    analyse().catch(log);
    every(CHECK_EVERY_MS, analyse);
  }
  return {
    stop() {
      for (const t of timers) clearInterval(t);
    },
  };
}
