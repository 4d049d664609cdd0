// Reading users as the contract's User (never the password hash) and checking the records a user points at.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { formatTime } from '../../http/format.ts';
import { notFound, text } from '../shared/records.ts';

/** users joined with their role and department: the columns a User answer is made of. */
export function userQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .innerJoin('depts', 'depts.id', 'users.deptId');
}

export const userColumns = [
  'users.id',
  'users.username',
  'users.realName',
  'users.deptId',
  'depts.deptName',
  'users.roleId',
  'roles.roleName',
  'users.phone',
  'users.idCard',
  'users.email',
  'users.avatar',
  'users.status',
  'users.remark',
  'users.createdAt',
  'users.lastLoginAt',
] as const;

type UserRow = {
  id: number;
  username: string;
  realName: string;
  deptId: number;
  deptName: string;
  roleId: number;
  roleName: string;
  phone: string | null;
  idCard: string | null;
  email: string | null;
  avatar: string | null;
  status: number;
  remark: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
};

export function toUser(row: UserRow) {
  return {
    id: row.id,
    username: row.username,
    realName: row.realName,
    deptId: row.deptId,
    deptName: row.deptName,
    roleId: row.roleId,
    roleName: row.roleName,
    phone: text(row.phone),
    idCard: text(row.idCard),
    email: text(row.email),
    avatar: row.avatar || null,
    status: row.status,
    remark: text(row.remark),
    createTime: formatTime(row.createdAt),
    lastLoginTime: formatTime(row.lastLoginAt),
  };
}

/** 404 unless the department and the role a user is given both exist. */
export async function checkDeptAndRole(db: Kysely<Database>, deptId: number, roleId: number) {
  const dept = await db.selectFrom('depts').select('id').where('id', '=', deptId).executeTakeFirst();
  if (!dept) throw notFound('entity.dept', deptId);
  const role = await db.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst();
  if (!role) throw notFound('entity.role', roleId);
}

/** Ends every open session of the given users (all but `keepTokenHash`, the caller's own). */
export async function revokeSessions(db: Kysely<Database>, userIds: number[], keepTokenHash?: string) {
  if (userIds.length === 0) return;
  let update = db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('userId', 'in', userIds)
    .where('revokedAt', 'is', null);
  if (keepTokenHash) update = update.where('tokenHash', '!=', keepTokenHash);
  await update.execute();
}
