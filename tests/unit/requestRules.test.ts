// @vitest-environment node
// One test per rule of spec §7 "General behaviour" and §8 "The error catalogue", each through the console's real
// client (src/api/client.ts: openapi-fetch + the middleware + the call helpers) with fetch answered by the test,
// and — for the rules that end the session — the real session machine on a simulated clock.
// (node environment: jsdom's Request and FormData do not round-trip bodies.)
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { login, thirdLogin } from '../../src/api/auth.ts';
import { api, installApiMiddleware } from '../../src/api/client.ts';
import { createDownloader } from '../../src/api/download.ts';
import { createLoadingCounter } from '../../src/api/loading.ts';
import type { NoticeTone, RequestMessage } from '../../src/api/middleware.ts';
import { storedToken, writeStoredSession } from '../../src/app/storedSession.ts';
import { type Bootstrap, SESSION_EXPIRY_REDIRECT_MS, type SignedIn, sessionMachine } from '../../src/machines/session.machine.ts';
import { bootstrap, signedIn, user } from '../machines/sessionHarness.ts';
import { json, memoryStorage, PAGE_ORIGIN, wire, zhText } from './requestHarness.ts';

const loading = createLoadingCounter();
const effects = { expired: [] as { message: string; tone: NoticeTone }[], errors: [] as string[] };
let baseUrl = '/api';
let onExpired = (message: string, tone: NoticeTone) => void effects.expired.push({ message, tone });
const localStore = memoryStorage();

beforeEach(() => {
  baseUrl = '/api';
  effects.expired.length = 0;
  effects.errors.length = 0;
  wire.seen.length = 0;
  onExpired = (message, tone) => void effects.expired.push({ message, tone });
  writeStoredSession(signedIn, localStore);
  installApiMiddleware({
    baseUrl: () => baseUrl,
    origin: () => PAGE_ORIGIN,
    token: () => storedToken(localStore),
    language: () => 'zh-CN',
    onExpired: (message, tone) => onExpired(message, tone),
    notifyError: (message) => void effects.errors.push(message),
    text: (message: RequestMessage) => zhText(message),
    loading,
  });
});

afterEach(() => expect(loading.count()).toBe(0));

/** A signed-in session machine whose expiry the middleware drives, on a simulated clock. */
async function signedInSession() {
  const clock = new SimulatedClock();
  const storage = { session: signedIn as SignedIn | null };
  const machine = sessionMachine.provide({
    actors: {
      loadBootstrap: fromPromise<Bootstrap, SignedIn>(async () => bootstrap),
      logout: fromPromise<void, SignedIn>(async () => {}),
    },
    actions: {
      clearStoredSession: () => {
        storage.session = null;
      },
    },
  });
  const actor = createActor(machine, { input: { stored: signedIn }, clock }).start();
  await waitFor(actor, (snapshot) => snapshot.matches('authenticated'));
  onExpired = (message, tone) => {
    effects.expired.push({ message, tone });
    actor.send({ type: 'EXPIRED', message, tone });
  };
  /** The session shows `message` at once, forgets the stored login, and is back at login after exactly 1.5 s. */
  const expectLoginAfterDelay = (message: string) => {
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().context.expiredMessage).toBe(message);
    expect(storage.session).toBeNull();
    clock.increment(SESSION_EXPIRY_REDIRECT_MS - 1);
    expect(actor.getSnapshot().value).toBe('expired');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('anonymous');
  };
  return { actor, expectLoginAfterDelay };
}

