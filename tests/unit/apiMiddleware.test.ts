// @vitest-environment node
// The middleware's parts as pure functions: path rules, the prepared request, and what each answer means (§8).
// The rules end to end, one test each, are in requestRules.test.ts.
import createClient from 'openapi-fetch';
import { describe, expect, it, vi } from 'vitest';
import { createLoadingCounter } from '../../src/api/loading.ts';
import {
  classifyAnswer,
  createApiMiddleware,
  type MiddlewareDeps,
  pathRule,
  prepareRequest,
  resolveRequestUrl,
} from '../../src/api/middleware.ts';
import { flagHeaders } from '../../src/api/request.ts';
import type { paths } from '../../src/api/schema.gen.ts';
import { zhText } from './requestHarness.ts';

const CLIENT_ORIGIN = 'http://argus.invalid';
const PAGE_ORIGIN = 'http://console.example:8080';

function fakeDeps(overrides: Partial<MiddlewareDeps> = {}) {
  return {
    baseUrl: () => '/api',
    origin: () => PAGE_ORIGIN,
    token: () => 'tok-123',
    language: () => 'zh-CN',
    onExpired: vi.fn<MiddlewareDeps['onExpired']>(),
    notifyError: vi.fn<(message: string) => void>(),
    text: zhText,
    loading: createLoadingCounter(),
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

describe('path rules (§7)', () => {
  it('prefixes ordinary paths with the configured base address', () => {
    expect(pathRule('/user/login')).toBe('prefixed');
    expect(resolveRequestUrl('/user/login', '/api')).toBe('/api/user/login');
    expect(resolveRequestUrl('/warn/event/list?x=1', 'http://gw.example/api/')).toBe('http://gw.example/api/warn/event/list?x=1');
    expect(resolveRequestUrl('/user/nav', '')).toBe('/user/nav');
  });

  it('sends verifyBigSdk, verifyEvent, recognize, evaluate and deepseek paths without the base address', () => {
    for (const path of ['/verifyBigSdk/predict', '/x/verifyEvent', '/recognize/img', '/evaluate/eval', '/deepseek/image2text']) {
      expect(pathRule(path), path).toBe('direct');
      expect(resolveRequestUrl(path, '/api'), path).toBe(path);
    }
  });

  it('leaves paths containing baidu unchanged', () => {
    expect(pathRule('https://api.map.baidu.com/geocoder?evaluate=1')).toBe('unchanged');
    expect(resolveRequestUrl('https://api.map.baidu.com/geocoder', '/api')).toBe('https://api.map.baidu.com/geocoder');
  });
});

describe('prepared requests', () => {
  const build = (path: string, init?: RequestInit) => new Request(`${CLIENT_ORIGIN}${path}`, init);

  it('re-target to the page origin with the base address, the token header and the language', async () => {
    const request = await prepareRequest(build('/user/nav', { method: 'POST' }), CLIENT_ORIGIN, fakeDeps());
    expect(request.url).toBe(`${PAGE_ORIGIN}/api/user/nav`);
    expect(request.method).toBe('POST');
    expect(request.headers.get('token')).toBe('tok-123');
    expect(request.headers.get('Accept-Language')).toBe('zh-CN');
  });

  it('carry no token header without a stored session', async () => {
    const request = await prepareRequest(build('/config/getTitle'), CLIENT_ORIGIN, fakeDeps({ token: () => null }));
    expect(request.headers.has('token')).toBe(false);
  });

  it('keep the body and give direct paths a JSON content type', async () => {
    const request = await prepareRequest(
      build('/evaluate/eval', { method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'text/plain' } }),
      CLIENT_ORIGIN,
      fakeDeps(),
    );
    expect(request.url).toBe(`${PAGE_ORIGIN}/evaluate/eval`);
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.text()).toBe('{"a":1}');
  });

  it('lose the console flag headers', async () => {
    const headers = flagHeaders({ 'X-Custom': 'kept' }, { loading: true, quiet: true });
    expect([headers.get('x-loading'), headers.get('x-quiet')]).toEqual(['1', '1']);
    const request = await prepareRequest(build('/user/nav', { method: 'POST', headers }), CLIENT_ORIGIN, fakeDeps());
    expect([request.headers.has('x-loading'), request.headers.has('x-quiet'), request.headers.get('X-Custom')]).toEqual([false, false, 'kept']);
  });

  it('keep the multipart type of uploads on direct paths', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.jpg');
    const request = await prepareRequest(build('/evaluate/upload', { method: 'POST', body: form }), CLIENT_ORIGIN, fakeDeps());
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await request.text()).toContain('filename="a.jpg"');
  });
});

