// The work-clothes library: reference pictures of the uniforms "not wearing work clothes" events compare against,
// per box or shared by all boxes (boxId null). Changes reach the boxes concerned with their next heartbeat answer.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { readUpload } from '../../http/uploads.ts';
import { IMAGE_BOUNDS, safeImage } from '../../media/imageSafety.ts';
import { removeStoredFile, storeFile } from '../devices/storedFiles.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, isUniqueViolation, notFound, pageResult } from '../shared/records.ts';
import { queueBoxCommand } from './boxStatus.ts';
import { requireBox } from './edgeBoxHandlers.ts';

const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** The boxes a library change concerns: the one box, or all of them for the shared library. */
async function notifyBoxes(db: Kysely<Database>, boxId: number | null) {
  const ids = boxId !== null ? [boxId] : (await db.selectFrom('edgeBoxes').select('id').execute()).map((b) => b.id);
  for (const id of ids) await queueBoxCommand(db, id, 'workClothes');
}

export const workClothesHandlers: HandlerMap = {
  async listWorkClothes({ db, body }: Ctx<'listWorkClothes'>) {
    const page = pageOf(body);
    let q = db.selectFrom('workClothes');
    if (body.boxId) q = q.where((eb) => eb.or([eb('boxId', '=', body.boxId!), eb('boxId', 'is', null)]));
    const keyword = body.keyword?.trim();
    if (keyword) q = q.where('name', 'ilike', containsPattern(keyword));
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    const list = rows.map(
      (r): Schema<'EdgeBoxWorkClothes'> => ({ id: r.id, name: r.name, imageUrl: `/files/${r.imagePath}`, boxId: r.boxId, remark: r.remark, createTime: formatTime(r.createdAt)! }),
    );
    return pageResult(list, total as string, page);
  },

  async addWorkClothes({ db, req, services }: Ctx<'addWorkClothes'>) {
    const upload = await readUpload(req, { field: 'file', maxBytes: MAX_PICTURE_BYTES, types: { 'image/jpeg': 'jpg', 'image/png': 'png' } });
    const name = (upload.fields.name ?? '').trim();
    if (name.length < 1 || name.length > 32) throw new ApiError(400, 'devices.rule', { field: 'name', rule: 'edgeBox.rule.clothesName' });
    const remark = upload.fields.remark ?? null;
    if (remark && remark.length > 500) throw new ApiError(400, 'devices.rule', { field: 'remark', rule: 'edgeBox.rule.remarkLength' });
    let boxId: number | null = null;
    if (upload.fields.boxId) {
      boxId = Number(upload.fields.boxId);
      if (!Number.isInteger(boxId) || boxId < 1) throw new ApiError(400, 'devices.rule', { field: 'boxId', rule: 'devices.rule.positiveInteger' });
      await requireBox(db, boxId);
    }
    let same = db.selectFrom('workClothes').select('id').where('name', '=', name);
    same = boxId === null ? same.where('boxId', 'is', null) : same.where('boxId', '=', boxId);
    if (await same.executeTakeFirst()) throw new ApiError(409, 'conflict.duplicate', { field: 'field.clothesName', value: name });
    const image = await safeImage(upload.buffer, IMAGE_BOUNDS.alarmImage, { field: 'file', accept: ['jpeg', 'png'] });
    const imagePath = storeFile(services.config.dataDir, 'workclothes', image.extension, image.buffer);
    try {
      const row = await db.insertInto('workClothes').values({ boxId, name, imagePath, remark }).returning('id').executeTakeFirstOrThrow();
      await notifyBoxes(db, boxId);
      return { id: row.id };
    } catch (error) {
      removeStoredFile(services.config.dataDir, imagePath);
      if (isUniqueViolation(error)) throw new ApiError(409, 'conflict.duplicate', { field: 'field.clothesName', value: name });
      throw error;
    }
  },

  async deleteWorkClothes({ db, body, services }: Ctx<'deleteWorkClothes'>) {
    const ids = [...new Set(body.ids)];
    const rows = await db.selectFrom('workClothes').select(['id', 'boxId', 'imagePath']).where('id', 'in', ids).execute();
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing !== undefined) throw notFound('entity.workClothes', missing);
    await db.deleteFrom('workClothes').where('id', 'in', ids).execute();
    for (const r of rows) removeStoredFile(services.config.dataDir, r.imagePath);
    for (const boxId of new Set(rows.map((r) => r.boxId))) await notifyBoxes(db, boxId);
    return null;
  },
};
