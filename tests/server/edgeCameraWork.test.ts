// What the platform tells an edge box to run (issue 35): the heartbeat answer carries each camera's stream with its
// credentials — only there: device lists, camera info and the operation log keep them masked — its analysis frame
// rate, what to record, and its running event configurations as rules (areas, a line with direction, dwell, size
// bounds, windows and weekdays, classes from prompts, second identification), which the box's rule engine applies
// as drawn; the stream reports a box sends are kept per camera, latest first; the new fields are bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuleEngine } from '../../server/edge/detect/rules.ts';
import { Tracker } from '../../server/edge/detect/tracker.ts';
import type { EdgeCamera, EdgeEventRule } from '../../server/edge/types.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { addCamera, boxHeartbeat, fails, ok, postHeartbeat, setFrame } from './support/devices.ts';
import { addAlgorithm, addTrainedVersion } from './support/training.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let box: { id: number; secret: string };
let otherBox: { id: number; secret: string };
let algorithmId: number;
const db = () => server.database.db;

const SECRET = 'S3cret-pw';
const key = { eventId: 51, typeId: 2, appName: 'argus-general' };
const square = { type: 1, id: 1, points: [{ x: 0.2, y: 0.2 }, { x: 0.6, y: 0.2 }, { x: 0.6, y: 0.8 }, { x: 0.2, y: 0.8 }] };
const line = { type: 5, id: 101, points: [{ x: 0.1, y: 0.5 }, { x: 0.9, y: 0.5 }] };

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  for (const n of [1, 2]) {
    const created = await ok(server.app, 'POST', '/edgeBox/add', { token, body: { name: `规则盒子-${n}`, serialNumber: `RULE-BOX-${n}-${Date.now()}` } });
    if (n === 1) box = { id: created.id, secret: created.secret };
    else otherBox = { id: created.id, secret: created.secret };
  }
  algorithmId = await addAlgorithm(server, '二次识别-安全帽');
  const versionId = await addTrainedVersion(server, algorithmId, '二次识别-安全帽', 0.62);
  await ok(server.app, 'PUT', `/warehouse/train/version/publish/${versionId}`, { token });
});
afterAll(async () => server?.close());

const camerasOf = async (b = box) => (await boxHeartbeat<{ cameras: EdgeCamera[] }>(server, b)).cameras;
const cameraOf = async (id: number, b = box) => (await camerasOf(b)).find((c) => c.cameraId === id)!;

describe('a camera’s stream in the heartbeat answer', () => {
  it('carries the stream with its credentials to the box, and to no console answer or log', async () => {
    const withUrl = await addCamera(server.app, token, {
      rtspUrl: `rtsp://admin:${SECRET}@198.51.100.7:554/Streaming/101`,
      boxId: box.id,
      fps: 25,
      streamTransport: 'tcp',
      recording: { continuous: true, segmentSeconds: 120, preSeconds: 4, postSeconds: 6 },
    });
    const withLogin = await addCamera(server.app, token, { rtspUrl: 'rtsp://198.51.100.8/live', username: 'viewer', password: 'p@ss:w/rd', boxId: box.id });
    const picture = await addCamera(server.app, token, { kind: 'image', rtspUrl: undefined, boxId: box.id });

    const cameras = await camerasOf();
    expect(cameras.find((c) => c.cameraId === withUrl)).toMatchObject({
      kind: 'normal',
      started: false,
      stream: { url: `rtsp://admin:${SECRET}@198.51.100.7:554/Streaming/101`, transport: 'tcp' },
      detectFps: 10, // 25 held to the box's 10
      recording: { continuous: true, segmentSeconds: 120, preSeconds: 4, postSeconds: 6 },
      events: [],
    });
    // The device's user name and password, URL-encoded, when the address has none of its own.
    expect(cameras.find((c) => c.cameraId === withLogin)).toMatchObject({
      stream: { url: 'rtsp://viewer:p%40ss%3Aw%2Frd@198.51.100.8/live', transport: 'auto' },
      detectFps: 5,
      recording: { continuous: false, segmentSeconds: 60, preSeconds: 3, postSeconds: 5 },
    });
    expect(cameras.find((c) => c.cameraId === picture)).toMatchObject({ kind: 'image', stream: null });

    const info = await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: withUrl } });
    expect(info).toMatchObject({ rtspUrl: 'rtsp://***:***@198.51.100.7:554/Streaming/101', streamTransport: 'tcp', recording: { continuous: true, segmentSeconds: 120 } });
    const list = await ok(server.app, 'GET', '/device/list', { token, query: { pageNo: 1, pageSize: 100 } });
    const answers = JSON.stringify([info, list, await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: withLogin } })]);
    expect(answers).not.toContain(SECRET);
    expect(answers).not.toContain('p@ss');
    const logs = await db().selectFrom('operationLogs').select(['params', 'msg']).execute();
    expect(JSON.stringify(logs)).not.toContain(SECRET);
    expect(JSON.stringify(logs)).not.toContain('p@ss');
  });

  it('keeps the recording settings an update does not send, and refuses ones out of bounds', async () => {
    const id = await addCamera(server.app, token, { boxId: box.id, recording: { continuous: true, preSeconds: 10 } });
    const name = (await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: id } })).name;
    await ok(server.app, 'PUT', '/device/update', { token, body: { id, name, remark: 'moved' } });
    expect((await cameraOf(id)).recording).toEqual({ continuous: true, segmentSeconds: 60, preSeconds: 10, postSeconds: 5 });
    await ok(server.app, 'PUT', '/device/update', { token, body: { id, name, streamTransport: 'udp', recording: { continuous: false, postSeconds: 30 } } });
    expect(await cameraOf(id)).toMatchObject({ stream: { transport: 'udp' }, recording: { continuous: false, segmentSeconds: 60, preSeconds: 3, postSeconds: 30 } });
    for (const recording of [{ segmentSeconds: 5 }, { segmentSeconds: 301 }, { preSeconds: 11 }, { postSeconds: -1 }, { continuous: 'yes please' }]) {
      await fails(server.app, 'PUT', '/device/update', 400, { token, body: { id, name, recording } });
    }
    await fails(server.app, 'PUT', '/device/update', 400, { token, body: { id, name, streamTransport: 'quic' } });
  });
});

