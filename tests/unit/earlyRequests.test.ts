// @vitest-environment node
// The session's first calls sent by the page's first script (src/earlyRequests.ts) and taken over by the console's
// real client (src/api/client.ts + src/api/earlyAnswers.ts): the early requests are the ones the client would send
// (same storage keys, address, token and language), each answer is used once, and anything that does not match goes
// out as usual.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchNav } from '../../src/api/auth.ts';
import { installApiMiddleware } from '../../src/api/client.ts';
import { fetchAlarmDialogPosition, fetchPageTitle, fetchSystemConfig } from '../../src/api/config.ts';
import { type EarlyRequests, takeEarlyConfig } from '../../src/api/earlyAnswers.ts';
import { createLoadingCounter } from '../../src/api/loading.ts';
import { readStoredSession, storedToken, writeStoredSession } from '../../src/app/storedSession.ts';
import { loadRuntimeConfig, runtimeConfig } from '../../src/app/runtimeConfig.ts';
import { EARLY_CALLS, EARLY_HANDOFF, startEarlyRequests } from '../../src/earlyRequests.ts';
import { LANGUAGES, rememberedLanguage, rememberLanguage } from '../../src/i18n/languages.ts';
import { signedIn } from '../machines/sessionHarness.ts';
import { json, memoryStorage, PAGE_ORIGIN, wire, zhText } from './requestHarness.ts';

const holder = globalThis as { [EARLY_HANDOFF]?: EarlyRequests };
const nav = { menuList: [], buttonList: [], userinfo: signedIn.userinfo };
const answer = (path: string) =>
  path.endsWith('/user/nav')
    ? json({ code: 0, msg: 'ok', data: nav })
    : path.endsWith('/config/getTitle')
      ? json({ code: 0, msg: 'ok', data: { name: 'Early' } })
      : path.endsWith('/CityConfig/getConfigByKey')
        ? json({ code: 0, msg: 'ok', data: { key: 'alarmDialogPosition', value: '3' } })
        : json({ code: 0, msg: 'ok', data: { audioUrl: '' } });

