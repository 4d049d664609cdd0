// A 256-bit key of this site: the environment variable `envName` (64 hex characters) when it is set — what a
// production site does — otherwise generated once and kept in site_settings under `setting`, so every server
// instance on the same database shares it. Read once per database and setting.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

const cache = new WeakMap<object, Map<string, Buffer>>();

export async function siteKey(db: Kysely<Database>, setting: string, envName: string): Promise<Buffer> {
  const fromEnv = process.env[envName];
  if (fromEnv && /^[0-9a-f]{64}$/i.test(fromEnv)) return Buffer.from(fromEnv, 'hex');
  const known = cache.get(db)?.get(setting);
  if (known) return known;
  await db
    .insertInto('siteSettings')
    .values({ key: setting, value: randomBytes(32).toString('hex'), updatedAt: new Date() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('siteSettings').select('value').where('key', '=', setting).executeTakeFirstOrThrow();
  const key = Buffer.from(row.value, 'hex');
  if (!cache.has(db)) cache.set(db, new Map());
  cache.get(db)?.set(setting, key);
  return key;
}
