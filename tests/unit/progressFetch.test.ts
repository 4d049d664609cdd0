// The upload fetch: the addressed request's method, URL, headers and body go out through XMLHttpRequest, progress
// events reach the caller, the answer comes back as a Response, and the request's signal cancels it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressFetch } from '../../src/api/progressFetch.ts';

class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  statusText = '';
  response: Blob | null = null;
  responseType = '';
  withCredentials = false;
  aborted = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(key: string, value: string) {
    this.headers[key] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nx-extra: 1\r\n';
  }
  send(body: Blob | null) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

describe('progressFetch', () => {
  it('sends the request through XMLHttpRequest, reports progress and answers a Response', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen: { loaded: number; total: number }[] = [];
    const request = new Request('http://argus.test/api/warehouse/uploadAdjustmentFileZip', { method: 'POST', body: 'x'.repeat(1000), headers: { token: 't1', 'accept-language': 'en' } });
    const answer = progressFetch((p) => seen.push(p))(request);
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(Blob));
    const xhr = FakeXhr.last as FakeXhr;
    expect([xhr.method, xhr.url, xhr.headers.token, xhr.headers['accept-language']]).toEqual(['POST', 'http://argus.test/api/warehouse/uploadAdjustmentFileZip', 't1', 'en']);
    expect(xhr.body?.size).toBe(1000);
    xhr.upload.onprogress?.({ loaded: 400, total: 1000, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 1000, total: 1000, lengthComputable: true });
    expect(seen).toEqual([
      { loaded: 400, total: 1000 },
      { loaded: 1000, total: 1000 },
    ]);
    xhr.status = 200;
    xhr.response = new Blob(['{"code":0,"msg":"ok","data":null}']);
    xhr.onload?.();
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.headers.get('x-extra')).toBe('1');
    expect(await response.json()).toEqual({ code: 0, msg: 'ok', data: null });
  });

  it('cancels with the request signal: the upload is aborted and the call rejects as an abort', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const request = new Request('http://argus.test/api/x', { method: 'POST', body: 'abc', signal: controller.signal });
    const answer = progressFetch(() => undefined)(request);
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(Blob));
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last?.aborted).toBe(true);
  });
});
