// Helpers the catalogue handlers share: all-or-nothing locking of the rows a write names, duplicate names as 409
// (the check and the unique index race), parent cycles, and the bounded JSON lists the rows keep.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import type { MessageKey } from '../../http/messages.ts';
import { isUniqueViolation, notFound } from '../shared/records.ts';

export type Db = Kysely<Database> | Transaction<Database>;
type IdTable = 'catalogueEvents' | 'catalogueEventTypes' | 'models' | 'modelTypes' | 'modelScenes' | 'timeModels' | 'imgTags' | 'tags' | 'cameraGroups' | 'units' | 'algorithmRuns';

/** The rows of `ids` locked for the rest of the transaction (in id order, so two writers cannot deadlock); 404 names the first missing id. */
export async function lockRows<T extends IdTable>(trx: Transaction<Database>, table: T, ids: readonly number[], entity: MessageKey) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = (await (trx as Transaction<any>).selectFrom(table).selectAll().where('id', 'in', unique).orderBy('id').forUpdate().execute()) as Selectable<Database[T]>[];
  const found = new Set(rows.map((row) => (row as { id: unknown }).id as number));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(entity, missing);
  return { ids: unique, rows };
}

/** Runs a write; a unique-index violation (a duplicate that raced past the check) becomes the same 409. */
export async function guardUnique<T>(field: MessageKey, value: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'conflict.duplicate', { field, value });
    throw error;
  }
}

export function duplicate(field: MessageKey, value: string): ApiError {
  return new ApiError(409, 'conflict.duplicate', { field, value });
}

/** 409 when an entity is still used; `what` names the users. */
export function inUse(entity: MessageKey, name: string, count: number | string, what: MessageKey): ApiError {
  return new ApiError(409, 'catalogue.inUse', { entity, name, count: Number(count), what });
}

/** The ids of a row's ancestors (parent first), from an id → parent map; stops on a cycle. */
export function ancestors(parents: Map<number, number | null>, id: number | null): number[] {
  const out: number[] = [];
  for (let cur = id; cur !== null && cur !== undefined && !out.includes(cur); cur = parents.get(cur) ?? null) out.push(cur);
  return out;
}

/** 409 when moving `id` under `parentId` would put it under itself. */
export function checkNoCycle(parents: Map<number, number | null>, id: number, parentId: number | null, entity: MessageKey): void {
  if (parentId !== null && ancestors(parents, parentId).includes(id)) throw new ApiError(409, 'catalogue.cycle', { entity });
}

export const json = (value: unknown) => JSON.stringify(value);
