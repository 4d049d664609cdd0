// The one way handlers read a multipart form: every field's name and value, and every file part's field name and
// file name, are checked here before a handler sees them — so a NUL, another control character or a lone surrogate
// in a file name (which PostgreSQL text cannot hold, or a log line should not carry) is a 400 naming the field in
// every upload, not a 500 in the one that forgot. And the signal that says the client has gone away, which long
// upload work passes down so it stops and removes what it wrote.
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './apiError.ts';
import { isBadText, printablePath } from './inputChecks.ts';

/** The longest file name a form may carry (the file-name columns hold 255 characters). */
export const MAX_FILE_NAME = 255;

export interface FormLimits {
  fileSize: number;
  files: number;
  fields?: number;
  fieldSize?: number;
}

export type FieldPart = { type: 'field'; fieldname: string; value: string };
export type FormPart = FieldPart | MultipartFile;

/** C0 controls and DEL (busboy has already cut a name at a bare line break); lone surrogates via isBadText. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/**
 * A multipart text field's value. Text the database cannot store (NUL; a lone surrogate, which UTF-8 cannot
 * encode) is refused with 400 naming the field, as it is in JSON bodies (inputChecks.ts).
 */
export function fieldText(name: string, value: unknown): string {
  const text = String(value);
  if (isBadText(name) || isBadText(text)) throw new ApiError(400, 'input.badText', { field: printablePath(name) });
  return text;
}

/** 400 unless the name is text a column, a log line and a message can carry. */
export function checkFileName(fieldname: string, fileName: string): string {
  if (isBadText(fileName) || hasControl(fileName)) throw new ApiError(400, 'upload.badFileName', { field: printablePath(fieldname) });
  if (fileName.length > MAX_FILE_NAME) throw new ApiError(400, 'upload.fileNameTooLong', { field: printablePath(fieldname), max: MAX_FILE_NAME });
  return fileName;
}

/**
 * The form's parts in order: fields with their text checked (fieldText), file parts with the field name and file
 * name checked. A refused file part's bytes are left unread; the refusal ends the request.
 */
export async function* formParts(req: FastifyRequest, limits: FormLimits): AsyncGenerator<FormPart> {
  for await (const part of req.parts({ limits })) {
    if (part.type === 'field') {
      const value = fieldText((part as MultipartValue).fieldname, (part as MultipartValue).value);
      yield { type: 'field', fieldname: part.fieldname, value };
      continue;
    }
    try {
      fieldText(part.fieldname, '');
      checkFileName(part.fieldname, part.filename);
    } catch (error) {
      part.file.resume();
      throw error;
    }
    yield part;
  }
}

/** Thrown into work that was still running when its client closed the connection. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client closed the connection');
    this.name = 'ClientGoneError';
  }
}

const signals = new WeakMap<FastifyReply, AbortSignal>();

/**
 * Aborted when the connection closes before the answer was sent (the user cancelled, closed the tab, lost the
 * network). The response's 'close' also fires after a normal answer; `writableFinished` tells the two apart.
 */
export function clientSignal(reply: FastifyReply): AbortSignal {
  const known = signals.get(reply);
  if (known) return known;
  const controller = new AbortController();
  const res = reply.raw;
  if (res.destroyed && !res.writableFinished) controller.abort(new ClientGoneError());
  else res.once('close', () => {
    if (!res.writableFinished) controller.abort(new ClientGoneError());
  });
  signals.set(reply, controller.signal);
  return controller.signal;
}

/** Throws the 400 an abandoned upload is logged with when the signal has fired (nobody reads the answer). */
export function stopIfGone(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ApiError(400, 'upload.aborted');
}
