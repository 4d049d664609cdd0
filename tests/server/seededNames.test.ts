// Issue 37: the seeded catalogue's names follow the reader's language (cameras, scenes, departments, event types
// stayed Chinese on English screens). An English reader gets the English names of values still as seeded, a Chinese
// reader the Chinese; an English keyword or form naming a seeded record in English reaches the seeded record; a name an
// operator typed is answered as typed in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_NAMES_EN } from '../../server/db/seed/seedNames.ts';
import { inEnglish } from '../../server/http/seededNames.ts';
import { call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.app);
});
afterAll(async () => server?.close());

const cameraNames = async (lang: 'zh' | 'en', keyword?: string) => {
  const query: Record<string, string | number> = { pageNo: 1, pageSize: 100, ...(keyword ? { keyword } : {}) };
  const answer = await call<{ list: { id: number; name: string }[] }>(server.app, 'GET', '/device/list', { token: admin, lang, query });
  expect(answer.json.code).toBe(0);
  return answer.json.data.list.map((camera) => camera.name);
};

describe('seeded names in the reader’s language', () => {
  it('names seeded cameras in English for an English reader, in Chinese for a Chinese one', async () => {
    expect(await cameraNames('zh')).toContain('科技园北门');
    const english = await cameraNames('en');
    expect(english).toContain('Science Park north gate');
    expect(english.filter((name) => /\p{Script=Han}/u.test(name))).toEqual([]);
  });

  it('finds a seeded camera by its English name, and keeps what an operator typed as typed', async () => {
    expect(await cameraNames('en', 'Science Park north gate')).toEqual(['Science Park north gate']);
    const added = await call(server.app, 'POST', '/device/add', { token: admin, lang: 'en', body: { name: '东门临时机位', kind: 'normal', rtspUrl: 'rtsp://192.0.2.10/live' } });
    expect(added.json.code).toBe(0);
    expect(await cameraNames('en')).toContain('东门临时机位');
  });

  it('answers the seeded department tree and event types in English', async () => {
    const depts = await call(server.app, 'POST', '/dept/tree', { token: admin, lang: 'en', body: {} });
    expect(JSON.stringify(depts.json.data)).toContain('Operations centre');
    expect(JSON.stringify(depts.json.data)).not.toMatch(/运维中心/);
  });

  it('copies an answer where it renames, leaving the handler’s object as it was', () => {
    const cached = { list: [{ name: '科技园北门', id: 1 }, { name: 'typed', id: 2 }], total: 2 };
    const renamed = inEnglish(cached);
    expect(renamed.list[0].name).toBe('Science Park north gate');
    expect(cached.list[0].name).toBe('科技园北门');
    expect(renamed.list[1]).toBe(cached.list[1]);
  });

  it('gives every seeded name an English name of its own', () => {
    const english = Object.values(SEEDED_NAMES_EN);
    expect(english.filter((name) => /\p{Script=Han}/u.test(name))).toEqual([]);
    expect(new Set(english).size).toBe(english.length);
  });
});
