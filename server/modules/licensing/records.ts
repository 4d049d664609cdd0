// Helpers the licensing handlers share: catalogue event ids checked and named, time filters.
import type { Db } from '../catalogue/records.ts';
import { notFound } from '../shared/records.ts';

/** 404 naming the first unknown catalogue event id; otherwise the names by id. */
export async function eventNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('catalogueEvents').select(['id', 'eventName']).where('id', 'in', unique).execute();
  const names = new Map(rows.map((r) => [r.id, r.eventName]));
  const missing = unique.find((id) => !names.has(id));
  if (missing !== undefined) throw notFound('catalogue.entity.event', missing);
  return names;
}

/** Names of the events of many rows at once (unknown ids, deleted since, are left out). */
export async function namesOf(db: Db, lists: readonly number[][]): Promise<Map<number, string>> {
  const ids = [...new Set(lists.flat())];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('catalogueEvents').select(['id', 'eventName']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.eventName]));
}

export const DAY_MS = 24 * 3600 * 1000;
