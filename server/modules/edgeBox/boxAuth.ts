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

/** Loads under way, per cache: the requests that miss while one runs wait for it instead of each asking again. */
const loading = new WeakMap<Map<number, unknown>, Map<number, Promise<unknown>>>();

/**
 * The cached value, or one load of it shared by every caller until it answers. Without the sharing, a cold start
 * under load (50 boxes at 10 alarms a second each) sent a query per alarm until the first answers came back, each
 * behind the others on the one embedded-database connection: the first 250 ms took 21 alarms instead of 125.
 */
export function cached<T>(cache: Map<number, Cached<T>>, key: number, load: () => Promise<T | undefined>): Promise<T | undefined> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return Promise.resolve(hit.value);
  let pending = loading.get(cache);
  if (!pending) {
    pending = new Map();
    loading.set(cache, pending);
  }
  const running = pending.get(key) as Promise<T | undefined> | undefined;
  if (running) return running;
  const started = pending;
  const next = load().then(
    (value) => {
      started.delete(key);
      if (cache.size > 10_000) cache.clear();
      cache.set(key, { at: Date.now(), value });
      return value;
    },
    (error: unknown) => {
      started.delete(key);
      throw error;
    },
  );
  pending.set(key, next);
  return next;
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
