// evaluation: validation images (1–10 a call; into a dataset, a new dataset, or kept 24 h as verification images)
// optionally scored by a trained model against its threshold, and the evaluation datasets list.
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { sniffType } from '../../http/uploads.ts';
import { FeatureInputError, imageSize } from '../../ml/features.ts';
import { fileSigner } from '../../http/fileSigning.ts';
import { privateRoot, removeStoredFile, storeFile } from '../devices/storedFiles.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, isUniqueViolation, notFound, pageResult } from '../shared/records.ts';
import { parseFormId } from './sampleHandlers.ts';
import { MAX_EVAL_IMAGES } from './sampleRules.ts';
import { readImageForm } from './sampleUploads.ts';
import { requireTrainedModel, scoreImage } from './trainedModels.ts';

const VERIFY_FOLDER = 'verify';
const VERIFY_KEEP_MS = 24 * 3600_000;
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** Verification images older than 24 h go (rows and files); run on each upload. */
async function sweepVerification(ctx: Pick<Ctx<'uploadEvalImages'>, 'db' | 'services'>) {
  const cutoff = new Date(Date.now() - VERIFY_KEEP_MS);
  const old = await ctx.db.deleteFrom('evalImages').where('datasetId', 'is', null).where('createdAt', '<', cutoff).returning('filePath').execute();
  for (const r of old) removeStoredFile(ctx.services.config.dataDir, r.filePath);
  const folder = join(privateRoot(ctx.services.config.dataDir), VERIFY_FOLDER);
  let names: string[] = [];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (statSync(join(folder, name)).mtimeMs < cutoff.getTime()) removeStoredFile(ctx.services.config.dataDir, `${VERIFY_FOLDER}/${name}`);
  }
}

export const evalHandlers: HandlerMap = {
  async uploadEvalImages({ db, req, services, user }: Ctx<'uploadEvalImages'>) {
    const form = await readImageForm(req, MAX_EVAL_IMAGES);
    const { datasetId: idText, datasetName: nameText, label: labelText, modelId: modelText } = form.fields;
    if (idText && nameText) throw new ApiError(400, 'training.datasetIdAndName');
    const datasetId = idText ? parseFormId(form.fields, 'datasetId') : null;
    const datasetName = nameText?.trim() || null;
    if (nameText !== undefined && (!datasetName || datasetName.length > 32)) throw new ApiError(400, 'training.badField', { field: 'datasetName' });
    if (labelText && labelText !== 'positive' && labelText !== 'negative') throw new ApiError(400, 'training.badField', { field: 'label' });
    const label = (labelText || null) as 'positive' | 'negative' | null;
    const model = modelText ? await requireTrainedModel(db, parseFormId(form.fields, 'modelId')) : null;
    if (datasetId !== null && !(await db.selectFrom('evalDatasets').select('id').where('id', '=', datasetId).executeTakeFirst())) {
      throw notFound('training.entity.dataset', datasetId);
    }
    // Every image is checked (and scored) before anything is stored.
    const checked: { fileName: string; buffer: Buffer; extension: string; sha256: string; score: number | null }[] = [];
    for (const f of form.files) {
      const type = sniffType(f.buffer);
      const extension = type ? EXTENSIONS[type] : undefined;
      if (!extension) throw new ApiError(415, 'training.badType', { file: f.fileName.slice(0, 255) });
      try {
        await imageSize(f.buffer);
      } catch (error) {
        if (error instanceof FeatureInputError) throw new ApiError(415, 'training.undecodable', { file: f.fileName.slice(0, 255) });
        throw error;
      }
      const sha256 = createHash('sha256').update(f.buffer).digest('hex');
      const score = model ? await scoreImage(db, model, f.buffer, sha256) : null;
      checked.push({ fileName: f.fileName.slice(0, 255), buffer: f.buffer, extension, sha256, score });
    }
    await sweepVerification({ db, services });
    const written: string[] = [];
    try {
      const stored = await db.transaction().execute(async (trx) => {
        let target = datasetId;
        if (datasetName) {
          const made = await trx.insertInto('evalDatasets').values({ name: datasetName, userName: user?.username ?? '' }).returning('id').executeTakeFirstOrThrow();
          target = made.id;
        }
        const folder = target === null ? VERIFY_FOLDER : `evaluation/${target}`;
        const rows = checked.map((c) => {
          const filePath = storeFile(services.config.dataDir, folder, c.extension, c.buffer);
          written.push(filePath);
          return { datasetId: target, fileName: c.fileName, filePath, sha256: c.sha256, size: c.buffer.length, label };
        });
        await trx.insertInto('evalImages').values(rows).execute();
        return { target, rows };
      });
      const signer = await fileSigner(db);
      const files = stored.rows.map((r, i) => {
        const score = checked[i]?.score ?? null;
        return { fileName: r.fileName, url: signer.url(r.filePath), size: r.size, score, triggered: model && score !== null ? score >= model.threshold : null };
      });
      return { datasetId: stored.target, files, threshold: model?.threshold ?? null } satisfies Schema<'EvalUploadResult'>;
    } catch (error) {
      for (const path of written) removeStoredFile(services.config.dataDir, path);
      if (isUniqueViolation(error)) throw new ApiError(409, 'conflict.duplicate', { field: 'training.field.datasetName', value: datasetName });
      throw error;
    }
  },

  async listEvalDatasets({ db, body }: Ctx<'listEvalDatasets'>) {
    const page = pageOf(body);
    let q = db.selectFrom('evalDatasets');
    const name = body.name?.trim();
    if (name) q = q.where('name', 'ilike', containsPattern(name));
    const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    const ids = rows.map((r) => r.id);
    const images = ids.length
      ? await db.selectFrom('evalImages').select(['datasetId', 'label', (eb) => eb.fn.countAll<string>().as('n')]).where('datasetId', 'in', ids).groupBy(['datasetId', 'label']).execute()
      : [];
    const list = rows.map(
      (r): Schema<'EvalDataset'> => ({
        id: r.id,
        name: r.name,
        imageCount: images.filter((i) => i.datasetId === r.id).reduce((s, i) => s + Number(i.n), 0),
        labels: images.filter((i) => i.datasetId === r.id && i.label).map((i) => i.label as string).sort(),
        source: r.source,
        userName: r.userName,
        createTime: formatTime(r.createdAt) as string,
      }),
    );
    return pageResult(list, total, page);
  },
};
