// Model files: a multipart upload streamed to a private staged file under <DATA_DIR>/tmp (never held whole in
// memory: a model may be 2 GiB; never under files/, which /files/ serves) with its SHA-256 and size computed on the
// way, the type checked by extension and, where the format has one, by its magic bytes; the form's other fields
// checked like the contract's AlgoModelAdd. The handler moves the file into files/models/ only once it accepted the
// whole upload (promoteStaged); a refused or abandoned upload leaves nothing.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/apiError.ts';
import { formParts } from '../../http/formParts.ts';
import { removeStaged, type StagedFile, stageFile } from '../../http/stagedUploads.ts';
import { humanSize } from '../../http/uploads.ts';

export const MODEL_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** Allowed endings (longest first, so .tar.gz wins over .gz) and what their first bytes must look like. */
const KINDS: { ending: string; magic?: (head: Buffer) => boolean }[] = [
  { ending: '.tar.gz', magic: (b) => b[0] === 0x1f && b[1] === 0x8b },
  { ending: '.tgz', magic: (b) => b[0] === 0x1f && b[1] === 0x8b },
  { ending: '.zip', magic: (b) => b.length >= 4 && b.readUInt32BE(0) === 0x504b0304 },
  { ending: '.tar', magic: (b) => b.length >= 262 && b.subarray(257, 262).toString('latin1') === 'ustar' },
  // ONNX is a protobuf ModelProto: its first field is ir_version (field 1, varint) — byte 0x08.
  { ending: '.onnx', magic: (b) => b[0] === 0x08 },
  { ending: '.pt' },
  { ending: '.pth' },
  { ending: '.engine' },
  { ending: '.om' },
  { ending: '.rknn' },
  { ending: '.bin' },
];

export function modelKind(fileName: string) {
  const lower = fileName.toLowerCase();
  return KINDS.find((kind) => lower.endsWith(kind.ending)) ?? null;
}

export const SAMPLE_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_SAMPLES = 3;

export interface ReceivedModelFile {
  fileName: string;
  /** The allowed ending it was taken as, without the dot ("tar.gz"): the stored file keeps it. */
  extension: string;
  staged: StagedFile;
  fields: Record<string, string>;
  /** Sample images as uploaded (the handler decodes and re-encodes them). */
  samples: Buffer[];
}

/** A small part read whole, refused beyond `max` bytes without reading the rest into memory. */
async function readCapped(stream: AsyncIterable<Buffer> & { resume(): void }, max: number, field: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > max) {
      stream.resume();
      throw new ApiError(413, 'upload.tooLarge', { max: humanSize(max), field });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Streams the `file` part to a staged file; other parts are the form's fields and samples. The caller promotes the
 * staged file when it accepts the rest, and removes it (removeStaged) when it does not.
 */
export async function receiveModelFile(req: FastifyRequest, dataDir: string, signal?: AbortSignal, maxBytes = MODEL_MAX_BYTES): Promise<ReceivedModelFile> {
  if (!req.isMultipart()) throw new ApiError(415, 'upload.missing', { field: 'file' });
  const fields: Record<string, string> = {};
  const samples: Buffer[] = [];
  let received: ReceivedModelFile | null = null;
  try {
    for await (const part of formParts(req, { fileSize: maxBytes, files: 1 + MAX_SAMPLES, fields: 20 })) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname === 'samples') {
        if (samples.length >= MAX_SAMPLES) throw new ApiError(400, 'devices.rule', { field: 'samples', rule: 'catalogue.rule.samples' });
        samples.push(await readCapped(part.file, SAMPLE_MAX_BYTES, 'samples'));
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      const kind = modelKind(part.filename);
      if (!kind) {
        part.file.resume();
        throw new ApiError(415, 'catalogue.modelFileType');
      }
      const extension = kind.ending.slice(1);
      const staged = await stageFile(part, dataDir, { maxBytes, prefix: 'model', extension, signal });
      if (kind.magic && !kind.magic(staged.head)) {
        await removeStaged(staged);
        throw new ApiError(415, 'catalogue.modelFileContent', { extension: kind.ending });
      }
      received = { fileName: part.filename, extension, staged, fields, samples };
    }
  } catch (error) {
    await removeStaged(received?.staged);
    if (error instanceof ApiError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'upload.tooLarge', { max: humanSize(maxBytes) });
    throw new ApiError(400, 'upload.malformed');
  }
  if (!received) throw new ApiError(400, 'upload.missing', { field: 'file' });
  return received;
}

/** The form fields of AlgoModelAdd, checked as the contract bounds them (400 naming the field). */
export interface ModelFields {
  name: string;
  modelType: number;
  version: string;
  modelSceneId: number | null;
  status: 0 | 1 | 2;
  description: string;
  eventIds: number[];
}

const bad = (field: string, rule: string) => new ApiError(400, 'devices.rule', { field, rule });

function int(fields: Record<string, string>, name: string, required: boolean): number | null {
  const text = fields[name]?.trim();
  if (!text) {
    if (required) throw new ApiError(400, 'upload.missing', { field: name });
    return null;
  }
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2147483647) throw bad(name, 'catalogue.rule.id');
  return Number(text);
}

export function modelFields(fields: Record<string, string>): ModelFields {
  const name = fields.name?.trim() ?? '';
  if (!name) throw new ApiError(400, 'upload.missing', { field: 'name' });
  if (name.length > 128) throw bad('name', 'catalogue.rule.max128');
  const version = fields.version?.trim() ?? '';
  if (!version) throw new ApiError(400, 'upload.missing', { field: 'version' });
  if (version.length > 32 || !/^[0-9A-Za-z][0-9A-Za-z._-]*$/.test(version)) throw bad('version', 'catalogue.rule.version');
  const status = fields.status?.trim() || '0';
  if (!['0', '1', '2'].includes(status)) throw bad('status', 'catalogue.rule.status');
  const description = fields.description ?? '';
  if (description.length > 500) throw bad('description', 'catalogue.rule.max500');
  const eventIds = fields.eventIds?.trim() ?? '';
  if (eventIds.length > 2000 || !/^(\d+(,\d+)*)?$/.test(eventIds)) throw bad('eventIds', 'catalogue.rule.idList');
  return {
    name,
    version,
    modelType: int(fields, 'modelType', true) as number,
    modelSceneId: int(fields, 'modelSceneId', false),
    status: Number(status) as 0 | 1 | 2,
    description,
    eventIds: eventIds ? [...new Set(eventIds.split(',').map(Number))] : [],
  };
}
