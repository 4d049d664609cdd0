// Password sign-in with lockout, session creation, and the login result of spec §3.
import { type Kysely, sql } from 'kysely';
import { decoyHash, verifyPassword } from '../../auth/passwords.ts';
import { hashToken, newShortCode, newToken } from '../../auth/tokens.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import { EnvelopeReply } from '../../http/handler.ts';
import { readSystemConfig } from '../config/systemConfig.ts';
import { loadUserInfo } from './userInfo.ts';

/**
 * Checks a sign-in. The guess is counted first, in one statement that also sets the lock on the counted value, so
 * however many guesses arrive at once at most `lockAfterFailures` of them reach the password check. Unknown names
 * are counted and locked the same way (and checked against a decoy hash), so the answers do not tell which names
 * exist. A failure count older than the lock time starts again; the right password clears it.
 */
export async function checkPassword(db: Kysely<Database>, config: ServerConfig, username: string, password: string) {
  const counted = await countGuess(db, config, username);
  if (counted.failures > config.lockAfterFailures) {
    throw new ApiError(423, 'auth.locked', { until: formatTime(counted.lockedUntil ?? new Date()) });
  }
  const user = await db.selectFrom('users').select(['id', 'passwordHash', 'status']).where('username', '=', username).executeTakeFirst();
  const right = await verifyPassword(password, user?.passwordHash ?? decoyHash);
  if (!user || !right) {
    if (counted.lockedUntil) throw new ApiError(423, 'auth.locked', { until: formatTime(counted.lockedUntil) });
    throw new ApiError(400, 'auth.badCredentials');
  }
  await clearGuesses(db, username);
  if (user.status !== 1) throw new ApiError(403, 'auth.disabled');
  return user.id;
}

/** One guess counted for the name; answers the count it got and the lock, if this or an earlier guess set one. */
async function countGuess(db: Kysely<Database>, config: ServerConfig, name: string) {
  const now = new Date();
  const lockUntil = new Date(now.getTime() + config.lockMs);
  const staleBefore = new Date(now.getTime() - config.lockMs);
  // The count this guess gets: 1 after an expired lock or a stale window, otherwise one more (capped: a locked
  // name keeps counting without overflowing).
  const next = sql<number>`CASE WHEN (a.locked_until IS NOT NULL AND a.locked_until <= ${now})
      OR (a.locked_until IS NULL AND a.updated_at <= ${staleBefore}) THEN 1 ELSE LEAST(a.failures + 1, 1000000000) END`;
  const row = await sql<{ failures: number; lockedUntil: Date | null }>`
    INSERT INTO login_attempts AS a (name, failures, locked_until, updated_at)
    VALUES (${name}, 1, ${config.lockAfterFailures <= 1 ? lockUntil : null}, ${now})
    ON CONFLICT (name) DO UPDATE SET
      failures = ${next},
      locked_until = CASE WHEN a.locked_until > ${now} THEN a.locked_until
        WHEN ${next} >= ${config.lockAfterFailures} THEN ${lockUntil}::timestamptz ELSE NULL END,
      updated_at = ${now}
    RETURNING failures, locked_until`.execute(db);
  const counted = row.rows[0];
  pruneGuesses(db, staleBefore, now);
  return { failures: Number(counted.failures), lockedUntil: counted.lockedUntil ? new Date(counted.lockedUntil) : null };
}

export async function clearGuesses(db: Kysely<Database>, name: string) {
  await db.deleteFrom('loginAttempts').where('name', '=', name).execute();
}

let lastPrune = 0;
/** Rows of names nobody tried for a lock time are dropped (at most once a minute), so random names do not pile up. */
function pruneGuesses(db: Kysely<Database>, staleBefore: Date, now: Date) {
  if (now.getTime() - lastPrune < 60_000) return;
  lastPrune = now.getTime();
  void db
    .deleteFrom('loginAttempts')
    .where('updatedAt', '<', staleBefore)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
    .execute()
    .catch(() => undefined);
}

export async function openSession(
  db: Kysely<Database>,
  config: ServerConfig,
  userId: number,
  ip: string,
  options: { exclusive?: boolean } = {},
) {
  const token = newToken();
  const tokenHash = hashToken(token);
  const loginCode = newShortCode();
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    if (options.exclusive) {
      await trx.updateTable('sessions').set({ revokedAt: now }).where('userId', '=', userId).where('revokedAt', 'is', null).execute();
    }
    await trx
      .insertInto('sessions')
      .values({ tokenHash, userId, loginCode, ip, createdAt: now, expiresAt: new Date(now.getTime() + config.tokenTtlMs) })
      .execute();
    await trx.updateTable('users').set({ lastLoginAt: now }).where('id', '=', userId).execute();
  });
  const userinfo = await loadUserInfo(db, userId, tokenHash);
  // The site's scene type (1 traffic, 2 general) is a system configuration key.
  const { sceneType } = await readSystemConfig(db);
  return new EnvelopeReply({ token, loginCode, userinfo, sceneType });
}
