// Stream passwords are stored encrypted (AES-256-GCM) and never returned. The key comes from DEVICE_SECRET_KEY
// (64 hex characters) when set — what a production site does — otherwise it is generated once and kept in
// site_settings, so every server instance on the same database shares it.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

const KEY_SETTING = 'devices.streamSecretKey';
const cache = new WeakMap<object, Buffer>();

async function key(db: Kysely<Database>): Promise<Buffer> {
  const fromEnv = process.env.DEVICE_SECRET_KEY;
  if (fromEnv && /^[0-9a-f]{64}$/i.test(fromEnv)) return Buffer.from(fromEnv, 'hex');
  const cached = cache.get(db);
  if (cached) return cached;
  await db
    .insertInto('siteSettings')
    .values({ key: KEY_SETTING, value: randomBytes(32).toString('hex'), updatedAt: new Date() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('siteSettings').select('value').where('key', '=', KEY_SETTING).executeTakeFirstOrThrow();
  const value = Buffer.from(row.value, 'hex');
  cache.set(db, value);
  return value;
}

/** "v1:" + base64url(iv | tag | ciphertext). */
export async function encryptStreamPassword(db: Kysely<Database>, password: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await key(db), iv);
  const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export async function decryptStreamPassword(db: Kysely<Database>, stored: string): Promise<string> {
  const raw = Buffer.from(stored.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', await key(db), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
