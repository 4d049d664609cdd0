// Password sign-in with lockout, session creation, and the login result of spec §3.
import type { Kysely } from 'kysely';
import { decoyHash, verifyPassword } from '../../auth/passwords.ts';
import { hashToken, newShortCode, newToken } from '../../auth/tokens.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import { EnvelopeReply } from '../../http/handler.ts';
import { readSystemConfig } from '../config/systemConfig.ts';
import { loadUserInfo } from './userInfo.ts';


export async function checkPassword(db: Kysely<Database>, config: ServerConfig, username: string, password: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'passwordHash', 'status', 'failedLogins', 'lockedUntil'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!user) {
    await verifyPassword(password, decoyHash);
    throw new ApiError(400, 'auth.badCredentials');
  }
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    throw new ApiError(423, 'auth.locked', { until: formatTime(user.lockedUntil) });
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    const failures = user.failedLogins + 1;
    const lock = failures >= config.lockAfterFailures;
    const lockedUntil = lock ? new Date(Date.now() + config.lockMs) : null;
    await db
      .updateTable('users')
      .set({ failedLogins: lock ? 0 : failures, lockedUntil })
      .where('id', '=', user.id)
      .execute();
    if (lockedUntil) throw new ApiError(423, 'auth.locked', { until: formatTime(lockedUntil) });
    throw new ApiError(400, 'auth.badCredentials');
  }
  if (user.status !== 1) throw new ApiError(403, 'auth.disabled');
  return user.id;
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
    await trx.updateTable('users').set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where('id', '=', userId).execute();
  });
  const userinfo = await loadUserInfo(db, userId, tokenHash);
  // The site's scene type (1 traffic, 2 general) is a system configuration key.
  const { sceneType } = await readSystemConfig(db);
  return new EnvelopeReply({ token, loginCode, userinfo, sceneType });
}
