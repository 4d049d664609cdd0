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
