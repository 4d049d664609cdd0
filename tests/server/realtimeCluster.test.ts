// Two server instances on one PostgreSQL share the push: a console on instance B sees an alarm ingested on
// instance A (LISTEN/NOTIFY), and status changes reach both exactly once. Needs DATABASE_URL: vitest.config.ts
// includes this file only then (the embedded database is one process's own).
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../server/app.ts';
import { listenForAlarms } from '../../server/realtime/pgFanout.ts';
import { ALARM_CHANNEL, STATUS_CHANNEL } from '../../server/realtime/types.ts';
import { sql } from 'kysely';
import { alarmFields, type DemoBox, demoBoxes, ingestOk } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';
import { connectWs, type WsClient } from './support/wsClient.ts';

if (!process.env.DATABASE_URL) throw new Error('realtimeCluster.test.ts needs DATABASE_URL (a PostgreSQL server)');

describe('two instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: BuiltApp;
  let token: string;
  let userId: number;
  let box: DemoBox;
  const clients: WsClient[] = [];

  beforeAll(async () => {
    a = await startTestServer();
    b = await buildApp(a.config);
    for (const app of [a.app, b.app]) await app.listen({ host: '127.0.0.1', port: 0 });
    token = await login(a.app, OPERATOR);
    userId = (await a.database.db.selectFrom('users').select('id').where('username', '=', 'operator').executeTakeFirstOrThrow()).id;
    box = demoBoxes(a.config.dataDir)[0];
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await b?.close();
    await a?.close();
  });

  async function consoleOn(app: BuiltApp) {
    const port = (app.app.server.address() as AddressInfo).port;
    const client = await connectWs(`ws://127.0.0.1:${port}/websocket/${Date.now()}_${userId}?token=${token}`);
    clients.push(client);
    await client.waitFor((m) => m.some((x) => x?.type === 'hello'));
    client.send({ type: 'ping' });
    await client.waitFor((m) => m.some((x) => x?.type === 'pong'));
    return client;
  }

  it('pushes an alarm ingested on A to a console on B, in order and once', async () => {
    const onA = await consoleOn(a);
    const onB = await consoleOn(b);
    const stored = [];
    for (const eventType of ['16', '1009', '5']) stored.push(await ingestOk(a.app, box, { fields: alarmFields(box, { eventType }) }));
    stored.push(await ingestOk(b.app, box));
    for (const client of [onA, onB]) {
      await client.waitFor(() => client.alarms().length >= 4);
      expect(client.alarms().map((m) => m.seq)).toEqual(stored.map((s) => s.seq));
    }
  });

  it('delivers a status change made on A to consoles on both instances exactly once', async () => {
    const onA = await consoleOn(a);
    const onB = await consoleOn(b);
    const alarm = await ingestOk(a.app, box);
    await onB.waitFor(() => onB.alarms().some((m) => m.seq === alarm.seq));
    const res = await call(a.app, 'PUT', '/warn/event/confirm', { token, body: { ids: [alarm.id] } });
    expect(res.json.code).toBe(0);
    for (const client of [onA, onB]) await client.waitFor((m) => m.some((x) => x?.type === 'alarmStatus'));
    // Give a duplicate the time to arrive, then count: a ping round trip after the notice on each socket.
    for (const client of [onA, onB]) {
      const pongs = client.messages.filter((x) => x?.type === 'pong').length;
      client.send({ type: 'ping' });
      await client.waitFor((m) => m.filter((x) => x?.type === 'pong').length > pongs);
      expect(client.messages.filter((x) => x?.type === 'alarmStatus')).toHaveLength(1);
    }
  });

  it('wakes an instance for the alarm notices of others, not for its own (its hub already has those rows)', async () => {
    const heard: string[] = [];
    const listener = await listenForAlarms(a.config.databaseUrl!, 'me', {
      onAlarm: () => heard.push('alarm'),
      onStatus: () => heard.push('marker'),
      onError: () => {},
    });
    try {
      // What was committed while no one listened is read at connect.
      expect(heard).toEqual(['alarm']);
      for (const from of ['me', 'another', 'me', 'another']) await sql`SELECT pg_notify(${ALARM_CHANNEL}, ${from})`.execute(a.database.db);
      // Notices arrive in commit order: once a later one is heard, all the alarm notices have been.
      const marker = JSON.stringify({ from: 'another', notice: { ids: [1], status: 1 } });
      await sql`SELECT pg_notify(${STATUS_CHANNEL}, ${marker})`.execute(a.database.db);
      await expect.poll(() => heard.at(-1)).toBe('marker');
      expect(heard).toEqual(['alarm', 'alarm', 'alarm', 'marker']);
    } finally {
      await listener.close();
    }
  });
});
