// Event-area configurations: saved with the schema defaults, read back by point and by serial with the engine
// fields derived from the relative shapes, the drawing and time rules of §5, night mode, batch event changes,
// cross-camera links and deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWire } from '../../src/domain/eventAreaWire.ts';
import { login } from './support/client.ts';
import { addCamera, fails, heartbeat, ok, setFrame } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const key = { eventId: 51, typeId: 2, appName: 'argus-general' };
const polygon = { type: 1, id: 1, colour: '#FF4D4F', eventName: '区域入侵', points: [{ x: 0.1, y: 0.1 }, { x: 0.5, y: 0.1 }, { x: 0.5, y: 0.6 }, { x: 0.1, y: 0.6 }] };
const line = { type: 5, id: 101, colour: '#1677FF', points: [{ x: 0.25, y: 0.5 }, { x: 0.75, y: 0.5 }] };
// Saved as a Chinese reader, as the reads below: a seeded event's name is answered in the reader's language.
const save = (body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') => ok(server.app, 'POST', '/device/eventConfig/save', { token, lang, body });
const byPoint = (cameraId: number, type = 2) => ok(server.app, 'GET', '/device/eventConfig/byPoint', { token, query: { cameraId, type } });

describe('save and read back', () => {
  it('stores the form with the defaults and derives the engine fields in pixels of the snapshot', async () => {
    expect(await byPoint(1)).toEqual([]);
    const saved = await save({
      cameraId: 1,
      ...key,
      areas: [polygon],
      lineAreas: [line],
      hasUdrVertice: true,
      hasTripwire: true,
      lineDirection: 1,
      nightMode: true,
      nightModeStartTime: '20:00',
      nightModeEndTime: '06:00',
      times: [{ startTime: '08:00', endTime: '12:00' }],
    });
    expect(saved).toMatchObject({
      id: expect.any(Number),
      idKey: '51_2_argus-general',
      cameraId: 1,
      eventName: '区域入侵',
      // The demo camera is started: a new configuration on a started device runs at once.
      status: 1,
      isInterested: 1,
      weeks: [1, 2, 3, 4, 5],
      warnInterval: 60,
      act: 1,
      crossMirrorNumber: 1,
      sceneDegree: 1,
      identifyObj: { checked: false, prompt: [], box_threshold: 0.7 },
      optParam: { durationMinTime: 60, durationMaxTime: 60, statTime: 60, timeInterval: 60 },
      area: '192,108,960,108,960,648,192,648',
      lineArea: '1,480,540,1440,540',
      udrSetting: { udrNum: 1, udrVertices: [{ verticesType: 1, vertices: [{ x: 192, y: 108 }, { x: 960, y: 108 }, { x: 960, y: 648 }, { x: 192, y: 648 }] }] },
      tripwiresSetting: [{ stPointX: 480, stPointY: 540, edPointX: 1440, edPointY: 540, tripWireType: 1 }],
      times: [
        { startTime: '20:00', endTime: '06:00', type: 2 },
        { startTime: '08:00', endTime: '12:00', type: 1 },
      ],
      eventTimeId: expect.any(Number),
    });
    const [read] = await byPoint(1);
    expect(read).toEqual(saved);
    const bySerial = await ok(server.app, 'GET', '/device/eventConfig/bySerial', { token, query: { cameraId: 1, serialnumber: 'CAM-0001' } });
    // With the road events the demo site configured on this camera (type 1).
    expect(bySerial).toContainEqual(saved);
    expect(bySerial.map((c: any) => c.eventId).sort()).toEqual([1016, 1020, 51]);
    await fails(server.app, 'GET', '/device/eventConfig/bySerial', 404, { token, query: { cameraId: 1, serialnumber: 'CAM-0002' } });
    expect((await byPoint(1, 1)).map((c: any) => c.eventId).sort()).toEqual([1016, 1020]);

    // The console restores exactly what was drawn from the read-back (night mode from the first type-2 entry);
    // the shapes carry the schema's default status 0.
    const form = fromWire(read, { width: 1920, height: 1080 }, read);
    expect(form).toEqual({
      areas: [{ ...polygon, status: 0 }],
      lineAreas: [{ ...line, status: 0 }],
      lineDirection: 1,
      nightMode: true,
      nightModeStartTime: '20:00',
      nightModeEndTime: '06:00',
      times: [{ startTime: '08:00', endTime: '12:00', type: 1 }],
    });
  });

  it('upserts by camera + eventId + typeId + appName; saving what was read back changes nothing', async () => {
    const [before] = await byPoint(1);
    const again = await save({ ...before, warnInterval: 120 });
    expect(again.id).toBe(before.id);
    expect(again).toEqual({ ...before, warnInterval: 120, updateTime: again.updateTime });
    expect(await byPoint(1)).toHaveLength(1);
    const other = await save({ cameraId: 1, eventId: 51, typeId: 1, appName: 'argus-general' });
    expect(other.id).not.toBe(before.id);
    expect(other).toMatchObject({ nightMode: false, times: [], area: '', lineArea: '', udrSetting: { udrNum: 0, udrVertices: [] }, tripwiresSetting: [], eventTimeId: null });
  });

  it('stores points at 4 decimals and re-derives pixels when the resolution changes', async () => {
    const cameraId = await addCamera(server.app, token);
    await setFrame(server, cameraId, 1920, 1080);
    const saved = await save({ cameraId, ...key, areas: [{ type: 1, points: [{ x: 0.123456, y: 0.2 }, { x: 0.5, y: 0.2 }, { x: 0.5, y: 0.7 }] }] });
    expect(saved.areas[0].points[0]).toEqual({ x: 0.1235, y: 0.2 });
    expect(saved.area).toBe('237.12,216,960,216,960,756');
    await setFrame(server, cameraId, 1280, 720);
    const [read] = await byPoint(cameraId);
    expect(read.areas).toEqual(saved.areas);
    expect(read.area).toBe('158.08,144,640,144,640,504');
  });
});

describe('rules (400 naming the field, 404, 409)', () => {
  it('needs a frame size before shapes can be saved', async () => {
    const cameraId = await addCamera(server.app, token);
    await save({ cameraId, ...key });
    expect(await fails(server.app, 'POST', '/device/eventConfig/save', 409, { token, lang: 'en', body: { cameraId, ...key, areas: [polygon] } })).toContain('snapshot');
    await fails(server.app, 'POST', '/device/eventConfig/save', 404, { token, body: { cameraId: 99999, ...key } });
  });

  it('enforces the drawing and time rules', async () => {
    const base = { cameraId: 2, ...key };
    const bad = async (body: Record<string, unknown>, field: string) => {
      const msg = await fails(server.app, 'POST', '/device/eventConfig/save', 400, { token, lang: 'en', body: { ...base, ...body } });
      expect(msg).toContain(field);
      return msg;
    };
    expect(await bad({ hasUdrVertice: true }, 'areas')).toContain('intrusion');
    expect(await bad({ hasTripwire: true, lineAreas: [line, { ...line, points: [{ x: 0, y: 0.9 }, { x: 0.9, y: 0.9 }] }] }, 'lineAreas')).toContain('boundary');
    expect(await bad({ lineAreas: [{ type: 5, points: [{ x: 0.5, y: 0.5 }, { x: 0.52, y: 0.5 }] }] }, 'lineAreas[0]')).toContain('50 px');
    await bad({ areas: [{ type: 1, points: [{ x: 0.1, y: 0.1 }, { x: 0.9, y: 0.9 }] }] }, 'areas[0]');
    await bad({ areas: [line] }, 'areas[0]');
    await bad({ lineAreas: [{ type: 5, points: [{ x: 0, y: 0 }, { x: 0.5, y: 0 }, { x: 0.9, y: 0 }] }] }, 'lineAreas[0]');
    await bad({ times: [{ startTime: '12:00', endTime: '08:00' }] }, 'times[0]');
    await bad({ confidence: 20, confidenceMin: 30, confidenceMax: 90 }, 'confidence');
    await bad({ areas: [{ type: 1, points: [{ x: 1.5, y: 0.1 }, { x: 0.5, y: 0.1 }, { x: 0.5, y: 0.6 }] }] }, 'areas[0].points[0].x');
    await bad({ weeks: [8] }, 'weeks[0]');
    await bad({ nightModeStartTime: '25:00' }, 'nightModeStartTime');
    // The night window may cross midnight; a lone polygon without the intrusion flag is fine.
    await save({ ...base, nightMode: true, nightModeStartTime: '22:00', nightModeEndTime: '05:00', areas: [polygon], hasUdrVertice: true, hasTripwire: true, lineAreas: [line] });
  });
});

describe('batch event changes, deletion, cross-camera links', () => {
  it('adds, replaces and removes events with the schema defaults; stops devices left without any', async () => {
    const a = await addCamera(server.app, token);
    const b = await addCamera(server.app, token);
    expect(await ok(server.app, 'POST', '/device/eventType/batch', { token, body: { cameraIds: [a, b], eventIds: [51, 52], mode: 'add' } })).toEqual({ added: 4, removed: 0 });
    expect(await ok(server.app, 'POST', '/device/eventType/batch', { token, body: { cameraIds: [a, b], eventIds: [51], mode: 'add' } })).toEqual({ added: 0, removed: 0 });
    const [cfg] = await byPoint(a);
    expect(cfg).toMatchObject({ eventId: 51, eventName: '区域入侵', status: 0, isInterested: 1, weeks: [1, 2, 3, 4, 5], nightModeStartTime: '18:00', nightModeEndTime: '07:00' });
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: a } });
    expect(await ok(server.app, 'POST', '/device/eventType/batch', { token, body: { cameraIds: [a, b], eventIds: [52, 15], mode: 'replace' } })).toEqual({ added: 2, removed: 2 });
    expect((await byPoint(a)).map((c: any) => [c.eventId, c.status])).toEqual([[52, 1], [15, 1]]);
    expect(await ok(server.app, 'POST', '/device/eventType/batch', { token, body: { cameraIds: [a, b], eventIds: [52, 15], mode: 'remove' } })).toEqual({ added: 0, removed: 4 });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: a } })).toMatchObject({ startState: 2, runState: 0, events: [] });
    await fails(server.app, 'POST', '/device/eventType/batch', 404, { token, body: { cameraIds: [a], eventIds: [424242], mode: 'add' } });
    await fails(server.app, 'POST', '/device/eventType/batch', 404, { token, body: { cameraIds: [a, 99999], eventIds: [51], mode: 'add' } });
    expect(await fails(server.app, 'POST', '/device/eventType/batch', 400, { token, lang: 'en', body: { cameraIds: [a], eventIds: [51], mode: 'merge' } })).toContain('mode');
  });

  it('deletes configurations all or nothing and stops a started device left without one', async () => {
    const a = await addCamera(server.app, token);
    await ok(server.app, 'POST', '/device/eventType/batch', { token, body: { cameraIds: [a], eventIds: [51, 52], mode: 'add' } });
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: a } });
    const ids = (await byPoint(a)).map((c: any) => c.id);
    await fails(server.app, 'DELETE', '/device/eventConfig/delete', 404, { token, body: { ids: [ids[0], 99999] } });
    expect(await byPoint(a)).toHaveLength(2);
    await ok(server.app, 'DELETE', '/device/eventConfig/delete', { token, body: { ids: [ids[0]] } });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: a } })).toMatchObject({ startState: 1 });
    await ok(server.app, 'DELETE', '/device/eventConfig/delete', { token, body: { ids: [ids[1]] } });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: a } })).toMatchObject({ startState: 2, runState: 0 });
  });

  it('links cameras for cross-camera tracking, keeping the camera’s own shapes out of the linked ones', async () => {
    await heartbeat(server, 1);
    const crossArea = { ...polygon, id: 2, crossCameraId: 3 };
    const { id } = await ok(server.app, 'POST', '/device/crossCameraConfig', {
      token,
      body: { cameraId: 4, ...key, crossMirrorNumber: 2, cameraBoxList: [{ cameraId: 2 }, { cameraId: 3, cameraName: '别名' }], areas: [crossArea] },
    });
    const [cfg] = await byPoint(4);
    expect(cfg).toMatchObject({
      id,
      crossMirror: true,
      crossMirrorNumber: 2,
      cameraBoxList: [
        { cameraId: 2, cameraName: '深南大道-南海大道路口西向', cameraUrl: expect.stringContaining('rtsp://') },
        { cameraId: 3, cameraName: '别名' },
      ],
      areas: [crossArea],
      area: '',
    });
    const own = await save({ ...cfg, areas: [polygon, crossArea] });
    expect(own.area).toBe('192,108,960,108,960,648,192,648');
    expect(own.crossMirror).toBe(true);
    const bad = (body: Record<string, unknown>, code: number) =>
      fails(server.app, 'POST', '/device/crossCameraConfig', code, { token, lang: 'en', body: { cameraId: 4, ...key, crossMirrorNumber: 1, cameraBoxList: [{ cameraId: 2 }], ...body } });
    expect(await bad({ crossMirrorNumber: 2 }, 400)).toContain('crossMirrorNumber');
    expect(await bad({ cameraBoxList: [{ cameraId: 4 }] }, 400)).toContain('cameraBoxList');
    await bad({ cameraBoxList: [{ cameraId: 99999 }] }, 404);
    await bad({ cameraId: 99999 }, 404);
    expect(await bad({ areas: [{ ...polygon, crossCameraId: 5 }] }, 400)).toContain('areas[0].crossCameraId');
  });
});
