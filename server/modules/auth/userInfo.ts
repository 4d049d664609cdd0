// The user record the console keeps after sign-in (login result `userinfo`, /user/nav).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { formatTime } from '../../http/format.ts';

/**
 * `lastLoginTime` is the previous sign-in before the session `sessionTokenHash` (every session is one successful
 * sign-in); without a session it is the latest sign-in.
 */
export async function loadUserInfo(db: Kysely<Database>, userId: number, sessionTokenHash?: string) {
  const row = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .innerJoin('depts', 'depts.id', 'users.deptId')
    .select([
      'users.id',
      'users.username',
      'users.realName',
      'users.roleId',
      'roles.roleName',
      'users.deptId',
      'depts.deptName',
      'users.avatar',
      'users.phone',
      'users.email',
      'users.lastLoginAt',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  const { lastLoginAt, ...rest } = row;
  const lastLogin = sessionTokenHash ? await previousSignIn(db, userId, sessionTokenHash) : lastLoginAt;
  return { ...rest, lastLoginTime: formatTime(lastLogin) };
}

async function previousSignIn(db: Kysely<Database>, userId: number, sessionTokenHash: string): Promise<Date | null> {
  const row = await db
    .selectFrom('sessions')
    .select('createdAt')
    .where('userId', '=', userId)
    .where('id', '<', (eb) => eb.selectFrom('sessions').select('id').where('tokenHash', '=', sessionTokenHash))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.createdAt ?? null;
}
