// What a newcomer's demo site opens with (issue 8, items 15 and 17): statistics count its simulated alarms by default
// (a per-site setting, the switch kept), the alarm sound is a file the server has (and says when it has not, so
// the console plays its own beep without a failed request), and migration 006 brings an existing demo site there.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAlarms } from './support/alarms.ts';
import { login, OPERATOR } from './support/client.ts';
import { ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;
let operator: string;
let staticDir: string;
const db = () => server.database.db;
const migration006 = readFileSync(join(import.meta.dirname, '..', '..', 'server', 'db', 'migrations', '006_demo_site.sql'), 'utf8');

beforeAll(async () => {
  // A built console with the shipped sound in it (what `npm run build` copies from public/).
  staticDir = mkdtempSync(join(tmpdir(), 'argus-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Argus</title>');
  mkdirSync(join(staticDir, 'audio'));
  writeFileSync(join(staticDir, 'audio', 'alarm.wav'), readFileSync(join(import.meta.dirname, '..', '..', 'public', 'audio', 'alarm.wav')));
  server = await startTestServer({ staticDir });
  admin = await login(server.app);
  operator = await login(server.app, OPERATOR);
});
afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const config = (token = admin) => ok(server.app, 'POST', '/config/selectAllConfigMap', { token });
const setConfig = (body: Record<string, unknown>) => ok(server.app, 'PUT', '/config/updateConfigMap', { token: admin, body });

describe('statistics on the demo site', () => {
  it('count simulated alarms by default, for every role, and the site can turn that off', async () => {
    expect(await config()).toMatchObject({ statsIncludeSimulated: true });
    expect(await config(operator)).toMatchObject({ statsIncludeSimulated: true });
    await setConfig({ statsIncludeSimulated: false });
    expect(await config(operator)).toMatchObject({ statsIncludeSimulated: false });
    await setConfig({ statsIncludeSimulated: true });
  });
});

describe('the alarm sound', () => {
  it('is the shipped generated WAV, served by the console, and said to be there', async () => {
    expect(await config(operator)).toMatchObject({ audioUrl: '/audio/alarm.wav', audioAvailable: true });
    const res = await server.app.inject({ method: 'GET', url: '/audio/alarm.wav' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
  });

  it('is said to be missing when the configured path has no file (or leaves the folder), not checked elsewhere', async () => {
    const cases: [string, boolean][] = [
      ['/audio/missing.wav', false],
      ['/audio/../../../../etc/passwd', false],
      ['/audio/%2e%2e/%2e%2e/etc/passwd', false],
      ['/files/sounds/siren.wav', false],
      ['', false],
      ['https://cdn.example.com/siren.mp3', true],
      ['/audio/alarm.wav?v=2', true],
    ];
    for (const [audioUrl, available] of cases) {
      await setConfig({ audioUrl });
      expect((await config(operator)).audioAvailable, audioUrl).toBe(available);
    }
    mkdirSync(join(server.config.dataDir, 'files', 'sounds'), { recursive: true });
    writeFileSync(join(server.config.dataDir, 'files', 'sounds', 'siren.wav'), readFileSync(join(staticDir, 'audio', 'alarm.wav')));
    await setConfig({ audioUrl: '/files/sounds/siren.wav' });
    expect((await config(operator)).audioAvailable).toBe(true);
    await setConfig({ audioUrl: '/audio/alarm.wav' });
  });
});

describe('migration 006 on an existing demo site', () => {
  it('stops cameras "running" with no event, moves the sound to the shipped file and counts simulated alarms', async () => {
    const camera = (await db().selectFrom('devices').select('id').where('name', '=', '滨海大道高架桥').executeTakeFirstOrThrow()).id;
    const configured = (await db().selectFrom('devices').select('id').where('name', '=', '科技园北门').executeTakeFirstOrThrow()).id;
    // The first demo seed: every camera "running", the sound at a file never shipped, the statistics setting unset.
    await db().updateTable('devices').set({ startState: 1, runState: 1 }).where('id', 'in', [camera, configured]).execute();
    await db().updateTable('systemConfig').set({ value: '/audio/alarm.mp3' }).where('key', '=', 'audioUrl').execute();
    await db().deleteFrom('systemConfig').where('key', '=', 'statsIncludeSimulated').execute();
    await insertAlarms(db(), [{ simulated: true }, { simulated: true }]);
    await server.database.execScript(migration006);
    const states = await db().selectFrom('devices').select(['id', 'startState', 'runState']).where('id', 'in', [camera, configured]).orderBy('id').execute();
    expect(states).toEqual(
      [
        { id: camera, startState: 2, runState: 0 },
        { id: configured, startState: 1, runState: 1 },
      ].sort((a, b) => a.id - b.id),
    );
    expect(await config()).toMatchObject({ audioUrl: '/audio/alarm.wav', statsIncludeSimulated: true });

    // A site with real alarms keeps counting only real ones unless it says otherwise.
    await db().deleteFrom('systemConfig').where('key', '=', 'statsIncludeSimulated').execute();
    await insertAlarms(db(), [{ simulated: false }]);
    await server.database.execScript(migration006);
    expect(await config()).toMatchObject({ statsIncludeSimulated: false });
  });
});