describe('what an answer means (§8)', () => {
  const answer = (body: unknown, status = 200, statusText = '') => classifyAnswer({ status, statusText, body }, zhText);

  it('is ok for code 0 and for bodies that are not envelopes', () => {
    expect(answer({ code: 0, msg: 'ok', data: null })).toEqual({ kind: 'ok' });
    expect(answer({ code: '0', msg: 'ok' })).toEqual({ kind: 'ok' });
    expect(answer(undefined)).toEqual({ kind: 'ok' }); // a file, left unread
  });

  it('ends the session on the unLogin body, business 401 and HTTP 401/402', () => {
    expect(answer('unLogin')).toEqual({ kind: 'expired', code: 401, message: '登录超时', tone: 'error' });
    expect(answer(' unLogin\n')).toMatchObject({ kind: 'expired', message: '登录超时' });
    expect(answer({ code: 401, msg: '登录已过期' })).toEqual({ kind: 'expired', code: 401, message: '登录已过期', tone: 'warning' });
    expect(answer('', 401, 'Unauthorized')).toEqual({ kind: 'expired', code: 401, message: '登录超时', tone: 'warning' });
    expect(answer({ code: 402, msg: '授权已过期' }, 402)).toMatchObject({ kind: 'expired', code: 402, message: '授权已过期' });
  });

  it('fails with the server message (msg, else codeMsg) for other codes and state false', () => {
    expect(answer({ code: 409, msg: '名称已存在' })).toEqual({ kind: 'failed', code: 409, message: '名称已存在' });
    expect(answer({ code: 500, codeMsg: '内部错误' })).toEqual({ kind: 'failed', code: 500, message: '内部错误' });
    expect(answer({ state: false, msg: '设备离线' })).toEqual({ kind: 'failed', code: 0, message: '设备离线' });
  });

  it("says 'service abnormal' with the status text for HTTP 404, and names other HTTP failures", () => {
    expect(answer({ code: 404, msg: 'no route' }, 404, 'Not Found')).toEqual({ kind: 'failed', code: 404, message: '服务异常 Not Found' });
    expect(answer('', 404, '')).toMatchObject({ message: '服务异常 404' }); // HTTP/2 has no status text
    expect(answer('<html>', 502, 'Bad Gateway')).toEqual({ kind: 'failed', code: 502, message: '请求失败（HTTP 502 Bad Gateway）' });
  });
});

describe('the middleware in an openapi-fetch client', () => {
  function recordingClient(deps: MiddlewareDeps, reply: () => Response | Promise<Response>) {
    const client = createClient<paths>({ baseUrl: CLIENT_ORIGIN, fetch: async () => reply() });
    client.use(createApiMiddleware(CLIENT_ORIGIN, deps));
    return client;
  }

  it('keeps quiet about failures the caller shows itself, but still ends an expired session', async () => {
    const deps = fakeDeps();
    const refuse = recordingClient(deps, () => json({ code: 409, msg: '名称已存在', data: null }));
    await refuse.POST('/user/nav', { headers: flagHeaders(undefined, { quiet: true }) });
    expect(deps.notifyError).not.toHaveBeenCalled();
    const expire = recordingClient(deps, () => json({ code: 401, msg: '登录已过期', data: null }));
    await expire.POST('/user/nav', { headers: flagHeaders(undefined, { quiet: true }) });
    expect(deps.onExpired).toHaveBeenCalledWith('登录已过期', 'warning');
  });

  it('answers every failure as the envelope the user saw', async () => {
    const deps = fakeDeps();
    const client = recordingClient(deps, () => new Response('unLogin', { headers: { 'Content-Type': 'text/plain' } }));
    const { data } = await client.POST('/user/nav');
    expect(data).toEqual({ code: 401, msg: '登录超时', data: null });
  });

  it('ends the session on a body equal to unLogin whatever its content type (§8)', async () => {
    const types = ['text/html;charset=UTF-8', 'text/plain', 'application/json', 'application/octet-stream', ''];
    for (const type of types) {
      const deps = fakeDeps();
      const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
      const client = recordingClient(deps, () => new Response('unLogin\r\n', { headers }));
      const { data } = await client.POST('/user/nav');
      expect(data, type).toEqual({ code: 401, msg: '登录超时', data: null });
      expect(deps.onExpired, type).toHaveBeenCalledWith('登录超时', 'error');
      expect(deps.notifyError, type).not.toHaveBeenCalled();
    }
  });

  it('ends the session on unLogin answered to a file download, and leaves real files unread', async () => {
    const deps = fakeDeps();
    const expired = recordingClient(deps, () => new Response('unLogin', { headers: { 'Content-Type': 'text/html' } }));
    await expired.POST('/warn/event/export', { body: {} as never, parseAs: 'blob' });
    expect(deps.onExpired).toHaveBeenCalledWith('登录超时', 'error');
    const file = 'x'.repeat(100_000);
    const fine = fakeDeps();
    const download = recordingClient(fine, () => new Response(file, { headers: { 'Content-Type': 'application/vnd.ms-excel' } }));
    const { data } = await download.POST('/warn/event/export', { body: {} as never, parseAs: 'blob' });
    expect((data as Blob).size).toBe(file.length);
    expect(fine.onExpired).not.toHaveBeenCalled();
    expect(fine.notifyError).not.toHaveBeenCalled();
  });

  it('says in words that a page came where data was expected, instead of a JSON parse error', async () => {
    const deps = fakeDeps();
    const client = recordingClient(deps, () => new Response('<html><body>Sign in</body></html>', { headers: { 'Content-Type': 'text/html' } }));
    const { data } = await client.POST('/user/nav');
    const message = '服务器返回的不是数据（HTTP 200，text/html），请稍后重试或联系管理员';
    expect(data).toEqual({ code: 200, msg: message, data: null });
    expect(deps.notifyError).toHaveBeenCalledWith(message);
    expect(deps.onExpired).not.toHaveBeenCalled();
  });

  it('stays silent when the caller aborted', async () => {
    const deps = fakeDeps();
    const client = recordingClient(deps, () => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(client.POST('/user/nav')).rejects.toThrow('aborted');
    expect(deps.notifyError).not.toHaveBeenCalled();
  });
});
