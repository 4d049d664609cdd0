// users: the paged list, create, update, password reset and delete (spec §6 "User create, update, delete").
import { sql } from 'kysely';
import { hashPassword } from '../../auth/passwords.ts';
import { ApiError } from '../../http/apiError.ts';
import { pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { containsPattern, isUniqueViolation, notFound, optional, pageResult } from '../shared/records.ts';
import { descendantIds } from '../shared/tree.ts';
import { checkDeptAndRole, revokeSessions, toUser, userColumns, userQuery } from './userRecords.ts';

export const userHandlers: HandlerMap = {
  async listUsers({ db, body }: Ctx<'listUsers'>) {
    const page = pageOf(body);
    let query = userQuery(db);
    if (body.deptId !== undefined) {
      // A department's users include those of all its sub-departments.
      const depts = await db.selectFrom('depts').select(['id', 'parentId']).execute();
      query = query.where('users.deptId', 'in', descendantIds(depts, body.deptId));
    }
    if (body.roleId !== undefined) query = query.where('users.roleId', '=', body.roleId);
    if (body.status !== undefined) query = query.where('users.status', '=', body.status);
    const keyword = body.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      query = query.where((eb) =>
        eb.or([eb('users.username', 'ilike', pattern), eb('users.realName', 'ilike', pattern), eb('users.phone', 'ilike', pattern)]),
      );
    }
    const { total } = await query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await query
      .select(userColumns)
      .orderBy('users.createdAt', 'desc')
      .orderBy('users.id', 'desc')
      .limit(page.pageSize)
      .offset(page.offset)
      .execute();
    return pageResult(rows.map(toUser), total as string, page);
  },

  async createUser({ db, body }: Ctx<'createUser'>) {
    if (body.password !== body.confirmPassword) throw new ApiError(400, 'users.passwordMismatch');
    await checkDeptAndRole(db, body.deptId, body.roleId);
    // Usernames are unique regardless of case, so "Admin" cannot pass for "admin".
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', body.username.toLowerCase())
      .executeTakeFirst();
    const duplicate = () => new ApiError(409, 'conflict.duplicate', { field: 'field.username', value: body.username });
    if (taken) throw duplicate();
    const passwordHash = await hashPassword(body.password);
    try {
      const row = await db
        .insertInto('users')
        .values({
          username: body.username,
          realName: body.realName,
          passwordHash,
          deptId: body.deptId,
          roleId: body.roleId,
          ...optionalFields(body),
          status: body.status ?? 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  },

  async updateUser({ db, body, user }: Ctx<'updateUser'>) {
    const status = body.status ?? 1;
    const target = await db.selectFrom('users').select('id').where('id', '=', body.id).executeTakeFirst();
    if (!target) throw notFound('entity.user', body.id);
    await checkDeptAndRole(db, body.deptId, body.roleId);
    if (body.id === user!.id && status === 0) throw new ApiError(409, 'users.selfDisable');
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ realName: body.realName, deptId: body.deptId, roleId: body.roleId, ...optionalFields(body), status, updatedAt: new Date() })
        .where('id', '=', body.id)
        .execute();
      // A disabled user is signed out at once, not when the token expires.
      if (status === 0) await revokeSessions(trx, [body.id]);
    });
    return null;
  },

  async resetUserPassword({ db, body, user }: Ctx<'resetUserPassword'>) {
    if (body.password !== body.confirmPassword) throw new ApiError(400, 'users.passwordMismatch');
    const target = await db.selectFrom('users').select(['id', 'username']).where('id', '=', body.id).executeTakeFirst();
    if (!target) throw notFound('entity.user', body.id);
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
        .where('id', '=', body.id)
        .execute();
      // A reset also lifts a sign-in lock on the name.
      await trx.deleteFrom('loginAttempts').where('name', '=', target.username).execute();
      // Resetting one's own password keeps the session it was done from (as saveNewPassword does).
      await revokeSessions(trx, [body.id], body.id === user!.id ? user!.tokenHash : undefined);
    });
    return null;
  },

  async deleteUsers({ db, body, user }: Ctx<'deleteUsers'>) {
    if (body.ids.includes(user!.id)) throw new ApiError(409, 'conflict.selfDelete');
    // Sessions, third-party codes and display preferences go with the user (ON DELETE CASCADE), so a deleted
    // user's token answers 401 from now on.
    await db.deleteFrom('users').where('id', 'in', body.ids).execute();
    return null;
  },
};

/** The optional columns of create and update: left out (or empty) means not set. */
function optionalFields(body: { phone?: string; idCard?: string; email?: string; avatar?: string; remark?: string }) {
  return {
    phone: optional(body.phone),
    idCard: optional(body.idCard?.toUpperCase()),
    email: optional(body.email),
    avatar: optional(body.avatar),
    remark: optional(body.remark),
  };
}
