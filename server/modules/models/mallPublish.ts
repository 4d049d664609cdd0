// Orchestration → algorithm mall: each publish of a setup event adds its version to the model catalogue (type
// "orchestration", status published), with the algorithm's package (the same zip /custom/event/export answers) as
// the model's file. So the mall, its versions and its download counts are one list for uploaded and orchestrated
// algorithms alike.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { customEventPackage } from '../algorithms/setupEventExport.ts';
import { requireSetupEvent } from '../algorithms/setupEventStore.ts';
import { removeStoredFile, storeFile } from '../devices/storedFiles.ts';

export const ORCHESTRATION_TYPE_CODE = 'orchestration';

/**
 * Inside the publish transaction, after the setup event row holds the new version. Answers the model id and the
 * file a replaced row had, which the caller removes once the transaction has committed.
 */
export async function publishToMall(trx: Transaction<Database>, dataDir: string, setupEventId: number, userName: string): Promise<{ modelId: number; stalePath: string | null }> {
  const row = await requireSetupEvent(trx, setupEventId);
  const version = row.publishedVersion ?? row.version;
  const type = await trx.selectFrom('modelTypes').select('id').where('typeCode', '=', ORCHESTRATION_TYPE_CODE).executeTakeFirstOrThrow();
  const pack = await customEventPackage(trx, row);
  const bytes = pack.body as Buffer;
  const path = storeFile(dataDir, 'models', 'zip', bytes);
  try {
    const now = new Date();
    const values = {
      modelTypeId: type.id,
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
