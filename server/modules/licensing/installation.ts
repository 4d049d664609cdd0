// This installation's identity and Ed25519 key pair, made once (the first caller on any instance wins, the others
// read its row). Activation codes are signed with the private key and verified offline with the public key; the
// private key is read only here, to sign, and is never answered, logged or exported.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export interface Installation {
  installationId: string;
  sign(data: Buffer): Buffer;
  verify(data: Buffer, signature: Buffer): boolean;
}

const cache = new WeakMap<Kysely<Database>, Promise<Installation>>();

async function load(db: Kysely<Database>): Promise<Installation> {
  let row = await db.selectFrom('installationKeys').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) {
    const pair = generateKeyPairSync('ed25519');
    await db
      .insertInto('installationKeys')
      .values({
        id: 1,
        installationId: randomUUID(),
        publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await db.selectFrom('installationKeys').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  }
  const privateKey = createPrivateKey(row.privateKey);
  const publicKey = createPublicKey(row.publicKey);
  return {
    installationId: row.installationId,
    sign: (data) => sign(null, data, privateKey),
    verify: (data, signature) => verify(null, data, publicKey, signature),
  };
}

/** The installation of this database (cached per database handle; a failed load is retried next time). */
export function installation(db: Kysely<Database>): Promise<Installation> {
  let pending = cache.get(db);
  if (!pending) {
    pending = load(db);
    pending.catch(() => cache.delete(db));
    cache.set(db, pending);
  }
  return pending;
}
