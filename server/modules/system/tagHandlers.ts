// system: image tags (/imgTag/*) and tags (/tag/*). Image tag names are unique; tag names are unique per tag type
// (camera, event, alarm). Deleting a tag removes it from what carries it (the links go with the tag).
import { sql } from 'kysely';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { type Db, duplicate, guardUnique, lockRows } from '../catalogue/records.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, pageResult } from '../shared/records.ts';

const imageCount = sql<string>`(SELECT count(*) FROM alarm_img_tags a WHERE a.tag_id = it.id)`;
const useCount = sql<string>`(SELECT count(*) FROM tag_links l WHERE l.tag_id = tg.id)`;

async function imgTagTaken(db: Db, tagName: string, ownId: number) {
  return Boolean(await db.selectFrom('imgTags').select('id').where('tagName', '=', tagName).where('id', '!=', ownId).executeTakeFirst());
}

async function tagTaken(db: Db, tagType: string, tagName: string, ownId: number) {
  return Boolean(
    await db.selectFrom('tags').select('id').where('tagType', '=', tagType as 'camera').where('tagName', '=', tagName).where('id', '!=', ownId).executeTakeFirst(),
  );
}

export const tagHandlers: HandlerMap = {
  async listImgTags({ db, body }: Ctx<'listImgTags'>) {
    const page = pageOf(body);
    let q = db.selectFrom('imgTags as it');
    const name = body.tagName?.trim();
    if (name) q = q.where('it.tagName', 'ilike', containsPattern(name));
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll('it').select(imageCount.as('imageCount')).orderBy('it.sort').orderBy('it.id').limit(page.pageSize).offset(page.offset).execute();
    const list = rows.map(
      (r): Schema<'SystemImgTag'> => ({
        id: r.id,
        tagName: r.tagName,
        color: r.color,
        description: r.description,
        sort: r.sort,
        imageCount: Number(r.imageCount),
        createTime: formatTime(r.createdAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async addImgTag({ db, body }: Ctx<'addImgTag'>) {
    const tagName = body.tagName.trim();
    if (await imgTagTaken(db, tagName, 0)) throw duplicate('catalogue.field.tagName', tagName);
    const row = await guardUnique('catalogue.field.tagName', tagName, () =>
      db
        .insertInto('imgTags')
        .values({ tagName, color: (body.color ?? '#1677FF').toUpperCase(), description: body.description ?? '', sort: body.sort ?? 0 })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return { id: row.id };
  },

  async updateImgTag({ db, body }: Ctx<'updateImgTag'>) {
    await db.transaction().execute(async (trx) => {
      const { rows } = await lockRows(trx, 'imgTags', [body.id], 'catalogue.entity.imgTag');
      const tagName = body.tagName?.trim() ?? rows[0].tagName;
      if (await imgTagTaken(trx, tagName, body.id)) throw duplicate('catalogue.field.tagName', tagName);
      await guardUnique('catalogue.field.tagName', tagName, () =>
        trx
          .updateTable('imgTags')
          .set({
            tagName,
            ...(body.color !== undefined ? { color: body.color.toUpperCase() } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.sort !== undefined ? { sort: body.sort } : {}),
          })
          .where('id', '=', body.id)
          .execute(),
      );
    });
    return null;
  },

  async deleteImgTags({ db, body }: Ctx<'deleteImgTags'>) {
    await db.transaction().execute(async (trx) => {
      const { ids } = await lockRows(trx, 'imgTags', body.ids, 'catalogue.entity.imgTag');
      await trx.deleteFrom('imgTags').where('id', 'in', ids).execute();
    });
    return null;
  },

  async listSystemTags({ db, body }: Ctx<'listSystemTags'>) {
    const page = pageOf(body);
    let q = db.selectFrom('tags as tg');
    const name = body.tagName?.trim();
    if (name) q = q.where('tg.tagName', 'ilike', containsPattern(name));
    if (body.tagType !== undefined) q = q.where('tg.tagType', '=', body.tagType);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll('tg').select(useCount.as('useCount')).orderBy('tg.sort').orderBy('tg.id').limit(page.pageSize).offset(page.offset).execute();
    const list = rows.map(
      (r): Schema<'SystemTag'> => ({
        id: r.id,
        tagName: r.tagName,
        tagType: r.tagType,
        color: r.color,
        remark: r.remark,
        sort: r.sort,
        useCount: Number(r.useCount),
        createTime: formatTime(r.createdAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async addSystemTag({ db, body }: Ctx<'addSystemTag'>) {
    const tagName = body.tagName.trim();
    if (await tagTaken(db, body.tagType, tagName, 0)) throw duplicate('catalogue.field.tagName', tagName);
    const row = await guardUnique('catalogue.field.tagName', tagName, () =>
      db
        .insertInto('tags')
        .values({ tagName, tagType: body.tagType, color: (body.color ?? '#1677FF').toUpperCase(), remark: body.remark ?? '', sort: body.sort ?? 0 })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return { id: row.id };
  },

  async updateSystemTag({ db, body }: Ctx<'updateSystemTag'>) {
    await db.transaction().execute(async (trx) => {
      const { rows } = await lockRows(trx, 'tags', [body.id], 'catalogue.entity.tag');
      const row = rows[0];
      const tagName = body.tagName?.trim() ?? row.tagName;
      const tagType = body.tagType ?? row.tagType;
      if (await tagTaken(trx, tagType, tagName, body.id)) throw duplicate('catalogue.field.tagName', tagName);
      // What carries a tag is of its type: a tag that changes type leaves what it labelled.
      if (tagType !== row.tagType) await trx.deleteFrom('tagLinks').where('tagId', '=', row.id).execute();
      await guardUnique('catalogue.field.tagName', tagName, () =>
        trx
          .updateTable('tags')
          .set({
            tagName,
            tagType,
            ...(body.color !== undefined ? { color: body.color.toUpperCase() } : {}),
            ...(body.remark !== undefined ? { remark: body.remark } : {}),
            ...(body.sort !== undefined ? { sort: body.sort } : {}),
          })
          .where('id', '=', row.id)
          .execute(),
      );
    });
    return null;
  },

  async deleteSystemTags({ db, body }: Ctx<'deleteSystemTags'>) {
    await db.transaction().execute(async (trx) => {
      const { ids } = await lockRows(trx, 'tags', body.ids, 'catalogue.entity.tag');
      await trx.deleteFrom('tags').where('id', 'in', ids).execute();
    });
    return null;
  },
};