describe('§7 general behaviour', () => {
  it('requests carry credentials', async () => {
    wire.reply = () => json({ code: 0, msg: 'ok', data: null });
    await api.post('/user/logout');
    expect(wire.seen[0].credentials).toBe('include');
  });

  it('every request carries the token header from the stored login', async () => {
    wire.reply = () => json({ code: 0, msg: 'ok', data: null });
    await api.post('/user/logout');
    writeStoredSession({ ...signedIn, token: 'second-login' }, localStore);
    await api.post('/config/getTitle');
    expect(wire.seen.map((request) => request.headers.get('token'))).toEqual([signedIn.token, 'second-login']);
  });

  it('answers are unwrapped to their body: the envelope data, or a typed failure', async () => {
    const page = { list: [], total: 0, pageNo: 1, pageSize: 10 };
    wire.reply = () => json({ code: 0, msg: 'ok', data: page });
    const listed = await api.post('/user/queryUserList', { body: { pageNo: 1, pageSize: 10 } });
    expect(listed).toEqual({ ok: true, data: page, body: { code: 0, msg: 'ok', data: page } });
    wire.reply = () => json({ code: 409, msg: '用户名已存在', data: null });
    const refused = await api.post('/user/queryUserList', { body: { pageNo: 1, pageSize: 10 } });
    expect(refused.ok ? null : { code: refused.failure.code, kind: refused.failure.kind, message: refused.failure.message }).toEqual({
      code: 409,
      kind: 'business',
      message: '用户名已存在',
    });
  });

  it('paths containing verifyBigSdk, verifyEvent, recognize, evaluate or deepseek get a JSON content type and no base address', async () => {
    wire.reply = () => json({ code: 0, msg: 'ok', data: null });
    await api.post('/evaluate/eval', { body: { modelId: 1, datasetId: 1, evalType: 1 } as never });
    await api.post('/deepseek/image2text', { body: { image: 'data:image/png;base64,AA==' } as never });
    await api.post('/verifyBigSdk/predict', { body: {} as never });
    for (const request of wire.seen) {
      expect(new URL(request.url).pathname).not.toMatch(/^\/api\//);
      expect(request.headers.get('Content-Type')).toBe('application/json');
    }
    expect(wire.seen.map((request) => new URL(request.url).pathname)).toEqual(['/evaluate/eval', '/deepseek/image2text', '/verifyBigSdk/predict']);
  });

  it('paths containing baidu are sent unchanged', async () => {
    wire.reply = () => json({ status: 0 });
    const raw = api.GET as unknown as (path: string) => Promise<unknown>;
    await raw('https://api.map.baidu.com/geocoder/v2/?location=22.5,114.0');
    expect(wire.seen[0].url).toBe('https://api.map.baidu.com/geocoder/v2/?location=22.5,114.0');
  });

  it('all other paths are prefixed with the runtime config base address', async () => {
    wire.reply = () => json({ code: 0, msg: 'ok', data: null });
    await api.post('/user/logout');
    baseUrl = 'https://gateway.example/argus';
    await api.post('/user/logout');
    expect(wire.seen.map((request) => request.url)).toEqual([`${PAGE_ORIGIN}/api/user/logout`, 'https://gateway.example/argus/user/logout']);
  });

  it('the loading flag holds the overlay until the last flagged call ends, failed ones included, and is not sent', async () => {
    const answers: ((response: Response) => void)[] = [];
    wire.reply = () => new Promise<Response>((resolve) => answers.push(resolve));
    const first = api.post('/user/nav', { loading: true });
    const second = api.post('/config/selectAllConfigMap', { loading: true });
    const unflagged = api.post('/user/logout');
    await waitUntil(() => answers.length === 3);
    expect(loading.count()).toBe(2);
    expect(wire.seen.every((request) => !request.headers.has('x-loading'))).toBe(true);
    answers[0](json({ code: 0, msg: 'ok', data: null }));
    await first;
    expect(loading.count()).toBe(1);
    answers[2](json({ code: 0, msg: 'ok', data: null }));
    await unflagged;
    expect(loading.count()).toBe(1);
    answers[1](json({ code: 500, msg: '内部错误', data: null }));
    await second;
    expect(loading.count()).toBe(0);
    // onResponse is skipped when fetch throws: the count still comes down.
    wire.reply = () => Promise.reject(new TypeError('Failed to fetch'));
    await api.post('/user/nav', { loading: true });
    expect(loading.count()).toBe(0);
  });

  it('reads code, msg or codeMsg, data, token, loginCode, userinfo and sceneType from answers', async () => {
    wire.reply = () => json({ code: 0, msg: 'ok', data: null, token: 'T1', loginCode: 'LC', userinfo: user, sceneType: 1 });
    const signed = await login({ username: 'admin', password: 'Argus@2026' });
    expect(signed.ok && signed.data).toEqual({ token: 'T1', loginCode: 'LC', userinfo: user, sceneType: 1 });
    wire.reply = () => json({ code: 500, codeMsg: '内部错误' });
    const failed = await api.post('/user/nav');
    expect(failed.ok ? null : failed.failure.message).toBe('内部错误');
    expect(effects.errors).toEqual(['内部错误']);
  });
});

describe('§8 error catalogue', () => {
  it("a body equal to unLogin: 'login timed out' as an error, the stored session cleared, login after 1.5 s", async () => {
    const session = await signedInSession();
    wire.reply = () => new Response('unLogin', { headers: { 'Content-Type': 'text/plain' } });
    const result = await api.post('/user/nav');
    expect(effects.expired).toEqual([{ message: '登录超时', tone: 'error' }]);
    expect(result.ok ? null : result.failure.kind).toBe('expired');
    session.expectLoginAfterDelay('登录超时');
  });

  it('a body equal to unLogin sent as text/html (a servlet filter) ends the session just the same', async () => {
    const session = await signedInSession();
    wire.reply = () => new Response('unLogin', { headers: { 'Content-Type': 'text/html;charset=UTF-8' } });
    const result = await api.post('/user/nav');
    expect(effects.expired).toEqual([{ message: '登录超时', tone: 'error' }]);
    expect(effects.errors).toEqual([]);
    expect(result.ok ? null : result.failure.kind).toBe('expired');
    session.expectLoginAfterDelay('登录超时');
  });

  it('business code 401: the server message, logged out, login after 1.5 s', async () => {
    const session = await signedInSession();
    wire.reply = () => json({ code: 401, msg: '未登录或登录已过期，请重新登录', data: null });
    await api.post('/user/nav');
    await api.post('/user/nav'); // a second expiry while the first shows adds nothing
    expect(effects.errors).toEqual([]);
    expect(session.actor.getSnapshot().context.expiredTone).toBe('warning');
    session.expectLoginAfterDelay('未登录或登录已过期，请重新登录');
  });

  it('any other non-zero code, or state false: the server message as an error', async () => {
    wire.reply = () => json({ code: 403, msg: '没有权限执行此操作', data: null });
    const forbidden = await api.post('/user/nav');
    wire.reply = () => json({ code: 0, state: false, msg: '设备离线', data: null });
    const stateFalse = await api.post('/user/nav');
    expect(effects.errors).toEqual(['没有权限执行此操作', '设备离线']);
    expect([forbidden.ok, stateFalse.ok]).toEqual([false, false]);
    expect(effects.expired).toEqual([]);
  });

  it('HTTP 401 or 402: back to login after 1.5 s', async () => {
    for (const status of [401, 402]) {
      const session = await signedInSession();
      wire.reply = () => new Response('', { status });
      const result = await api.post('/user/nav');
      expect(result.ok ? null : result.failure.kind).toBe('expired');
      session.expectLoginAfterDelay('登录超时');
    }
  });

  it("HTTP 404: 'service abnormal' and the status text", async () => {
    wire.reply = () => json({ code: 404, msg: 'no route POST /api/x', data: null }, 404, 'Not Found');
    const result = await api.post('/user/nav');
    expect(effects.errors).toEqual(['服务异常 Not Found']);
    expect(result.ok ? null : { kind: result.failure.kind, message: result.failure.message }).toEqual({
      kind: 'http',
      message: '服务异常 Not Found',
    });
  });

  it("a connection error: 'connecting to the server failed'", async () => {
    wire.reply = () => Promise.reject(new TypeError('Failed to fetch'));
    const result = await api.post('/user/nav');
    expect(effects.errors).toEqual(['连接服务器失败']);
    expect(result.ok ? null : { kind: result.failure.kind, message: result.failure.message }).toEqual({
      kind: 'network',
      message: '连接服务器失败',
    });
  });

  it('third-party login failure: a failure the /thirdLogin screen says in its own words (the call shows nothing)', async () => {
    wire.reply = () => json({ code: 400, msg: '登录码无效或已过期', data: null });
    const refused = await thirdLogin('code-that-was-used', 'historyEvent', '42');
    expect(effects.errors).toEqual([]);
    expect(refused.ok ? null : refused.failure.message).toBe('登录码无效或已过期');
    const url = new URL(wire.seen[0].url);
    expect(url.pathname).toBe('/api/user/thirdLogin');
    expect(Object.fromEntries(url.searchParams)).toEqual({ code: 'code-that-was-used', moduleName: 'historyEvent', convertId: '42' });
    wire.reply = () => json({ code: 0, msg: 'ok', data: null, token: 'T3', loginCode: 'L3', userinfo: user, sceneType: 2 });
    const accepted = await thirdLogin('fresh-code-123');
    expect(accepted.ok && accepted.data.token).toBe('T3');
  });

  it('login with a non-zero code returns the result to the caller (no message of its own)', async () => {
    wire.reply = () => json({ code: 400, msg: '用户名或密码错误', data: null });
    const result = await login({ username: 'admin', password: 'wrong' });
    expect(result.ok ? null : { code: result.failure.code, message: result.failure.message }).toEqual({ code: 400, message: '用户名或密码错误' });
    expect(effects.errors).toEqual([]);
  });

  it('blob downloads: the file is saved unread; a JSON answer is a failure whose message is shown', async () => {
    const saved: { blob: Blob; name: string }[] = [];
    const downloadFile = createDownloader(api, (blob, name) => void saved.push({ blob, name }));
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    wire.reply = () => new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'Content-Type': xlsx } });
    const done = await downloadFile('/operation/log/export', {}, '操作日志.xlsx');
    expect(done.ok).toBe(true);
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe('操作日志.xlsx');
    expect([...new Uint8Array(await saved[0].blob.arrayBuffer())]).toEqual([0x50, 0x4b, 3, 4]);
    expect(effects.errors).toEqual([]);

    wire.reply = () => json({ code: 400, msg: '开始时间不能晚于结束时间', data: null });
    const refused = await downloadFile('/operation/log/export', {}, 'x.xlsx');
    expect(refused.ok ? null : refused.failure.message).toBe('开始时间不能晚于结束时间');
    expect(effects.errors).toEqual(['开始时间不能晚于结束时间']);
    expect(saved).toHaveLength(1);
  });
});

async function waitUntil(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(condition()).toBe(true);
}
