// Validation on a video (/testVerify): ffmpeg samples the frames (decoded before answering, so a damaged video is
// a 400) as lossless PNG files of the video's own size, then each frame is scored in the background by the trained
// model — the same path as image validation (the extractor's preprocessing, classifier, threshold), so a frame is
// decided exactly as the same picture uploaded as an image — and the job row carries the progress and the scored
// frames. The screen's picture of a frame is a small JPEG made separately (never what was scored).
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import type { VideoValidationFrameRow, VideoValidationTable } from '../../db/alarmTables.ts';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { translate } from '../../http/messages.ts';
import sharp from 'sharp';
import { fileSigner, type FileSigner } from '../../http/fileSigning.ts';
import { decodeFrames, FfmpegFailedError, ffmpegPath } from '../../media/ffmpeg.ts';
import { storeFile } from '../devices/storedFiles.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { isUniqueViolation, notFound } from '../shared/records.ts';
import { recordingPath } from '../video/recordingStore.ts';
import { requireTrainedModel, scoreImage, type TrainedModel } from './trainedModels.ts';
import { readVideoForm } from './videoForm.ts';

export const MAX_VIDEO_FRAMES = 60;
/** A running job not touched for this long belongs to a server that stopped: it is answered failed. */
const STALE_MS = 120_000;

const running = new Set<Promise<void>>();
export async function videoValidationsSettled(): Promise<void> {
  await Promise.allSettled([...running]);
}

export const videoValidationHandlers: HandlerMap = {
  async startVideoValidation({ db, req, user, lang, services }: Ctx<'startVideoValidation'>) {
    if (!ffmpegPath()) throw new ApiError(409, 'video.noFfmpeg');
    const form = await readVideoForm(req);
    const model = await requireTrainedModel(db, form.modelId);
    const dataDir = services.config.dataDir;
    let file: string;
    let temporary: string | null = null;
    if (form.recordId !== null) {
      const record = await db.selectFrom('videoRecords').select('filePath').where('id', '=', form.recordId).executeTakeFirst();
      if (!record?.filePath) throw notFound('entity.videoRecord', form.recordId);
      file = recordingPath(dataDir, record.filePath);
    } else {
      temporary = join(tmpdir(), `argus-validate-${randomBytes(8).toString('hex')}.${form.video!.extension}`);
      await writeFile(temporary, form.video!.buffer);
      file = temporary;
    }
    const frameDir = join(tmpdir(), `argus-frames-${randomBytes(8).toString('hex')}`);
    let frames: string[];
    try {
      frames = (await decodeFrames(file, frameDir, { everySeconds: form.everySeconds, maxFrames: MAX_VIDEO_FRAMES })).files;
    } catch (error) {
      await rm(frameDir, { recursive: true, force: true });
      if (error instanceof FfmpegFailedError) throw new ApiError(400, 'training.videoUndecodable');
      throw error;
    } finally {
      if (temporary) await rm(temporary, { force: true });
    }
    await failStale(db, lang);
    let row: Selectable<VideoValidationTable>;
    try {
      row = await db
        .insertInto('videoValidations')
        .values({ modelId: model.modelId, userId: user!.id, threshold: model.threshold, frameCount: frames.length, progress: 0 })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      await rm(frameDir, { recursive: true, force: true });
      if (isUniqueViolation(error)) throw new ApiError(429, 'training.videoBusy');
      throw error;
    }
    const job = scoreFrames(db, dataDir, row.id, model, frames, form.everySeconds)
      .catch(async (error: unknown) => {
        const message = translate(lang, 'training.videoFailed', { detail: String((error as Error).message).slice(0, 200) });
        await db.updateTable('videoValidations').set({ state: 'failed', error: message, updatedAt: new Date() }).where('id', '=', row.id).execute();
      })
      .finally(() => rm(frameDir, { recursive: true, force: true }));
    running.add(job);
    void job.finally(() => running.delete(job));
    return toValidation(row, await fileSigner(db));
  },

  async getVideoValidation({ db, params, user, lang }: Ctx<'getVideoValidation'>) {
    await failStale(db, lang);
    const row = await db.selectFrom('videoValidations').selectAll().where('id', '=', params.id).where('userId', '=', user!.id).executeTakeFirst();
    if (!row) throw notFound('training.entity.videoValidation', params.id);
    return toValidation(row, await fileSigner(db));
  },
};

/** The screen's picture of a frame: at most 320 pixels wide, JPEG (scores never come from it). */
const THUMB_WIDTH = 320;

async function scoreFrames(db: Kysely<Database>, dataDir: string, id: number, model: TrainedModel, frames: string[], every: number) {
  const scored: VideoValidationFrameRow[] = [];
  for (const [index, path] of frames.entries()) {
    const frame = await readFile(path);
    const sha256 = createHash('sha256').update(frame).digest('hex');
    const score = await scoreImage(db, model, frame, sha256);
    const thumbnail = await sharp(frame).resize({ width: THUMB_WIDTH, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
    await rm(path, { force: true });
    // Kept 24 h with the verification images (evalHandlers sweeps the folder); private, shown by signed URLs.
    const url = storeFile(dataDir, 'verify', 'jpg', thumbnail);
    scored.push({ index, second: Math.round(index * every * 100) / 100, score: Math.round(score * 10000) / 10000, triggered: score >= model.threshold, url });
    const done = index === frames.length - 1;
    await db
      .updateTable('videoValidations')
      .set({ frames: JSON.stringify(scored), progress: Math.round(((index + 1) / frames.length) * 100), updatedAt: new Date(), ...(done ? { state: 'done' as const } : {}) })
      .where('id', '=', id)
      .execute();
  }
}

async function failStale(db: Kysely<Database>, lang: Parameters<typeof translate>[0]) {
  await db
    .updateTable('videoValidations')
    .set({ state: 'failed', error: translate(lang, 'training.videoInterrupted'), updatedAt: new Date() })
    .where('state', '=', 'running')
    .where('updatedAt', '<', new Date(Date.now() - STALE_MS))
    .execute();
}

function toValidation(row: Selectable<VideoValidationTable>, signer: FileSigner) {
  const stored = (typeof row.frames === 'string' ? JSON.parse(row.frames) : row.frames) as VideoValidationFrameRow[];
  // A frame's picture is stored by its private path (rows written before kept the public form /files/verify/…).
  const frames = stored.map((f) => ({ ...f, url: signer.url(f.url.replace(/^\/files\//, '')) }));
  return {
    id: row.id,
    modelId: row.modelId,
    state: row.state,
    progress: row.progress,
    frameCount: row.frameCount,
    threshold: row.threshold,
    error: row.error,
    frames,
  };
}
