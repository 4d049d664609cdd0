// Validation on a video (/testVerify): ffmpeg samples the frames (decoded before answering, so a damaged video is
// a 400) as lossless PNG files of the video's own size, then each frame is scored in the background by the trained
// model — the same path as image validation (the extractor's preprocessing, classifier, threshold), so a frame is
// decided exactly as the same picture uploaded as an image — and the job row carries the progress and the scored
// frames. The screen's picture of a frame is a small JPEG made separately (never what was scored). The work one
// request causes is bounded: the upload is streamed to a private file; an MP4 longer than the bound is refused from
// its header; the decode reads at most that many seconds, for at most decodeMs; the validations waiting for the
// ffmpeg slot are limited (beyond: 429 with Retry-After); and all of it stops when the client leaves.
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import type { ServerConfig } from '../../config.ts';
import type { VideoValidationFrameRow, VideoValidationTable } from '../../db/alarmTables.ts';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { clientSignal, stopIfGone } from '../../http/formParts.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { removeStaged } from '../../http/stagedUploads.ts';
import { translate } from '../../http/messages.ts';
import sharp from 'sharp';
import { fileSigner, type FileSigner } from '../../http/fileSigning.ts';
import { decodeFrames as decodeFrameFiles, FfmpegBusyError, FfmpegFailedError, ffmpegPath } from '../../media/ffmpeg.ts';
import { NotMp4Error, readMp4Info } from '../../media/mp4Info.ts';
import { storeFile } from '../devices/storedFiles.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { isUniqueViolation, notFound } from '../shared/records.ts';
import { recordingPath } from '../video/recordingStore.ts';
import { requireTrainedModel, scoreImage, type TrainedModel } from './trainedModels.ts';
import { readVideoForm } from './videoForm.ts';

export const MAX_VIDEO_FRAMES = 60;
/**
 * A running job not touched for this long belongs to a server that stopped: it is answered failed. At least the
 * longest a live one can go untouched: waiting behind the queue, then its own decode.
 */
const staleMs = (bounds: ServerConfig['videoValidation']) => Math.max(120_000, (bounds.queueLimit + 2) * bounds.decodeMs);

const running = new Set<Promise<void>>();
export async function videoValidationsSettled(): Promise<void> {
  await Promise.allSettled([...running]);
}

