// Reads one uploaded file from a multipart request, bounded in size and checked by its content, not its name.
import type { FastifyRequest } from 'fastify';
import { ApiError } from './apiError.ts';
import { asClientError } from './clientErrors.ts';
import { humanSize } from './format.ts';
import { formParts } from './formParts.ts';

export interface UploadedFile {
  buffer: Buffer;
  fileName: string;
  mimeType: string;
  extension: string;
  fields: Record<string, string>;
}

export interface UploadRules {
  field: string;
  maxBytes: number;
  /** Allowed content types (sniffed from the bytes) and the extension to store them with. */
  types: Record<string, string>;
}

export async function readUpload(req: FastifyRequest, rules: UploadRules): Promise<UploadedFile> {
  if (!req.isMultipart()) throw new ApiError(415, 'upload.missing', { field: rules.field });
  const fields: Record<string, string> = {};
  let found: UploadedFile | null = null;
  try {
    found = await readParts(req, rules, fields);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'upload.tooLarge', { max: humanSize(rules.maxBytes) });
    // busboy: a body cut short, a broken part header.
    throw new ApiError(400, 'upload.malformed');
  }
  if (!found) throw new ApiError(400, 'upload.missing', { field: rules.field });
  found.fields = fields;
  return found;
}

async function readParts(req: FastifyRequest, rules: UploadRules, fields: Record<string, string>): Promise<UploadedFile | null> {
  let found: UploadedFile | null = null;
  for await (const part of formParts(req, { fileSize: rules.maxBytes, files: 1 })) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== rules.field || found) {
      await part.toBuffer().catch(() => undefined);
      continue;
    }
    let buffer: Buffer;
    try {
      buffer = await part.toBuffer();
    } catch (error) {
      // Over the size limit (413) or a body cut short (400).
      throw asClientError(error, rules.maxBytes) ?? new ApiError(400, 'upload.malformed');
    }
    if (part.file.truncated || buffer.length > rules.maxBytes) {
      throw new ApiError(413, 'upload.tooLarge', { max: humanSize(rules.maxBytes) });
    }
    const mimeType = sniffType(buffer);
    const extension = mimeType ? rules.types[mimeType] : undefined;
    if (!mimeType || !extension) throw new ApiError(415, 'upload.badType', { types: Object.values(rules.types).join(', ') });
    found = { buffer, fileName: part.filename, mimeType, extension, fields };
  }
  return found;
}

// Its home is format.ts (clientErrors.ts needs it and uploads.ts needs clientErrors.ts); the areas import it here.
export { humanSize };

/** The content type by magic number, for the formats the platform accepts. */
export function sniffType(b: Buffer): string | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return 'image/png';
  if (b.length >= 6 && b.subarray(0, 6).toString('latin1').match(/^GIF8[79]a$/)) return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  if (b.length >= 4 && b.readUInt32BE(0) === 0x504b0304) return 'application/zip';
  if (b.length >= 12 && b.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  return null;
}
