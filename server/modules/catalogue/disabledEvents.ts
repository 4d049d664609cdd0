// Which event ids raise no alarms (spec §4: the catalogue lists the id and every entry of it is disabled). Ingest
// asks for every alarm, hundreds a second, so the set is read at most every CACHE_MS per server instance and
// dropped at once when this instance changes the catalogue; a change made through another instance (PostgreSQL,
// several servers) applies within CACHE_MS, as box secrets and camera bindings do (edgeBox/boxAuth.ts).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

const CACHE_MS = 5000;

interface Entry {
  at: number;
  ids: ReadonlySet<number>;
}

const entries = new WeakMap<Kysely<Database>, Entry>();
/** Bumped by every change: a read that began before it does not store what it read. */
const generations = new WeakMap<Kysely<Database>, number>();

/** The read under way, shared by the alarms that ask meanwhile (one query, not one per alarm, until it answers). */
const reading = new WeakMap<Kysely<Database>, { generation: number; ids: Promise<ReadonlySet<number>> }>();

export function disabledEventIds(db: Kysely<Database>): Promise<ReadonlySet<number>> {
  const hit = entries.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return Promise.resolve(hit.ids);
  const generation = generations.get(db) ?? 0;
  const running = reading.get(db);
  // A read that began before a change is not shared with those asking after it.
  if (running && running.generation === generation) return running.ids;
  const ids = sql<{ eventId: number }>`
    SELECT event_id FROM catalogue_events GROUP BY event_id HAVING NOT bool_or(enabled)`
    .execute(db)
    .then(({ rows }): ReadonlySet<number> => new Set(rows.map((r) => r.eventId)))
    .finally(() => {
      if (reading.get(db)?.ids === ids) reading.delete(db);
    });
  reading.set(db, { generation, ids });
  return ids.then((read) => {
    if ((generations.get(db) ?? 0) === generation) entries.set(db, { at: Date.now(), ids: read });
    return read;
  });
}

/** The catalogue's events changed (added, edited, deleted, disabled, restarted, published): read them again. */
export function catalogueEventsChanged(db: Kysely<Database>): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
  entries.delete(db);
}
