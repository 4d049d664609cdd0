// roles: a role is a name and the set of modules (menus and buttons) its users may use. The add, update and delete
// forms are form-encoded (spec §7), with the module ids as one comma-separated string.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { allModules, buildTree } from '../menus/moduleTree.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { containsPattern, isUniqueViolation, notFound, pageResult, text } from '../shared/records.ts';

export const roleHandlers: HandlerMap = {
  async addRole({ db, body }: Ctx<'addRole'>) {
    const moduleIds = await checkedModuleIds(db, body.moduleIds ?? '');
    await checkNameFree(db, body.roleName, 0);
    const id = await asNameConflict(body.roleName, () =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('roles')
          .values({ roleName: body.roleName, remark: body.remark ?? '' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await grant(trx, row.id, moduleIds);
        return row.id;
      }),
    );
    return { id };
  },

  async updateRole({ db, body }: Ctx<'updateRole'>) {
    const role = await db.selectFrom('roles').select('id').where('id', '=', body.id).executeTakeFirst();
    if (!role) throw notFound('entity.role', body.id);
    const moduleIds = await checkedModuleIds(db, body.moduleIds);
    await checkNameFree(db, body.roleName, body.id);
    await asNameConflict(body.roleName, () =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('roles').set({ roleName: body.roleName, remark: body.remark ?? '' }).where('id', '=', body.id).execute();
        await trx.deleteFrom('roleModules').where('roleId', '=', body.id).execute();
        await grant(trx, body.id, moduleIds);
      }),
    );
    // Sessions read their role's modules on every call (sessionGuard), so nothing else needs refreshing.
    return null;
  },

  async deleteRole({ db, body }: Ctx<'deleteRole'>) {
    const role = await db.selectFrom('roles').select('id').where('id', '=', body.id).executeTakeFirst();
    if (!role) throw notFound('entity.role', body.id);
    const { count } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('roleId', '=', body.id)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) throw new ApiError(409, 'conflict.inUse', { entity: 'entity.role', count: Number(count) });
    await db.deleteFrom('roles').where('id', '=', body.id).execute();
    return null;
  },

  async listRoles({ db, body }: Ctx<'listRoles'>) {
    const page = pageOf(body);
    let query = db.selectFrom('roles');
    const keyword = body.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      query = query.where((eb) => eb.or([eb('roleName', 'ilike', pattern), eb('remark', 'ilike', pattern)]));
    }
    const { total } = await query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await query
      .select((eb) => [
        'roles.id',
        'roles.roleName',
        'roles.remark',
        'roles.createdAt',
        eb
          .selectFrom('users')
          .select(eb.fn.countAll().as('n'))
          .whereRef('users.roleId', '=', 'roles.id')
          .as('userCount'),
      ])
      .orderBy('roles.id')
      .limit(page.pageSize)
      .offset(page.offset)
      .execute();
    const list = rows.map((r) => ({
      id: r.id,
      roleName: r.roleName,
      remark: text(r.remark),
      userCount: Number(r.userCount ?? 0),
      createTime: formatTime(r.createdAt),
    }));
    return pageResult(list, total as string, page);
  },

  async getRoleMenuList({ db, body }: Ctx<'getRoleMenuList'>) {
    const role = await db.selectFrom('roles').select('id').where('id', '=', body.roleId).executeTakeFirst();
    if (!role) throw notFound('entity.role', body.roleId);
    const held = await db.selectFrom('roleModules').select('moduleId').where('roleId', '=', body.roleId).orderBy('moduleId').execute();
    return { moduleIds: held.map((r) => r.moduleId), tree: buildTree(await allModules(db)) };
  },
};

/** The ids of a comma-separated list (empty entries ignored, duplicates once); 400 naming moduleIds for unknown ids. */
async function checkedModuleIds(db: Kysely<Database>, list: string): Promise<number[]> {
  const ids = [...new Set(list.split(',').filter((s) => s.trim() !== '').map(Number))];
  if (ids.length === 0) return ids;
  const unsafe = ids.filter((id) => !Number.isSafeInteger(id) || id > 2_147_483_647);
  const known = unsafe.length
    ? []
    : await db.selectFrom('modules').select('id').where('id', 'in', ids).execute();
  const knownIds = new Set(known.map((r) => r.id));
  const unknown = ids.filter((id) => !knownIds.has(id));
  if (unknown.length > 0) throw new ApiError(400, 'roles.unknownModules', { ids: unknown.slice(0, 10).join(',') });
  return ids;
}

async function checkNameFree(db: Kysely<Database>, roleName: string, ownId: number) {
  const other = await db.selectFrom('roles').select('id').where('roleName', '=', roleName).where('id', '!=', ownId).executeTakeFirst();
  if (other) throw new ApiError(409, 'conflict.duplicate', { field: 'field.roleName', value: roleName });
}

async function asNameConflict<T>(roleName: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'conflict.duplicate', { field: 'field.roleName', value: roleName });
    throw error;
  }
}

async function grant(trx: Kysely<Database>, roleId: number, moduleIds: number[]) {
  if (moduleIds.length === 0) return;
  await trx.insertInto('roleModules').values(moduleIds.map((moduleId) => ({ roleId, moduleId }))).execute();
}
