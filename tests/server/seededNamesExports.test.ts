// Issue 37: the exports name seeded records in the reader's language, as the JSON answers do (seededNames.test.ts).
// An English reader's spreadsheet carries the English name of a value still as seeded, a Chinese reader's the
// Chinese one; a name an operator typed is written as typed in both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { insertAlarms } from './support/alarms.ts';
import { call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';
import { readSheet } from './support/xlsxRows.ts';

const TYPED = '东门临时机位';

let server: TestServer;
let token: string;
let alarmIds: number[];
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  const added = await call(server.app, 'POST', '/device/add', { token, body: { name: TYPED, kind: 'normal', rtspUrl: 'rtsp://192.0.2.10/live' } });
  expect(added.json.code).toBe(0);
  alarmIds = await insertAlarms(server.database.db, [{ cameraName: '科技园北门' }, { cameraName: TYPED }]);
});
afterAll(async () => server?.close());

async function exported(path: string, body: Record<string, unknown>, lang: 'zh' | 'en') {
  const res = await call(server.app, 'POST', path, { token, body, lang });
  expect(res.headers['content-type']).toContain('spreadsheetml');
  return readSheet(res.raw as Buffer);
}

const column = (rows: string[][], header: string) => rows.slice(1).map((row) => row[rows[0].indexOf(header)]);

describe('seeded names in exports', () => {
  it('names seeded cameras, scenes and events in the reader’s language in the device export, typed names as typed', async () => {
    const english = await exported('/device/export', { page: 1, rows: 100 }, 'en');
    const names = column(english, 'Name');
    expect(names).toEqual(expect.arrayContaining(['Science Park north gate', TYPED]));
    expect(names).not.toContain('科技园北门');
    expect(column(english, 'Scene')).toContain('Campus');
    // The seeded camera's row, its configured events too (joined in one cell, so each is named in English first).
    const row = english.find((cells) => cells.includes('Science Park north gate'))!;
    expect(row[english[0].indexOf('Events')]).not.toBe('');
    expect(row.join(' | ')).not.toMatch(/\p{Script=Han}/u);

    const chinese = await exported('/device/export', { page: 1, rows: 100 }, 'zh');
    expect(column(chinese, '名称')).toEqual(expect.arrayContaining(['科技园北门', TYPED]));
    expect(column(chinese, '名称')).not.toContain('Science Park north gate');
  });

  it('names the alarms’ seeded cameras in the reader’s language in the alarm export, typed names as typed', async () => {
    const english = await exported('/warn/event/export', { ids: alarmIds }, 'en');
    expect(column(english, 'Camera').sort()).toEqual(['Science Park north gate', TYPED].sort());
    const chinese = await exported('/warn/event/export', { ids: alarmIds }, 'zh');
    expect(column(chinese, '摄像机').sort()).toEqual(['科技园北门', TYPED].sort());
  });

  it('names seeded scenes in the reader’s language in the statistics export', async () => {
    const body = { startTime: formatTime(new Date(Date.now() - 86_400_000)), endTime: formatTime(new Date()) };
    const english = (await exported('/stats/configTotal/export', body, 'en')).map((row) => row[0]);
    expect(english).toContain('Campus');
    expect(english).not.toContain('园区');
    expect((await exported('/stats/configTotal/export', body, 'zh')).map((row) => row[0])).toContain('园区');
  });
});
