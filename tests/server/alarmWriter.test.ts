// The alarm writer's batches (insert_alarms, migration 073): seqs in arrival order within a batch, a repeated
// boxEventId answered with the first alarm, and the row it hands to the websocket hub equal to the stored row as
// `SELECT *` reads it — every column, on either database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAlarm, type NewAlarm } from '../../server/modules/alarms/alarmWriter.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let n = 0;
function alarm(overrides: Partial<NewAlarm> = {}): NewAlarm {
  n += 1;
  return {
    cameraId: 7,
    cameraName: `摄像头 ${n}`,
    boxId: 3,
    boxEventId: `writer-${Date.now()}-${n}`,
    eventType: 16,
    alarmTime: new Date(Date.UTC(2026, 10, 27, 8, 30, 15, 123)),
    confidence: 0.87,
    boxX: 1,
    boxY: 2,
    boxW: 30,
    boxH: 40,
    imageWidth: 640,
    imageHeight: 360,
    imagePath: `alarms/20261127/writer-${n}.png`,
    attributes: JSON.stringify({ plateNo: '粤B12345', vehicleColor: 2, nested: { z: [1, 2.5, null], a: 'x"y' } }),
    simulated: false,
    sceneId: null,
    sceneName: null,
    ...overrides,
  };
}

describe('alarm writer', () => {
  it('hands over each stored row exactly as SELECT * reads it back', async () => {
    const db = server.database.db;
    const sent = [
      alarm(),
      alarm({ confidence: 0.123456789, simulated: true, sceneId: 4, sceneName: '东门', eventType: 1009 }),
      alarm({ boxId: null, boxEventId: null, attributes: '{}', alarmTime: new Date(Date.UTC(2025, 0, 1, 0, 0, 0, 1)) }),
      alarm({ confidence: 1, attributes: JSON.stringify({ b: 1, a: 2, emoji: '🚗', long: 'x'.repeat(500) }) }),
    ];
    // Started together: one batch.
    const stored = await Promise.all(sent.map((a) => insertAlarm(db, a, null)));
    for (const s of stored) {
      expect(s.duplicate).toBe(false);
      const read = await db.selectFrom('alarms').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow();
      expect(s.row).toEqual(read);
    }
    const seqs = stored.map((s) => s.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('answers a repeated boxEventId with the first alarm, in the same batch or a later one', async () => {
    const db = server.database.db;
    const first = alarm();
    const [a, b] = await Promise.all([insertAlarm(db, first, null), insertAlarm(db, alarm({ boxEventId: first.boxEventId }), null)]);
    expect(a.duplicate).toBe(false);
    expect(b).toEqual({ id: a.id, seq: a.seq, duplicate: true });
    const later = await insertAlarm(db, alarm({ boxEventId: first.boxEventId }), null);
    expect(later).toEqual({ id: a.id, seq: a.seq, duplicate: true });
    const rows = await db.selectFrom('alarms').select('id').where('boxEventId', '=', first.boxEventId!).execute();
    expect(rows).toHaveLength(1);
  });
});
