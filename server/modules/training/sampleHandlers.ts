// training (contract tag uploads): training samples — upload images or a zip (the §5 rules, all or nothing), list,
// classify, delete. The rules: sampleRules.ts; the zip: sampleUploads.ts and zipArchive.ts.
import { ApiError } from '../../http/apiError.ts';
import { pageOf } from '../../http/format.ts';
import { clientSignal, stopIfGone } from '../../http/formParts.ts';
import { removeStaged } from '../../http/stagedUploads.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { SampleLabel } from '../../db/trainingTables.ts';
import { removeStoredFile } from '../devices/storedFiles.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { pageResult } from '../shared/records.ts';
import { MAX_PER_UPLOAD } from './sampleRules.ts';
import { fileSigner } from '../../http/fileSigning.ts';
import { refuseWhileTraining, requireAlgorithm, requireSamples, sampleCounts, storeSamples, toSample } from './sampleStore.ts';
import { checkImages, readImageForm, readTrainingZip, receiveZip } from './sampleUploads.ts';

const LABELS: SampleLabel[] = ['positive', 'negative', 'unclassified'];

export function parseFormId(fields: Record<string, string>, field: string): number {
  const text = fields[field];
  const id = Number(text);
  if (!text || !/^\d+$/.test(text) || id < 1 || id > 2_147_483_647) throw new ApiError(400, 'training.badField', { field });
  return id;
}

function parseLabel(text: string | undefined): SampleLabel {
  if (text === undefined || text === '') return 'unclassified';
  if (!LABELS.includes(text as SampleLabel)) throw new ApiError(400, 'training.badField', { field: 'label' });
  return text as SampleLabel;
}

export const sampleHandlers: HandlerMap = {
  async uploadTrainSamples({ db, req, services }: Ctx<'uploadTrainSamples'>) {
    const form = await readImageForm(req, MAX_PER_UPLOAD);
    const algorithmId = parseFormId(form.fields, 'algorithmId');
    const label = parseLabel(form.fields.label);
    await requireAlgorithm(db, algorithmId);
    const images = await checkImages(form.files);
    return storeSamples(
      db,
      services.config.dataDir,
      algorithmId,
      images.map((image) => ({ ...image, label })),
    );
  },

  async uploadTrainSamplesZip({ db, req, reply, services }: Ctx<'uploadTrainSamplesZip'>) {
    // The zip's work (inflating, decoding each image) stops when the client leaves; nothing is stored then.
    const signal = clientSignal(reply);
    const zip = await receiveZip(req, services.config.dataDir, signal);
    try {
      // The form's fields are checked before a byte of the zip is inflated.
      const algorithmId = parseFormId(zip.fields, 'algorithmId');
      await requireAlgorithm(db, algorithmId);
      const images = await readTrainingZip(zip.staged.path, zip.zipName, signal);
      stopIfGone(signal);
      return await storeSamples(db, services.config.dataDir, algorithmId, images);
    } finally {
      await removeStaged(zip.staged);
    }
  },

  async listTrainSamples({ db, body }: Ctx<'listTrainSamples'>) {
    const page = pageOf(body);
    await requireAlgorithm(db, body.algorithmId);
    let q = db.selectFrom('trainSamples').where('algorithmId', '=', body.algorithmId);
    if (body.label) q = q.where('label', '=', body.label);
    const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    const signer = await fileSigner(db);
    return { ...pageResult(rows.map((r) => toSample(r, signer)), total, page), counts: await sampleCounts(db, body.algorithmId) };
  },

  async classifyTrainSamples({ db, body }: Ctx<'classifyTrainSamples'>) {
    return db.transaction().execute(async (trx) => {
      const { algorithmId } = await requireSamples(trx, body.ids);
      await requireAlgorithm(trx, algorithmId, true);
      await refuseWhileTraining(trx, algorithmId);
      await trx.updateTable('trainSamples').set({ label: body.label }).where('id', 'in', body.ids).where('algorithmId', '=', algorithmId).execute();
      return sampleCounts(trx, algorithmId);
    });
  },

  async deleteTrainSamples({ db, body, services }: Ctx<'deleteTrainSamples'>) {
    const removed = await db.transaction().execute(async (trx) => {
      const { rows, algorithmId } = await requireSamples(trx, body.ids);
      await requireAlgorithm(trx, algorithmId, true);
      await refuseWhileTraining(trx, algorithmId);
      await trx.deleteFrom('trainSamples').where('id', 'in', body.ids).where('algorithmId', '=', algorithmId).execute();
      return rows.flatMap((r) => [r.filePath, r.thumbPath]);
    });
    // Files go after the rows are gone; a file shared by no row is removed (each upload stores its own copy).
    for (const path of removed) removeStoredFile(services.config.dataDir, path);
    return null;
  },
};
