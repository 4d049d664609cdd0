// Errors thrown by libraries that are the client's doing, not the server's: a multipart body cut short or badly
// formed (busboy), upload limits (@fastify/multipart). They answer 400/413/415 with the envelope, never 500.
import { ApiError } from './apiError.ts';
import { humanSize } from './format.ts';

const MULTIPART_CODES: Record<string, () => ApiError> = {
  FST_PARTS_LIMIT: () => new ApiError(413, 'tooLarge'),
  FST_FILES_LIMIT: () => new ApiError(413, 'tooLarge'),
  FST_FIELDS_LIMIT: () => new ApiError(413, 'tooLarge'),
  FST_PROTO_VIOLATION: () => new ApiError(400, 'upload.malformed'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new ApiError(415, 'upload.missing', { field: 'file' }),
  FST_INVALID_JSON_FIELD_ERROR: () => new ApiError(400, 'upload.malformed'),
  FST_MP_PREMATURE_CLOSE: () => new ApiError(400, 'upload.malformed'),
};

/** busboy's own messages (@fastify/busboy throws plain Errors). */
const BUSBOY_MESSAGE = /^(Unexpected end of (multipart data|form|file)|Malformed (part header|urlencoded form)|Multipart: Boundary not found|Boundary required|Unsupported content type|Missing Content-Type|Malformed content type)/;

export function asClientError(error: unknown, maxUploadBytes?: number): ApiError | null {
  if (error instanceof ApiError) return error;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return maxUploadBytes ? new ApiError(413, 'upload.tooLarge', { max: humanSize(maxUploadBytes) }) : new ApiError(413, 'tooLarge');
  }
  if (code && MULTIPART_CODES[code]) return MULTIPART_CODES[code]();
  if (typeof message === 'string' && BUSBOY_MESSAGE.test(message)) return new ApiError(400, 'upload.malformed');
  return null;
}
