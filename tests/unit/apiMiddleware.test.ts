// @vitest-environment node
// The request rules of spec §7 and the session/error rules of §8 as the API middleware applies them, both as
// pure functions and through a real openapi-fetch client whose fetch is a recorder.
import createClient from 'openapi-fetch';
import { describe, expect, it, vi } from 'vitest';
import type { paths } from '../../src/api/schema.gen.ts';
import {
  classifyEnvelope,
  createApiMiddleware,
  type MiddlewareDeps,
  pathRule,
  prepareRequest,
  resolveRequestUrl,
} from '../../src/api/middleware.ts';

const CLIENT_ORIGIN = 'http://argus.invalid';
const PAGE_ORIGIN = 'http://console.example:8080';

function fakeDeps(overrides: Partial<MiddlewareDeps> = {}) {
  return {
    baseUrl: () => '/api',
    origin: () => PAGE_ORIGIN,
    token: () => 'tok-123',
    language: () => 'zh-CN',
    onExpired: vi.fn<(message: string) => void>(),
    notifyError: vi.fn<(message: string) => void>(),
    connectionFailedMessage: () => '连接服务器失败',
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

/** A client wired like src/api/client.ts, whose fetch records the request and answers `reply`. */
function recordingClient(deps: MiddlewareDeps, reply: () => Response | Promise<Response>) {
  const seen: Request[] = [];
  const client = createClient<paths>({
    baseUrl: CLIENT_ORIGIN,
    credentials: 'include',
    fetch: async (request: Request) => {
      seen.push(request);
      return reply();
    },
  });
  client.use(createApiMiddleware(CLIENT_ORIGIN, deps));
  return { client, seen };
}

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

  it('keep the multipart type of uploads on direct paths', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.jpg');
    const request = await prepareRequest(build('/evaluate/upload', { method: 'POST', body: form }), CLIENT_ORIGIN, fakeDeps());
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await request.text()).toContain('filename="a.jpg"');
  });
});

describe('envelopes (§8)', () => {
  it('classify success, business 401 and other failures', () => {
    expect(classifyEnvelope({ code: 0, msg: 'ok', data: null })).toEqual({ kind: 'ok' });
    expect(classifyEnvelope({ code: 401, msg: '登录已过期' })).toEqual({ kind: 'expired', message: '登录已过期' });
    expect(classifyEnvelope({ code: 409, msg: '名称已存在' })).toEqual({ kind: 'failed', message: '名称已存在' });
    expect(classifyEnvelope({ code: 500, codeMsg: '内部错误' })).toEqual({ kind: 'failed', message: '内部错误' });
    expect(classifyEnvelope('not an envelope')).toEqual({ kind: 'ok' });
  });
});

describe('the middleware in an openapi-fetch client', () => {
  it('sends the call to the base address with credentials, token and language', async () => {
    const deps = fakeDeps();
    const { client, seen } = recordingClient(deps, () => json({ code: 0, msg: 'ok', data: null }));
    const { data } = await client.POST('/user/logout');
    expect(data).toEqual({ code: 0, msg: 'ok', data: null });
    expect(seen[0].url).toBe(`${PAGE_ORIGIN}/api/user/logout`);
    expect(seen[0].credentials).toBe('include');
    expect(seen[0].headers.get('token')).toBe('tok-123');
    expect(deps.onExpired).not.toHaveBeenCalled();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('hands a business 401 to the session (no error message of its own) and returns the body', async () => {
    const deps = fakeDeps();
    const { client } = recordingClient(deps, () => json({ code: 401, msg: '未登录或登录已过期', data: null }));
    const { data } = await client.POST('/user/nav');
    expect(data?.code).toBe(401);
    expect(deps.onExpired).toHaveBeenCalledWith('未登录或登录已过期');
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('shows the server message of any other non-zero code as an error', async () => {
    const deps = fakeDeps();
    const { client } = recordingClient(deps, () => json({ code: 403, msg: '没有权限执行此操作', data: null }));
    await client.POST('/user/nav');
    expect(deps.notifyError).toHaveBeenCalledWith('没有权限执行此操作');
    expect(deps.onExpired).not.toHaveBeenCalled();
  });

  it('leaves a failed sign-in to the login screen', async () => {
    const deps = fakeDeps();
    const { client } = recordingClient(deps, () => json({ code: 400, msg: '用户名或密码错误', data: null }));
    const { data } = await client.POST('/user/login', { body: { username: 'admin', password: 'x' } });
    expect(data?.msg).toBe('用户名或密码错误');
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('ignores bodies that are not JSON (file downloads)', async () => {
    const deps = fakeDeps();
    const { client } = recordingClient(deps, () => new Response('PK…', { headers: { 'Content-Type': 'application/zip' } }));
    await client.POST('/operation/log/export', { body: {} as never, parseAs: 'blob' });
    expect(deps.notifyError).not.toHaveBeenCalled();
    expect(deps.onExpired).not.toHaveBeenCalled();
  });

  it('says that connecting to the server failed when the call never arrives', async () => {
    const deps = fakeDeps();
    const { client } = recordingClient(deps, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.POST('/user/nav')).rejects.toThrow('连接服务器失败');
    expect(deps.notifyError).toHaveBeenCalledWith('连接服务器失败');
  });

  it('lets the login screen say it when signing in cannot reach the server', async () => {
    const deps = fakeDeps();
    const { client } = recordingClient(deps, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.POST('/user/login', { body: { username: 'a', password: 'b' } })).rejects.toThrow('连接服务器失败');
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('stays silent when the caller aborted', async () => {
    const deps = fakeDeps();
    const { client } = recordingClient(deps, () => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(client.POST('/user/nav')).rejects.toThrow('aborted');
    expect(deps.notifyError).not.toHaveBeenCalled();
  });
});
