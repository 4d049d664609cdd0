// depts: the department tree users belong to. Names are unique among siblings only.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { BodyOf, Ctx } from '../shared/contractTypes.ts';
import { isUniqueViolation, notFound, optional, text } from '../shared/records.ts';
import { buildForest, containsText, descendantIds, withAncestors } from '../shared/tree.ts';

type DeptInput = BodyOf<'addDept'>;

export const deptHandlers: HandlerMap = {
  async getDeptTree({ db, body }: Ctx<'getDeptTree'>) {
    const rows = await db
      .selectFrom('depts')
      .select((eb) => [
        'depts.id',
        'depts.parentId',
        'depts.deptName',
        'depts.sort',
        'depts.leader',
        'depts.phone',
        eb.selectFrom('users').select(eb.fn.countAll().as('n')).whereRef('users.deptId', '=', 'depts.id').as('userCount'),
      ])
      .execute();
    const depts = rows.map((r) => ({
      id: r.id,
      parentId: r.parentId,
      deptName: r.deptName,
      sort: r.sort,
      leader: text(r.leader),
      phone: text(r.phone),
      userCount: Number(r.userCount ?? 0),
    }));
    const keyword = body.keyword?.trim();
    if (!keyword) return buildForest(depts);
    const kept = withAncestors(depts, (d) => containsText(keyword, d.deptName));
    return buildForest(depts, (d) => kept.has(d.id));
  },

  async addDept({ db, body }: Ctx<'addDept'>) {
    const parentId = body.parentId ?? 0;
    await checkParentExists(db, parentId);
    await checkNameFree(db, parentId, body.deptName, 0);
    const row = await asNameConflict(body.deptName, () =>
      db.insertInto('depts').values(deptValues(body)).returning('id').executeTakeFirstOrThrow(),
    );
    return { id: row.id };
  },

  async updateDept({ db, body }: Ctx<'updateDept'>) {
    const parentId = body.parentId ?? 0;
    const rows = await db.selectFrom('depts').select(['id', 'parentId']).execute();
    if (!rows.some((r) => r.id === body.id)) throw notFound('entity.dept', body.id);
    await checkParentExists(db, parentId);
    // Moving a department under itself or its own subtree would cut that branch off the tree.
    if (parentId !== 0 && descendantIds(rows, body.id).includes(parentId)) throw new ApiError(409, 'conflict.cycle');
    await checkNameFree(db, parentId, body.deptName, body.id);
    await asNameConflict(body.deptName, () => db.updateTable('depts').set(deptValues(body)).where('id', '=', body.id).execute());
    return null;
  },

  async deleteDept({ db, body }: Ctx<'deleteDept'>) {
    const dept = await db.selectFrom('depts').select('id').where('id', '=', body.id).executeTakeFirst();
    if (!dept) throw notFound('entity.dept', body.id);
    const child = await db.selectFrom('depts').select('id').where('parentId', '=', body.id).limit(1).executeTakeFirst();
    if (child) throw new ApiError(409, 'conflict.hasChildren', { entity: 'entity.dept' });
    const { count } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('deptId', '=', body.id)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) throw new ApiError(409, 'conflict.inUse', { entity: 'entity.dept', count: Number(count) });
    await db.deleteFrom('depts').where('id', '=', body.id).execute();
    return null;
  },
};

async function checkParentExists(db: Kysely<Database>, parentId: number) {
  if (parentId === 0) return;
  const parent = await db.selectFrom('depts').select('id').where('id', '=', parentId).executeTakeFirst();
  if (!parent) throw notFound('entity.dept', parentId);
}

async function checkNameFree(db: Kysely<Database>, parentId: number, deptName: string, ownId: number) {
  const other = await db
    .selectFrom('depts')
    .select('id')
    .where('parentId', '=', parentId)
    .where('deptName', '=', deptName)
    .where('id', '!=', ownId)
    .executeTakeFirst();
  if (other) throw new ApiError(409, 'conflict.duplicate', { field: 'field.deptName', value: deptName });
}

async function asNameConflict<T>(deptName: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'conflict.duplicate', { field: 'field.deptName', value: deptName });
    throw error;
  }
}

/** The stored columns; optional fields left out take the contract's defaults. */
function deptValues(input: DeptInput) {
  return {
    parentId: input.parentId ?? 0,
    deptName: input.deptName,
    sort: input.sort ?? 0,
    leader: optional(input.leader),
    phone: optional(input.phone),
  };
}
