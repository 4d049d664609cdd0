// The multipart form of startVideoValidation: modelId, everySeconds, and either a video file (MP4/WebM, bounded,
// sniffed) or a recordId. Read here because the file is optional, which the shared single-file reader does not allow.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/apiError.ts';
import { asClientError } from '../../http/clientErrors.ts';
import { fieldText, humanSize, sniffType } from '../../http/uploads.ts';

export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
const VIDEO_TYPES: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };

export interface VideoForm {
  modelId: number;
  recordId: number | null;
  everySeconds: number;
  video: { buffer: Buffer; extension: string } | null;
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

export async function readVideoForm(req: FastifyRequest): Promise<VideoForm> {
  if (!req.isMultipart()) throw new ApiError(415, 'upload.missing', { field: 'video' });
  const fields: Record<string, string> = {};
  let video: VideoForm['video'] = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: VIDEO_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = fieldText(part.fieldname, part.value);
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.fieldname !== 'video') continue;
      if (part.file.truncated || buffer.length > VIDEO_MAX_BYTES) throw new ApiError(413, 'upload.tooLarge', { max: humanSize(VIDEO_MAX_BYTES) });
      const type = sniffType(buffer);
      const extension = type ? VIDEO_TYPES[type] : undefined;
      if (!extension) throw new ApiError(415, 'upload.badType', { types: 'mp4, webm' });
      video = { buffer, extension };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw asClientError(error, VIDEO_MAX_BYTES) ?? new ApiError(400, 'upload.malformed');
  }
  const modelId = intField(fields, 'modelId', true) as number;
  const recordId = intField(fields, 'recordId', false);
  if ((recordId === null) === (video === null)) throw new ApiError(400, 'training.videoSource');
  const every = fields.everySeconds === undefined || fields.everySeconds === '' ? 1 : Number(fields.everySeconds);
  if (!Number.isFinite(every) || every < 0.2 || every > 60) throw new ApiError(400, 'training.badField', { field: 'everySeconds' });
  return { modelId, recordId, everySeconds: every, video };
}
