// Orchestration → algorithm mall: each publish of a setup event adds its version to the model catalogue (type
// "orchestration", status published), with the algorithm's package (the same zip /custom/event/export answers) as
// the model's file. So the mall, its versions and its download counts are one list for uploaded and orchestrated
// algorithms alike.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { customEventPackage } from '../algorithms/setupEventExport.ts';
import { requireSetupEvent } from '../algorithms/setupEventStore.ts';
import { removeStoredFile, storeFile } from '../devices/storedFiles.ts';

export const ORCHESTRATION_TYPE_CODE = 'orchestration';
/** The type as migration 020 seeds it, recreated by a publish that finds it gone. */
const ORCHESTRATION_TYPE = { typeName: '算法编排', typeCode: ORCHESTRATION_TYPE_CODE, sort: 40, remark: '由算法编排发布的算法（识别提示词 + 检测模型）' };

/**
 * The id of the model type published algorithms are filed under. The type cannot be deleted or have its code changed
 * through the API (modelTypeHandlers.ts), but a site may have lost it before that rule: it is then recreated as the
 * seed made it, so the mall keeps working. Only when its name is taken by another type does the publish stop, with a
 * 409 that says which type is missing and what to do.
 */
export async function orchestrationTypeId(trx: Transaction<Database>): Promise<number> {
  const found = await trx.selectFrom('modelTypes').select('id').where('typeCode', '=', ORCHESTRATION_TYPE_CODE).executeTakeFirst();
  if (found) return found.id;
  // No conflict target: a clash on the code (a concurrent publish recreated it) or on the name leaves nothing inserted.
  await trx.insertInto('modelTypes').values(ORCHESTRATION_TYPE).onConflict((oc) => oc.doNothing()).execute();
  const made = await trx.selectFrom('modelTypes').select('id').where('typeCode', '=', ORCHESTRATION_TYPE_CODE).executeTakeFirst();
  if (made) return made.id;
  throw new ApiError(409, 'algorithms.mallTypeMissing', { code: ORCHESTRATION_TYPE_CODE, name: ORCHESTRATION_TYPE.typeName });
}

/**
 * Inside the publish transaction, after the setup event row holds the new version. Answers the model id and the
 * file a replaced row had, which the caller removes once the transaction has committed.
 */
export async function publishToMall(trx: Transaction<Database>, dataDir: string, setupEventId: number, userName: string): Promise<{ modelId: number; stalePath: string | null }> {
  const row = await requireSetupEvent(trx, setupEventId);
  const version = row.publishedVersion ?? row.version;
  const typeId = await orchestrationTypeId(trx);
  const pack = await customEventPackage(trx, row);
  const bytes = pack.body as Buffer;
  const path = storeFile(dataDir, 'models', 'zip', bytes);
  try {
    const now = new Date();
    const values = {
      modelTypeId: typeId,
      fileName: pack.fileName,
      filePath: path,
      size: bytes.length,
      checksum: createHash('sha256').update(bytes).digest('hex'),
      status: 1 as const,
      description: row.description,
      eventIds: JSON.stringify(row.eventId ? [row.eventId] : []),
      userName,
      setupEventId: row.id,
      publishedAt: now,
      updatedAt: now,
    };
    // A name and version already in the catalogue (an uploaded model of the same name) is replaced by the publish.
    const previous = await trx.selectFrom('models').select(['id', 'filePath']).where('name', '=', row.name).where('version', '=', version).forUpdate().executeTakeFirst();
    if (previous) {
      await trx.updateTable('models').set(values).where('id', '=', previous.id).execute();
      return { modelId: previous.id, stalePath: previous.filePath };
    }
    const inserted = await trx.insertInto('models').values({ ...values, name: row.name, version }).returning('id').executeTakeFirstOrThrow();
    return { modelId: inserted.id, stalePath: null };
  } catch (error) {
    removeStoredFile(dataDir, path);
    throw error;
  }
}
