// The user record the console keeps after sign-in (login result `userinfo`, /user/nav).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { formatTime } from '../../http/format.ts';

export async function loadUserInfo(db: Kysely<Database>, userId: number) {
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
  return { ...rest, lastLoginTime: formatTime(lastLoginAt) };
}