export const videoValidationHandlers: HandlerMap = {
  async startVideoValidation({ db, req, reply, user, lang, services }: Ctx<'startVideoValidation'>) {
    if (!ffmpegPath()) throw new ApiError(409, 'video.noFfmpeg');
    const { dataDir, videoValidation: bounds } = services.config;
    // Everything below stops when the client leaves: the upload, the wait for ffmpeg, the decode.
    const signal = clientSignal(reply);
    const form = await readVideoForm(req, dataDir, signal);
    try {
      const model = await requireTrainedModel(db, form.modelId);
      let file: string;
      if (form.recordId !== null) {
        const record = await db.selectFrom('videoRecords').select('filePath').where('id', '=', form.recordId).executeTakeFirst();
        if (!record?.filePath) throw notFound('entity.videoRecord', form.recordId);
        file = recordingPath(dataDir, record.filePath);
      } else {
        file = form.video!.staged.path;
      }
      refuseTooLong(file, form.recordId === null && form.video!.extension === 'mp4', bounds.maxSeconds);
      await failStale(db, lang, bounds);
      // The caller's one running validation is claimed before any decoding (the unique index is the check).
      let row: Selectable<VideoValidationTable>;
      try {
        row = await db
          .insertInto('videoValidations')
          .values({ modelId: model.modelId, userId: user!.id, threshold: model.threshold, frameCount: 0, progress: 0 })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(429, 'training.videoBusy');
        throw error;
      }
      const frameDir = join(tmpdir(), `argus-frames-${randomBytes(8).toString('hex')}`);
      let frames: string[];
      try {
        frames = await decodeFrames(file, frameDir, form.everySeconds, bounds, signal);
      } catch (error) {
        await rm(frameDir, { recursive: true, force: true });
        await db.deleteFrom('videoValidations').where('id', '=', row.id).execute();
        if (error instanceof FfmpegBusyError) {
          reply.header('retry-after', String(error.retryAfterSeconds));
          throw new ApiError(429, 'training.videoQueueFull', { seconds: error.retryAfterSeconds }, { retryAfter: error.retryAfterSeconds }, 429);
        }
        throw error;
      }
      row = await db.updateTable('videoValidations').set({ frameCount: frames.length, updatedAt: new Date() }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
      const job = scoreFrames(db, dataDir, row.id, model, frames, form.everySeconds)
        .catch(async (error: unknown) => {
          const message = translate(lang, 'training.videoFailed', { detail: String((error as Error).message).slice(0, 200) });
          await db.updateTable('videoValidations').set({ state: 'failed', error: message, updatedAt: new Date() }).where('id', '=', row.id).execute();
        })
        .finally(() => rm(frameDir, { recursive: true, force: true }));
      running.add(job);
      void job.finally(() => running.delete(job));
      return toValidation(row, await fileSigner(db));
    } finally {
      await removeStaged(form.video?.staged);
    }
  },

  async getVideoValidation({ db, params, user, lang, services }: Ctx<'getVideoValidation'>) {
    await failStale(db, lang, services.config.videoValidation);
    const row = await db.selectFrom('videoValidations').selectAll().where('id', '=', params.id).where('userId', '=', user!.id).executeTakeFirst();
    if (!row) throw notFound('training.entity.videoValidation', params.id);
    return toValidation(row, await fileSigner(db));
  },
};

/** An MP4 whose header says it is longer than the bound is refused before it takes the ffmpeg slot. */
function refuseTooLong(file: string, uploadedMp4: boolean, maxSeconds: number) {
  let duration: number;
  try {
    duration = readMp4Info(file).duration;
  } catch (error) {
    // An upload sniffed as MP4 that is not one cannot be decoded; WebM and recordings are bounded by -t instead.
    if (error instanceof NotMp4Error && uploadedMp4) throw new ApiError(400, 'training.videoUndecodable');
    return;
  }
  // 0: a fragmented MP4 (a recording) whose header does not say; the decode stops at the bound anyway.
  if (duration > maxSeconds) throw new ApiError(400, 'training.videoTooLong', { seconds: Math.round(duration), max: maxSeconds });
}

/** The sampled frames as decoded (PNG files in dir), reading at most the first maxSeconds of the video for at most
 *  decodeMs, in the queue. */
async function decodeFrames(file: string, dir: string, every: number, bounds: ServerConfig['videoValidation'], signal: AbortSignal): Promise<string[]> {
  try {
    const sampled = await decodeFrameFiles(file, dir, {
      everySeconds: every,
      maxFrames: MAX_VIDEO_FRAMES,
      maxSeconds: bounds.maxSeconds,
      timeoutMs: bounds.decodeMs,
      kind: 'videoValidation',
      queueLimit: bounds.queueLimit,
      signal,
    });
    return sampled.files;
  } catch (error) {
    stopIfGone(signal);
    if (error instanceof FfmpegFailedError && error.timedOut) throw new ApiError(400, 'training.videoTooSlow', { seconds: Math.round(bounds.decodeMs / 1000) });
    if (error instanceof FfmpegFailedError) throw new ApiError(400, 'training.videoUndecodable');
    throw error;
  }
}

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

async function failStale(db: Kysely<Database>, lang: Parameters<typeof translate>[0], bounds: ServerConfig['videoValidation']) {
  await db
    .updateTable('videoValidations')
    .set({ state: 'failed', error: translate(lang, 'training.videoInterrupted'), updatedAt: new Date() })
    .where('state', '=', 'running')
    .where('updatedAt', '<', new Date(Date.now() - staleMs(bounds)))
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