describe('the rules of a camera’s running event configurations', () => {
  it('are built from the saved configuration, and the box’s rule engine applies them as drawn', async () => {
    const id = await addCamera(server.app, token, { boxId: box.id });
    await setFrame(server, id);
    const saved = await ok(server.app, 'POST', '/device/eventConfig/save', {
      token,
      body: {
        cameraId: id,
        ...key,
        areas: [square],
        lineAreas: [line],
        lineDirection: 2,
        alarmTimeMin: 5,
        minObjectHeight: 10,
        maxObjectHeight: 60,
        confidence: 45,
        times: [{ startTime: '08:00', endTime: '12:00' }],
        nightMode: true,
        nightModeStartTime: '20:00',
        nightModeEndTime: '06:00',
        weeks: [5, 1, 3],
        warnInterval: 2,
        unit: 'min',
        identifyObj: { checked: true, prompt: ['行人', 'bag', 'plastic bag'], box_threshold: 0.5 },
        recheckAlgorithmId: algorithmId,
      },
    });
    await boxHeartbeat(server, box); // the box is online: the camera may start
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: id } });
    const camera = await cameraOf(id);
    expect(camera).toMatchObject({ started: true, eventIds: [51] });
    const expected: EdgeEventRule = {
      configId: saved.id,
      eventId: 51,
      typeId: 2,
      name: '区域入侵',
      // 行人 → person; bag → handbag, backpack, suitcase; "plastic bag" is not a detector class and is left out.
      classes: ['person', 'handbag', 'backpack', 'suitcase'],
      confidence: 0.45,
      areas: [square.points],
      lines: [{ a: line.points[0], b: line.points[1], direction: 2 }],
      dwellSeconds: 5,
      minSize: 0.1,
      maxSize: 0.6,
      times: [
        { start: '20:00:00', end: '06:00:00' },
        { start: '08:00:00', end: '12:00:00' },
      ],
      weeks: [1, 3, 5],
      warnIntervalSeconds: 120,
      recheck: { algorithmId },
    };
    expect(camera.events).toEqual([expected]);

    // Direction 2 of a line drawn left to right is upwards on the picture: a person walking up across it at
    // 10:00 on a Wednesday alarms once; walking down, never.
    const walk = (fromY: number, toY: number) => {
      const tracker = new Tracker();
      const engine = new RuleEngine(camera.events);
      const start = new Date(2025, 11, 10, 10, 0, 0).getTime();
      return Array.from({ length: 9 }, (_, i) => {
        const y = fromY + ((toY - fromY) * i) / 8;
        const t = start + i * 500;
        return engine.update(tracker.update([{ label: 'person', score: 0.6, box: { x1: 0.45, y1: y - 0.2, x2: 0.55, y2: y } }], t), new Date(t));
      }).flat();
    };
    expect(walk(0.7, 0.3).map((h) => h.reason)).toEqual(['cross']);
    expect(walk(0.3, 0.7)).toEqual([]);

    // Stopped, the camera runs nothing.
    await ok(server.app, 'PUT', '/device/stop', { token, body: { cameraId: id } });
    expect(await cameraOf(id)).toMatchObject({ started: false, eventIds: [], events: [] });
  });

  it('takes the defaults where the configuration says nothing', async () => {
    const id = await addCamera(server.app, token, { boxId: box.id });
    const saved = await ok(server.app, 'POST', '/device/eventConfig/save', { token, body: { cameraId: id, ...key } });
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: id } });
    const [rule] = (await cameraOf(id)).events;
    expect(rule).toEqual({
      configId: saved.id,
      eventId: 51,
      typeId: 2,
      name: '区域入侵',
      classes: ['person'],
      // The detector's measured default for people (src/domain/detectorDefaults.ts, docs/detector.md).
      confidence: 0.25,
      areas: [],
      lines: [],
      dwellSeconds: 0,
      minSize: null,
      maxSize: null,
      times: [],
      weeks: [1, 2, 3, 4, 5],
      warnIntervalSeconds: 60,
      recheck: null,
    });
    await ok(server.app, 'PUT', '/device/stop', { token, body: { cameraId: id } });
  });

  it('refuses size bounds out of order or range, and a second identification without a published version', async () => {
    const id = await addCamera(server.app, token, { boxId: box.id });
    const save = (fields: Record<string, unknown>) => call(server.app, 'POST', '/device/eventConfig/save', { token, lang: 'en', body: { cameraId: id, ...key, ...fields } });
    const outOfOrder = await save({ minObjectHeight: 50, maxObjectHeight: 20 });
    expect(outOfOrder.json).toMatchObject({ code: 400 });
    expect(outOfOrder.json.msg).toContain('maxObjectHeight');
    for (const fields of [{ minObjectHeight: 0 }, { maxObjectHeight: 101 }, { minObjectHeight: 2.5 }, { recheckAlgorithmId: 0 }]) {
      expect((await save(fields)).json.code, JSON.stringify(fields)).toBe(400);
    }
    const draftOnly = await addAlgorithm(server, '二次识别-未发布');
    await addTrainedVersion(server, draftOnly, '二次识别-未发布');
    for (const recheckAlgorithmId of [draftOnly, 999_999]) {
      const refused = await save({ recheckAlgorithmId });
      expect(refused.json.code).toBe(400);
      expect(refused.json.msg).toContain('published trained version');
    }
    expect((await save({ minObjectHeight: 20, maxObjectHeight: 20, recheckAlgorithmId: algorithmId })).json.code).toBe(0);
  });

  it('lists the algorithms an event can recheck with: those with a published version, for device configurators', async () => {
    const list = await ok(server.app, 'GET', '/device/recheckAlgorithms', { token });
    expect(list).toContainEqual({ algorithmId, name: '二次识别-安全帽', version: expect.any(String), threshold: 0.62 });
    expect(list.map((a: { name: string }) => a.name)).not.toContain('二次识别-未发布');
    const operator = await login(server.app, OPERATOR);
    expect((await call(server.app, 'GET', '/device/recheckAlgorithms', { token: operator })).json.code).toBe(403);
  });
});

