// Stream passwords are stored encrypted (AES-256-GCM) and never returned. The key comes from DEVICE_SECRET_KEY
// (64 hex characters) when set — what a production site does — otherwise it is generated once and kept in
// site_settings, so every server instance on the same database shares it.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { siteKey } from '../../http/siteKey.ts';

const key = (db: Kysely<Database>) => siteKey(db, 'devices.streamSecretKey', 'DEVICE_SECRET_KEY');

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
