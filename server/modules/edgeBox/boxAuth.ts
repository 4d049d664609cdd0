// How an edge box proves who it is on the box API (ingestAlarm, ingestHeartbeat): its id and secret in the
// x-box-id / x-box-secret headers, compared with the stored hash in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';

/**
 * Box secrets (and, for ingest, camera bindings) are read at most every CACHE_MS per server instance: ingest runs at
 * hundreds of alarms a second and each lookup is a query. A re-bound camera or a changed secret applies within that
 * time.
 */
const CACHE_MS = 5000;

export interface Cached<T> {
  at: number;
  value: T | undefined;
}

/** One cache per database (so two servers in one process never share entries). */
export function cacheFor<T>(caches: WeakMap<Kysely<Database>, Map<number, Cached<T>>>, db: Kysely<Database>) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

export async function cached<T>(cache: Map<number, Cached<T>>, key: number, load: () => Promise<T | undefined>): Promise<T | undefined> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = await load();
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { at: Date.now(), value });
  return value;
}

type BoxRow = { id: number; secretHash: string };
const boxCaches = new WeakMap<Kysely<Database>, Map<number, Cached<BoxRow>>>();

function boxOf(db: Kysely<Database>, id: number) {
  return cached(cacheFor(boxCaches, db), id, () => db.selectFrom('edgeBoxes').select(['id', 'secretHash']).where('id', '=', id).executeTakeFirst());
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The box id when x-box-id / x-box-secret match a registered box; 401 otherwise (one answer for every failure). */
export async function authenticateBox(db: Kysely<Database>, req: FastifyRequest): Promise<number> {
  const idText = header(req, 'x-box-id');
  const secret = header(req, 'x-box-secret');
  if (!idText || !/^[1-9]\d{0,9}$/.test(idText) || !secret || secret.length < 16 || secret.length > 128) {
    throw new ApiError(401, 'auth.boxCredentials');
  }
  const box = await boxOf(db, Number(idText));
  const given = createHash('sha256').update(secret).digest();
  // Compared in constant time; an unknown box is compared against its own hash so it takes as long.
  const expected = box && /^[0-9a-f]{64}$/.test(box.secretHash) ? Buffer.from(box.secretHash, 'hex') : given;
  if (!timingSafeEqual(given, expected) || !box) throw new ApiError(401, 'auth.boxCredentials');
  return box.id;
}