describe('stream reports', () => {
  const reportOf = (id: number) => db().selectFrom('devices').select(['streamReport', 'streamReportedAt']).where('id', '=', id).executeTakeFirstOrThrow();

  it('keeps the latest report of each of the box’s own cameras', async () => {
    const mine = await addCamera(server.app, token, { boxId: box.id });
    const theirs = await addCamera(server.app, token, { boxId: otherBox.id });
    const live = { cameraId: mine, state: 'live', width: 1280, height: 720, codec: 'h264', decodedFps: 25, analysedFps: 1.6, lastFrameAt: '2026-12-07 10:00:00' };
    await boxHeartbeat(server, box, { streams: [{ cameraId: mine, state: 'connecting' }, live, { cameraId: theirs, state: 'error', error: 'not mine' }] });
    const first = await reportOf(mine);
    expect(first.streamReport).toEqual(live);
    expect(first.streamReportedAt).toBeInstanceOf(Date);
    expect((await reportOf(theirs)).streamReport).toBeNull();

    await boxHeartbeat(server, box, { streams: [{ cameraId: mine, state: 'stalled', error: 'no data for 10 s' }] });
    const second = await reportOf(mine);
    expect(second.streamReport).toEqual({ cameraId: mine, state: 'stalled', error: 'no data for 10 s' });
    expect(second.streamReportedAt!.getTime()).toBeGreaterThanOrEqual(first.streamReportedAt!.getTime());
    // A heartbeat without reports leaves the last one.
    await boxHeartbeat(server, box);
    expect((await reportOf(mine)).streamReport).toEqual(second.streamReport);
  });

  it('refuses a report out of its bounds, storing nothing of that heartbeat, and drops fields it does not know', async () => {
    const mine = await addCamera(server.app, token, { boxId: box.id });
    const bad = [
      { cameraId: mine, state: 'sleeping' },
      { cameraId: mine, state: 'error', error: 'x'.repeat(201) },
      { cameraId: mine, state: 'live', width: 0 },
      { cameraId: mine, state: 'live', lastFrameAt: 'yesterday' },
      { cameraId: 0, state: 'live' },
    ];
    for (const report of bad) {
      const answer = await postHeartbeat(server, box, { streams: [report] });
      expect(answer.code, JSON.stringify(report)).toBe(400);
    }
    const tooMany = Array.from({ length: 1001 }, () => ({ cameraId: mine, state: 'live' }));
    expect((await postHeartbeat(server, box, { streams: tooMany })).code).toBe(400);
    expect((await reportOf(mine)).streamReport).toBeNull();
    // A field the contract does not name is dropped, never stored (a URL with its credentials, say).
    await boxHeartbeat(server, box, { streams: [{ cameraId: mine, state: 'live', url: 'rtsp://a:b@c/d' }] });
    expect((await reportOf(mine)).streamReport).toEqual({ cameraId: mine, state: 'live' });
  });
});