/** The page script's fetch: records what it sent; config.json gives `config`. */
function earlyWire(config: unknown = { baseUrl: 'http://gw.example/api/' }, fail: (url: string) => boolean = () => false) {
  const sent: { url: string; method: string; headers: Record<string, string>; credentials?: string }[] = [];
  const fetch = (async (input: string, init: RequestInit = {}) => {
    sent.push({ url: input, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) }, credentials: init.credentials });
    if (input === '/config.json') return json(config);
    if (fail(input)) throw new TypeError('Failed to fetch');
    return answer(new URL(input).pathname);
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

const storage = memoryStorage();
let baseUrl = '/api';

beforeEach(() => {
  storage.values.clear();
  wire.seen.length = 0;
  wire.reply = (request) => answer(new URL(request.url).pathname);
  writeStoredSession(signedIn, storage);
  rememberLanguage('en', storage);
  baseUrl = 'http://gw.example/api';
  installApiMiddleware({
    baseUrl: () => baseUrl,
    origin: () => PAGE_ORIGIN,
    token: () => storedToken(storage),
    language: () => rememberedLanguage(storage),
    onExpired: () => {},
    notifyError: () => {},
    text: zhText,
    loading: createLoadingCounter(),
  });
});

afterEach(() => {
  delete holder[EARLY_HANDOFF];
});

function start(early = earlyWire()) {
  const started = startEarlyRequests({ storage, origin: PAGE_ORIGIN, fetch: early.fetch, now: () => performance.now() });
  if (started) holder[EARLY_HANDOFF] = started;
  return started;
}

const bootstrapCalls = () => Promise.all([fetchNav(), fetchSystemConfig(), fetchAlarmDialogPosition(), fetchPageTitle()]);

describe('the early requests (src/earlyRequests.ts)', () => {
  it('are the bootstrap calls, sent with the stored token and remembered language to the configured address', async () => {
    const early = earlyWire();
    const started = start(early);
    expect(started).not.toBeNull();
    await started?.answers;
    expect(early.sent[0].url).toBe('/config.json');
    expect(early.sent.slice(1)).toEqual(
      EARLY_CALLS.map(([method, path]) => ({
        url: `http://gw.example/api${path}`,
        method,
        headers: { token: signedIn.token, 'Accept-Language': 'en' },
        credentials: 'include',
      })),
    );
  });

  it('are answered to the client: the four calls send nothing themselves, and config.json is read once', async () => {
    const early = earlyWire();
    start(early);
    const config = await loadRuntimeConfig();
    expect(config.baseUrl).toBe('http://gw.example/api');
    expect(runtimeConfig().baseUrl).toBe('http://gw.example/api');
    const [menu, , position, title] = await bootstrapCalls();
    expect(menu.userinfo).toEqual(signedIn.userinfo);
    expect(position).toBe(3);
    expect(title).toEqual({ name: 'Early' });
    expect(wire.seen).toHaveLength(0);
    expect(early.sent).toHaveLength(1 + EARLY_CALLS.length);
    // All taken: the hand-over is gone, and the next calls go out as usual.
    expect(holder[EARLY_HANDOFF]).toBeUndefined();
    await fetchNav();
    expect(wire.seen.map((r) => new URL(r.url).pathname)).toEqual(['/api/user/nav']);
  });

  it('are not used for another token or language, nor after the boot window', async () => {
    start();
    storage.setItem('argus.language', 'zh-CN');
    await bootstrapCalls();
    expect(wire.seen).toHaveLength(4);

    wire.seen.length = 0;
    rememberLanguage('en', storage);
    const started = start();
    if (started) started.startedAt = performance.now() - 60_000;
    await fetchNav();
    expect(wire.seen).toHaveLength(1);
    expect(holder[EARLY_HANDOFF]).toBeUndefined();
  });

  it('leave a failed call to the client, and answer each call once', async () => {
    start(earlyWire(undefined, (url) => url.endsWith('/user/nav')));
    await loadRuntimeConfig();
    await bootstrapCalls();
    expect(wire.seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/user/nav']);
  });

  it('follow config.json as the console reads it: no base address set means /api', async () => {
    const early = earlyWire({ contextMenu: true });
    start(early);
    baseUrl = '/api';
    await loadRuntimeConfig();
    await bootstrapCalls();
    expect(early.sent[1].url).toBe(`${PAGE_ORIGIN}/api/user/nav`);
    expect(wire.seen).toHaveLength(0);
  });

  it('are not sent without a stored sign-in or with a broken one', () => {
    const early = earlyWire();
    storage.values.clear();
    expect(start(early)).toBeNull();
    storage.setItem('argus.session', '{not json');
    expect(start(early)).toBeNull();
    // A sign-in the boot would not restore (storedSession.ts readStoredSession) sends nothing either.
    for (const broken of [{ token: 'abc' }, { ...signedIn, sceneType: 3 }, { ...signedIn, userinfo: null }, { ...signedIn, token: '' }, null, 7]) {
      storage.setItem('argus.session', JSON.stringify(broken));
      expect(readStoredSession(storage), JSON.stringify(broken)).toBeNull();
      expect(start(early), JSON.stringify(broken)).toBeNull();
    }
    expect(startEarlyRequests({ storage: null, origin: PAGE_ORIGIN, fetch: early.fetch, now: () => 0 })).toBeNull();
    expect(early.sent).toHaveLength(0);
    expect(takeEarlyConfig()).toBeNull();
  });

  it('use the storage keys and languages of the console (storedSession.ts, languages.ts)', async () => {
    storage.values.clear();
    writeStoredSession({ ...signedIn, token: 'other' }, storage);
    for (const language of LANGUAGES) {
      rememberLanguage(language, storage);
      const started = start();
      expect(started?.token).toBe('other');
      expect(started?.language).toBe(rememberedLanguage(storage));
    }
    storage.setItem('argus.language', 'fr');
    expect(start()?.language).toBe(rememberedLanguage(storage));
  });
});
