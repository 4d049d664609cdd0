// Validation on a video (/testVerify): ffmpeg samples the frames (decoded before answering, so a damaged video is
// a 400), then each frame is scored in the background by the trained model — the same path as image validation
// (feature extractor, classifier, threshold) — and the job row carries the progress and the scored frames.
import { createHash, randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import type { VideoValidationFrameRow, VideoValidationTable } from '../../db/alarmTables.ts';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { translate } from '../../http/messages.ts';
import { FfmpegFailedError, ffmpegPath, sampleFrames } from '../../media/ffmpeg.ts';
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
    let frames: Buffer[];
    try {
      frames = (await sampleFrames(file, { everySeconds: form.everySeconds, maxFrames: MAX_VIDEO_FRAMES, width: 320 })).frames;
    } catch (error) {
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
      if (isUniqueViolation(error)) throw new ApiError(429, 'training.videoBusy');
      throw error;
    }
    const job = scoreFrames(db, dataDir, row.id, model, frames, form.everySeconds).catch(async (error: unknown) => {
      const message = translate(lang, 'training.videoFailed', { detail: String((error as Error).message).slice(0, 200) });
      await db.updateTable('videoValidations').set({ state: 'failed', error: message, updatedAt: new Date() }).where('id', '=', row.id).execute();
    });
    running.add(job);
    void job.finally(() => running.delete(job));
    return toValidation(row);
  },

  async getVideoValidation({ db, params, user, lang }: Ctx<'getVideoValidation'>) {
    await failStale(db, lang);
    const row = await db.selectFrom('videoValidations').selectAll().where('id', '=', params.id).where('userId', '=', user!.id).executeTakeFirst();
    if (!row) throw notFound('training.entity.videoValidation', params.id);
    return toValidation(row);
  },
};

async function scoreFrames(db: Kysely<Database>, dataDir: string, id: number, model: TrainedModel, frames: Buffer[], every: number) {
  const scored: VideoValidationFrameRow[] = [];
  for (const [index, frame] of frames.entries()) {
    const sha256 = createHash('sha256').update(frame).digest('hex');
    const score = await scoreImage(db, model, frame, sha256);
    // Kept 24 h with the verification images (evalHandlers sweeps the folder).
    const url = `/files/${storeFile(dataDir, 'verify', 'jpg', frame)}`;
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

function toValidation(row: Selectable<VideoValidationTable>) {
  const frames = (typeof row.frames === 'string' ? JSON.parse(row.frames) : row.frames) as VideoValidationFrameRow[];
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
