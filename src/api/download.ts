// File exports (§7 blob exports, §8): the answer is read as a blob; a JSON answer is the server refusing (the
// middleware has shown its message), anything else is the file, saved under the given name.
import type { Client } from 'openapi-fetch';
import type { PathsWithMethod } from 'openapi-typescript-helpers';
import { api } from './client.ts';
import { ApiFailure, type ApiResult } from './failure.ts';
import { type CallInit, type CallOptions, flagHeaders, type RequestBody, thrownResult, toResult } from './request.ts';
import type { paths } from './schema.gen.ts';

export type ExportPath = PathsWithMethod<paths, 'post'>;

export interface DownloadOptions<P extends ExportPath> extends CallOptions {
  /** Path and query parameters (e.g. `/custom/event/export?id`). */
  params?: CallInit<P, 'post'> extends { params?: infer Q } ? Q : never;
}

/** The file name a Content-Disposition header gives, if any. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

/** Saves a blob through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; keeping the URL a little longer costs only memory.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Reads an export's answer: the file, or the failure its JSON envelope describes. */
export async function exportResult(answer: { data?: unknown; error?: unknown; response: Response }): Promise<ApiResult<Blob, Blob>> {
  if (answer.error !== undefined || !(answer.data instanceof Blob)) return toResult<Blob, Blob>(answer);
  const type = answer.response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return { ok: true, data: answer.data, body: answer.data };
  let body: unknown;
  try {
    body = JSON.parse(await answer.data.text());
  } catch {
    body = undefined;
  }
  const result = toResult<unknown, unknown>({ data: body, response: answer.response });
  if (!result.ok) return result;
  // A JSON success where a file was expected: there is nothing to save.
  return { ok: false, failure: new ApiFailure(0, 'no file in the answer', 'business', answer.response.status) };
}

export function createDownloader(client: Client<paths>, save: (blob: Blob, fileName: string) => void = saveBlob) {
  /**
   * POSTs `body` to an export path and saves the file as `fileName` (or the server's name when `fileName` is
   * empty). Shows the 'please wait' overlay unless `loading: false`. Answers the blob or the failure.
   */
  return async function downloadFile<P extends ExportPath>(
    path: P,
    body: RequestBody<P, 'post'>,
    fileName: string,
    options: DownloadOptions<P> = {},
  ): Promise<ApiResult<Blob, Blob>> {
    const { loading = true, quiet = false, params } = options;
    const post = client.POST as (p: string, i: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    let result: ApiResult<Blob, Blob>;
    let response: Response | undefined;
    try {
      const answer = await post(path, { body, params, parseAs: 'blob', headers: flagHeaders(undefined, { loading, quiet }) });
      response = answer.response;
      result = await exportResult(answer);
    } catch (error) {
      return thrownResult(error);
    }
    if (result.ok) save(result.data, fileName || dispositionFileName(response.headers.get('Content-Disposition')) || 'export');
    return result;
  };
}

/** The page's export helper (client.ts loads this module on the first export). */
export const downloadFile = createDownloader(api);

/** Saves a GET download's answer (`api.GET(path, { parseAs: 'blob' })`) under the server's name, or throws the failure. */
export async function saveFileAnswer(answer: { data?: unknown; error?: unknown; response: Response }, fallbackName: string): Promise<void> {
  const result = await exportResult(answer);
  if (!result.ok) throw result.failure;
  saveBlob(result.data, dispositionFileName(answer.response.headers.get('Content-Disposition')) ?? fallbackName);
}
