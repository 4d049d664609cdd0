// The multipart form of startVideoValidation: modelId, everySeconds, and either a video file (MP4/WebM, bounded,
// sniffed) or a recordId. The video is streamed to a private staged file (stagedUploads.ts), never held in memory;
// the caller removes it (removeStaged) when the validation has its frames or is refused. Read here because the file
// is optional, which the shared single-file reader does not allow.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/apiError.ts';
import { asClientError } from '../../http/clientErrors.ts';
import { formParts } from '../../http/formParts.ts';
import { removeStaged, type StagedFile, stageFile } from '../../http/stagedUploads.ts';
import { sniffType } from '../../http/uploads.ts';

/** Streamed to disk, so the bound is the disk's and the decode's, not memory's; the duration bound is config's. */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
const VIDEO_TYPES: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };

export interface VideoForm {
  modelId: number;
  recordId: number | null;
  everySeconds: number;
  video: { staged: StagedFile; extension: string } | null;
}

function intField(fields: Record<string, string>, name: string, required: boolean): number | null {
  const text = fields[name];
  if (text === undefined || text === '') {
    if (required) throw new ApiError(400, 'training.badField', { field: name });
    return null;
  }
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2147483647) throw new ApiError(400, 'training.badField', { field: name });
  return Number(text);
}

function checkFields(fields: Record<string, string>, hasVideo: boolean) {
  const modelId = intField(fields, 'modelId', true) as number;
  const recordId = intField(fields, 'recordId', false);
  if ((recordId === null) === !hasVideo) throw new ApiError(400, 'training.videoSource');
  const every = fields.everySeconds === undefined || fields.everySeconds === '' ? 1 : Number(fields.everySeconds);
  if (!Number.isFinite(every) || every < 0.2 || every > 60) throw new ApiError(400, 'training.badField', { field: 'everySeconds' });
  return { modelId, recordId, everySeconds: every };
}

export async function readVideoForm(req: FastifyRequest, dataDir: string, signal?: AbortSignal): Promise<VideoForm> {
  if (!req.isMultipart()) throw new ApiError(415, 'upload.missing', { field: 'video' });
  const fields: Record<string, string> = {};
  let video: VideoForm['video'] = null;
  try {
    for await (const part of formParts(req, { fileSize: VIDEO_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096 })) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'video' || video) {
        part.file.resume();
        continue;
      }
      const staged = await stageFile(part, dataDir, { maxBytes: VIDEO_MAX_BYTES, prefix: 'validate', extension: 'video', signal });
      const type = sniffType(staged.head);
      const extension = type ? VIDEO_TYPES[type] : undefined;
      if (!extension) {
        await removeStaged(staged);
        throw new ApiError(415, 'upload.badType', { types: 'mp4, webm' });
      }
      video = { staged, extension };
    }
    return { ...checkFields(fields, video !== null), video };
  } catch (error) {
    await removeStaged(video?.staged);
    if (error instanceof ApiError) throw error;
    throw asClientError(error, VIDEO_MAX_BYTES) ?? new ApiError(400, 'upload.malformed');
  }
}
