// The edge box's outbox against the real platform: an alarm journaled but never posted (a crash between the fsync
// and the post, or a platform away) is posted after the restart, once; an alarm posted whose acknowledgement never
// reached the journal is posted again and the platform keeps one; an acknowledged alarm is never posted again; a
// clip goes after its alarm, linked to it; boxEventIds differ between runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlarmFields, BoxClient, type BoxCredentials } from '../../server/edge/boxClient.ts';
import { Outbox, type OutboxEvent } from '../../server/edge/outbox.ts';
import { formatTime } from '../../server/http/format.ts';
import { runFfmpeg } from '../../server/media/ffmpeg.ts';
import { type DemoBox, demoBoxes } from './support/alarms.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let box: DemoBox;
let credentials: BoxCredentials;
let snapshot: Buffer;
const dirs: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address() as { port: number };
  box = demoBoxes(server.config.dataDir)[0];
  credentials = { platform: `http://127.0.0.1:${address.port}`, boxId: box.boxId, secret: box.secret };
  snapshot = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#345' } }).jpeg().toBuffer();
});
afterAll(async () => {
  await server?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function newDir() {
  const dir = mkdtempSync(join(tmpdir(), 'argus-outbox-'));
  dirs.push(dir);
  return dir;
}

/** A client that counts what it posts. */
class CountingClient extends BoxClient {
  alarmPosts = 0;
  override postAlarm(...args: Parameters<BoxClient['postAlarm']>) {
    this.alarmPosts += 1;
    return super.postAlarm(...args);
  }
}

function fields(outbox: Outbox): AlarmFields {
  return {
    cameraId: box.cameraIds[0],
    eventType: 16,
    alarmTime: formatTime(new Date()) as string,
    confidence: 0.8,
    box: { x: 4, y: 4, w: 20, h: 20 },
    boxEventId: outbox.newEventId(),
  };
}

async function storedWith(boxEventId: string): Promise<number[]> {
  const rows = await server.database.db.selectFrom('alarms').select('id').where('boxId', '=', box.boxId).where('boxEventId', '=', boxEventId).execute();
  return rows.map((r) => r.id);
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('edge outbox', () => {
  it('posts after a restart what was journaled but never reached the platform, once', async () => {
    const dir = newDir();
    // The platform is away (nothing listens on port 9 here): the alarm is journaled, its post fails.
    const away = await Outbox.open({ dir, client: new BoxClient({ ...credentials, platform: 'http://127.0.0.1:9' }), pollMs: 50 });
    const alarm = fields(away);
    expect(await away.addAlarm(alarm, snapshot)).toBe(true);
    await away.stop(); // the box dies with the alarm unsent
    expect(await storedWith(alarm.boxEventId)).toEqual([]);

    const client = new CountingClient(credentials);
    const events: OutboxEvent[] = [];
    const back = await Outbox.open({ dir, client, pollMs: 50, onEvent: (e) => events.push(e) });
    await until('the alarm acknowledged', () => back.isAcked(alarm.boxEventId));
    expect(await storedWith(alarm.boxEventId)).toHaveLength(1);
    expect(client.alarmPosts).toBe(1);
    expect(back.pending).toEqual({ alarms: 0, clips: 0 });
    // A new run numbers its alarms apart from the last one's.
    expect(fields(back).boxEventId.split('-')[0]).not.toBe(alarm.boxEventId.split('-')[0]);
    await back.stop();
  });

  it('keeps one alarm when the post landed but the acknowledgement never reached the journal', async () => {
    const dir = newDir();
    const away = await Outbox.open({ dir, client: new BoxClient({ ...credentials, platform: 'http://127.0.0.1:9' }), pollMs: 50 });
    const alarm = fields(away);
    await away.addAlarm(alarm, snapshot);
    await away.stop();
    // The post reached the platform just before the box died (the journal has no acknowledgement).
    const first = await new BoxClient(credentials).postAlarm(alarm, snapshot);

    const back = await Outbox.open({ dir, client: new CountingClient(credentials), pollMs: 50 });
    await until('the alarm acknowledged', () => back.isAcked(alarm.boxEventId));
    expect(await storedWith(alarm.boxEventId)).toEqual([first.id]);
    await back.stop();
  });

  it('never posts an acknowledged alarm again, and sends its clip after it', async () => {
    const dir = newDir();
    const outbox = await Outbox.open({ dir, client: new BoxClient(credentials), pollMs: 50 });
    const alarm = fields(outbox);
    await outbox.addAlarm(alarm, snapshot);
    const clip = (
      await runFfmpeg([
        ...['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=5', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
        ...['-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4', 'pipe:1'],
      ])
    ).output;
    const now = Date.now();
    await outbox.addClip({ cameraId: alarm.cameraId, startTime: formatTime(new Date(now - 2000)) as string, endTime: formatTime(new Date(now)) as string, boxEventId: alarm.boxEventId }, clip);
    await until('alarm and clip sent', () => outbox.isAcked(alarm.boxEventId) && outbox.pending.clips === 0);
    await outbox.stop();
    const [alarmId] = await storedWith(alarm.boxEventId);
    const recording = await server.database.db.selectFrom('videoRecords').select(['id', 'size']).where('alarmId', '=', alarmId).executeTakeFirst();
    expect(Number(recording?.size)).toBe(clip.length); // bigint: a string from PostgreSQL

    const client = new CountingClient(credentials);
    const again = await Outbox.open({ dir, client, pollMs: 50 });
    await new Promise((r) => setTimeout(r, 300)); // several polls
    expect(client.alarmPosts).toBe(0);
    expect(again.pending).toEqual({ alarms: 0, clips: 0 });
    await again.stop();
  });

  it('drops an alarm the platform refuses for good, and says why', async () => {
    const dir = newDir();
    const events: OutboxEvent[] = [];
    const outbox = await Outbox.open({ dir, client: new BoxClient(credentials), pollMs: 50, onEvent: (e) => events.push(e) });
    const other = demoBoxes(server.config.dataDir)[1];
    const alarm = { ...fields(outbox), cameraId: other.cameraIds[0] }; // a camera of another box: 403
    await outbox.addAlarm(alarm, snapshot);
    await until('the refusal', () => events.some((e) => e.type === 'dropped'));
    expect(outbox.pending.alarms).toBe(0);
    await outbox.stop();
    const reopened = await Outbox.open({ dir, client: new CountingClient(credentials), pollMs: 50 });
    expect(reopened.pending.alarms).toBe(0);
    await reopened.stop();
  });
});
