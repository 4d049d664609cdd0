// A fetch for uploads that reports the bytes sent (fetch itself cannot: XMLHttpRequest's upload progress can).
// Given to one call as openapi-fetch's per-request `fetch`, it receives the Request the middleware has already
// addressed and signed (token, language), sends its body with XMLHttpRequest, and answers an ordinary Response, so
// the envelope, failures and session rules stay the client's. The request's AbortSignal cancels the upload.

export interface UploadProgress {
  loaded: number;
  total: number;
}

export function progressFetch(onProgress: (progress: UploadProgress) => void): (request: Request) => Promise<Response> {
  return async (request) => {
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const abort = () => xhr.abort();
      if (request.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      request.signal.addEventListener('abort', abort, { once: true });
      xhr.open(request.method, request.url);
      xhr.withCredentials = request.credentials === 'include';
      for (const [key, value] of request.headers) xhr.setRequestHeader(key, value);
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : (body?.size ?? 0) });
      xhr.onload = () => {
        request.signal.removeEventListener('abort', abort);
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        resolve(new Response(xhr.status === 204 ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => {
        request.signal.removeEventListener('abort', abort);
        reject(new TypeError('Network request failed'));
      };
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      xhr.send(body);
    });
  };
}

/** An upload's byte progress, and its cancel (the signal). */
export interface UploadWatch {
  onProgress(progress: UploadProgress): void;
  signal?: AbortSignal;
}

/** The options of one call that report its upload's progress (openapi-fetch's own fetch for that call). */
export function watchUpload(watch?: UploadWatch): { fetch?: (request: Request) => Promise<Response>; signal?: AbortSignal } {
  if (!watch) return {};
  return watch.signal ? { fetch: progressFetch(watch.onProgress), signal: watch.signal } : { fetch: progressFetch(watch.onProgress) };
}

/** Percent of an upload sent (0 until its size is known). */
export function percentSent(progress: UploadProgress): number {
  return progress.total > 0 ? Math.min(100, (progress.loaded / progress.total) * 100) : 0;
}

/**
 * Each file's percent when several go in one request: the bytes sent are counted against the files in the order
 * they were appended (the multipart framing between them is small beside images).
 */
export function percentPerFile(sizes: readonly number[], progress: UploadProgress): number[] {
  const framing = Math.max(0, progress.total - sizes.reduce((sum, size) => sum + size, 0));
  let before = framing / (sizes.length + 1);
  return sizes.map((size) => {
    const sent = Math.min(size, Math.max(0, progress.loaded - before));
    before += size + framing / (sizes.length + 1);
    return size > 0 ? (sent / size) * 100 : progress.loaded >= progress.total ? 100 : 0;
  });
}
