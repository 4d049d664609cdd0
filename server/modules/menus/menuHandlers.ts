// menus: the module tree (menus and buttons) that roles are granted and the console's menu is built from.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { BodyOf, Ctx } from '../shared/contractTypes.ts';
import { isUniqueViolation, notFound } from '../shared/records.ts';
import { containsText, descendantIds, withAncestors } from '../shared/tree.ts';
import { allModules, buildTree, type ModuleRow } from './moduleTree.ts';

type ModuleInput = BodyOf<'addModule'>;

export const menuHandlers: HandlerMap = {
  async listModules({ db, body }: Ctx<'listModules'>) {
    const rows = await allModules(db);
    const keyword = body.keyword?.trim();
    if (!keyword) return buildTree(rows);
    const kept = withAncestors(rows, (r) => containsText(keyword, r.moduleName, r.moduleNameEn, r.moduleNumber));
    return buildTree(rows, (r) => kept.has(r.id));
  },

  async addModule({ db, body: input, user }: Ctx<'addModule'>) {
    const rows = await allModules(db);
    checkParent(rows, input.parentId);
    checkNumberFree(rows, input.moduleNumber, 0);
    const roleIds = [...new Set(input.grantRoleIds ?? [])];
    // Giving a module to roles is role management: without roleConfig a menu editor could grant itself anything.
    if (roleIds.length > 0 && !user!.modules.has('roleConfig')) throw new ApiError(403, 'auth.forbidden', { module: 'roleConfig' });
    await checkRolesExist(db, roleIds);
    const id = await withDuplicateNumberAsConflict(input.moduleNumber, () =>
      db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('modules').values(moduleValues(input)).returning('id').executeTakeFirstOrThrow();
        if (roleIds.length) {
          // A role deleted since the check fails the foreign key and takes the module with it: all or nothing.
          await trx
            .insertInto('roleModules')
            .values(roleIds.map((roleId) => ({ roleId, moduleId: row.id })))
            .execute()
            .catch((error: unknown) => {
              if ((error as { code?: unknown } | null)?.code === '23503') throw new ApiError(400, 'menus.unknownRoles', { ids: roleIds.join(',') });
              throw error;
            });
        }
        return row.id;
      }),
    );
    return { id };
  },

  async updateModule({ db, body: input }: Ctx<'updateModule'>) {
    const rows = await allModules(db);
    if (!rows.some((r) => r.id === input.id)) throw notFound('entity.module', input.id);
    checkParent(rows, input.parentId);
    // The module cannot move under itself or its own subtree: that would cut it off from the tree.
    if (input.parentId !== 0 && descendantIds(rows, input.id).includes(input.parentId)) {
      throw new ApiError(409, 'menus.cycle');
    }
    if (input.moduleType === 'button' && rows.some((r) => r.parentId === input.id)) {
      throw new ApiError(409, 'menus.buttonWithChildren');
    }
    checkNumberFree(rows, input.moduleNumber, input.id);
    await withDuplicateNumberAsConflict(input.moduleNumber, () =>
      db.updateTable('modules').set(moduleValues(input)).where('id', '=', input.id).execute(),
    );
    return null;
  },

  async deleteModule({ db, body: { id } }: Ctx<'deleteModule'>) {
    const module = await db.selectFrom('modules').select('id').where('id', '=', id).executeTakeFirst();
    if (!module) throw notFound('entity.module', id);
    const child = await db.selectFrom('modules').select('id').where('parentId', '=', id).limit(1).executeTakeFirst();
    if (child) throw new ApiError(409, 'conflict.hasChildren', { entity: 'entity.module' });
    // role_modules rows go with it (ON DELETE CASCADE): no role keeps a module that no longer exists.
    await db.deleteFrom('modules').where('id', '=', id).execute();
    return null;
  },
};

/** 400 naming grantRoleIds when one of the roles does not exist. */
async function checkRolesExist(db: Kysely<Database>, roleIds: number[]) {
  if (roleIds.length === 0) return;
  const known = new Set((await db.selectFrom('roles').select('id').where('id', 'in', roleIds).execute()).map((r) => r.id));
  const unknown = roleIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new ApiError(400, 'menus.unknownRoles', { ids: unknown.slice(0, 10).join(',') });
}

/** A non-zero parent must exist and be a menu: buttons are leaves. */
function checkParent(rows: ModuleRow[], parentId: number) {
  if (parentId === 0) return;
  const parent = rows.find((r) => r.id === parentId);
  if (!parent) throw notFound('entity.module', parentId);
  if (parent.moduleType === 'button') throw new ApiError(409, 'menus.buttonParent');
}

function checkNumberFree(rows: ModuleRow[], moduleNumber: string, ownId: number) {
  if (rows.some((r) => r.moduleNumber === moduleNumber && r.id !== ownId)) {
    throw new ApiError(409, 'conflict.duplicate', { field: 'field.moduleNumber', value: moduleNumber });
  }
}

async function withDuplicateNumberAsConflict<T>(moduleNumber: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'conflict.duplicate', { field: 'field.moduleNumber', value: moduleNumber });
    throw error;
  }
}

/** The stored columns; optional fields left out take the contract's defaults. */
function moduleValues(input: ModuleInput) {
  return {
    parentId: input.parentId,
    moduleName: input.moduleName,
    moduleNameEn: input.moduleNameEn ?? input.moduleName,
    moduleIcon: input.moduleIcon ?? '',
    moduleNumber: input.moduleNumber,
    moduleDescription: input.moduleDescription ?? '',
    moduleType: input.moduleType,
    sort: input.sort ?? 0,
    visible: input.visible ?? true,
  };
}
