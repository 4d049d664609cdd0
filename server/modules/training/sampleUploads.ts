// Reading training uploads: up to 100 image parts (each bounded), or one zip streamed to a private staged file
// under <DATA_DIR>/tmp and read from its central directory (zipArchive.ts) once the caller has checked the form's
// fields. Nothing is stored here: the caller stores the images only when every one of them passed (all or nothing).
// A zip's work stops when its client leaves.
import { open } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/apiError.ts';
import { formParts, stopIfGone } from '../../http/formParts.ts';
import { removeStaged, type StagedFile, stageFile } from '../../http/stagedUploads.ts';
import { humanSize, sniffType } from '../../http/uploads.ts';
import type { SampleLabel } from '../../db/trainingTables.ts';
import { type CheckedImage, checkImage, checkImageName, MAX_IMAGE_BYTES, MAX_PER_UPLOAD } from './sampleRules.ts';
import { MAX_ENTRY_BYTES, MAX_TOTAL_BYTES, readCentralDirectory, readEntry } from './zipArchive.ts';

export const MAX_ZIP_BYTES = 1024 * 1024 * 1024;

export interface ImageForm {
  fields: Record<string, string>;
  files: { fileName: string; buffer: Buffer }[];
}

function uploadError(error: unknown, maxBytes: number): never {
  if (error instanceof ApiError) throw error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'upload.tooLarge', { max: humanSize(maxBytes) });
  if (code === 'FST_FILES_LIMIT') throw new ApiError(400, 'training.tooManyFiles', { max: MAX_PER_UPLOAD });
  throw new ApiError(400, 'upload.malformed');
}

/** The form's fields and its `files` parts; more than `maxFiles` is refused. */
export async function readImageForm(req: FastifyRequest, maxFiles: number): Promise<ImageForm> {
  if (!req.isMultipart()) throw new ApiError(415, 'upload.missing', { field: 'files' });
  const form: ImageForm = { fields: {}, files: [] };
  try {
    for await (const part of formParts(req, { fileSize: MAX_IMAGE_BYTES, files: maxFiles + 1, fields: 10, fieldSize: 4096 })) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      if (form.files.length >= maxFiles) throw new ApiError(400, 'training.tooManyFiles', { max: maxFiles });
      // The name rule first: a refused name is refused before its bytes are kept.
      checkImageName(part.filename);
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw new ApiError(413, 'training.fileTooLarge', { file: part.filename.slice(0, 255), max: humanSize(MAX_IMAGE_BYTES) });
      form.files.push({ fileName: part.filename, buffer });
    }
  } catch (error) {
    uploadError(error, MAX_IMAGE_BYTES);
  }
  if (form.files.length === 0) throw new ApiError(400, 'training.noFiles');
  return form;
}

export async function checkImages(files: ImageForm['files']): Promise<CheckedImage[]> {
  const checked: CheckedImage[] = [];
  for (const f of files) checked.push(await checkImage(f.fileName, f.buffer));
  return checked;
}

export type ZipImage = CheckedImage & { label: SampleLabel };

const zipBaseName = (fileName: string) => fileName.replace(/^.*[\\/]/, '').replace(/\.zip$/i, '');

export interface ReceivedZip {
  fields: Record<string, string>;
  staged: StagedFile;
  zipName: string;
}

/**
 * Streams the `file` part to a staged file and reads the form's fields; nothing of the zip is read yet, so the
 * caller checks the fields first. The caller removes the staged file (removeStaged) when done.
 */
export async function receiveZip(req: FastifyRequest, dataDir: string, signal?: AbortSignal): Promise<ReceivedZip> {
  if (!req.isMultipart()) throw new ApiError(415, 'upload.missing', { field: 'file' });
  const fields: Record<string, string> = {};
  let received: { staged: StagedFile; zipName: string } | null = null;
  try {
    for await (const part of formParts(req, { fileSize: MAX_ZIP_BYTES, files: 1, fields: 10, fieldSize: 4096 })) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || received !== null) {
        part.file.resume();
        continue;
      }
      const staged = await stageFile(part, dataDir, {
        maxBytes: MAX_ZIP_BYTES,
        prefix: 'upload',
        extension: 'zip',
        signal,
        tooLarge: () => new ApiError(413, 'training.zipTooLarge', { max: humanSize(MAX_ZIP_BYTES) }),
      });
      received = { staged, zipName: part.filename };
    }
  } catch (error) {
    await removeStaged(received?.staged);
    uploadError(error, MAX_ZIP_BYTES);
  }
  if (received === null) throw new ApiError(400, 'upload.missing', { field: 'file' });
  return { fields, ...received };
}

/** The images of `<zipName>/positive/*` and `<zipName>/negative/*`, each checked by the image rules. */
export async function readTrainingZip(path: string, zipName: string, signal?: AbortSignal): Promise<ZipImage[]> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(8, size));
    await handle.read(head, 0, head.length, 0);
    if (sniffType(head) !== 'application/zip') throw new ApiError(415, 'training.notZip');
    const entries = await readCentralDirectory(handle, size);
    const outer = zipBaseName(zipName);
    const inOuter = entries.filter((e) => e.name.startsWith(`${outer}/`));
    if (!outer || inOuter.length === 0) throw new ApiError(400, 'training.zipOuterFolder', { folder: outer.slice(0, 120) });
    for (const folder of ['positive', 'negative']) {
      if (!inOuter.some((e) => e.name.startsWith(`${outer}/${folder}/`))) throw new ApiError(400, 'training.zipMissingClass', { folder: `${outer}/${folder}`.slice(0, 160) });
    }
    // Direct children of the two folders; anything else (__MACOSX, .DS_Store, deeper folders) is not a sample.
    const images = inOuter.flatMap((e) => {
      const match = /^[^/]+\/(positive|negative)\/([^/]+)$/.exec(e.name);
      if (!match || e.isDirectory || (match[2] ?? '').startsWith('.')) return [];
      return [{ entry: e, label: match[1] as 'positive' | 'negative', fileName: match[2] as string }];
    });
    if (images.length === 0) throw new ApiError(400, 'training.noFiles');
    if (images.length > MAX_PER_UPLOAD) throw new ApiError(400, 'training.tooManyFiles', { max: MAX_PER_UPLOAD });
    for (const image of images) checkImageName(image.fileName);
    const out: ZipImage[] = [];
    // Each entry inflates to at most its declared size; this bounds what they inflate to together, as it happens.
    let inflated = 0;
    for (const image of images) {
      const bytes = await readEntry(handle, image.entry, signal);
      inflated += bytes.length;
      if (inflated > MAX_TOTAL_BYTES) throw new ApiError(400, 'training.zipBomb', { entry: image.fileName.slice(0, 120), size: humanSize(bytes.length), max: humanSize(MAX_ENTRY_BYTES), total: humanSize(MAX_TOTAL_BYTES) });
      const checked = await checkImage(image.fileName, bytes);
      stopIfGone(signal);
      out.push({ ...checked, label: image.label });
    }
    return out;
  } finally {
    await handle.close();
  }
}
