// Planned tasks: the schedule (next run from executeTime + weekdays or a one-off date), the CRUD rules, running a
// plan by hand, and the scheduler executing plans at their times — driven by a fake clock, racing a second
// instance, and once for real through the server's own scheduler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { nextRunTime } from '../../server/modules/plans/schedule.ts';
import { PlanScheduler } from '../../server/modules/plans/scheduler.ts';
import { call, login } from './support/client.ts';
import { addCamera, fails, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const clock = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const plan = async (id: number) => (await ok(server.app, 'POST', '/taskPlan/list', { token, body: { pageSize: 500 } })).list.find((p: any) => p.id === id);
const addEvents = (cameraIds: number[]) => ok(server.app, 'POST', '/device/eventType/batch', { token, body: { cameraIds, eventIds: [51], mode: 'add' } });

describe('schedule', () => {
  // 2026-03-04 is a Wednesday (ISO weekday 3).
  const wed = new Date(2026, 2, 4, 10, 0, 0);
  const timing = { executeTime: '08:30:00', weeks: [] as number[], onceDate: null as string | null, enabled: true };

  it('finds the next listed weekday at executeTime, today when the time is still ahead', () => {
    expect(nextRunTime({ ...timing, weeks: [3] }, wed)).toEqual(new Date(2026, 2, 11, 8, 30, 0));
    expect(nextRunTime({ ...timing, executeTime: '10:00:01', weeks: [3] }, wed)).toEqual(new Date(2026, 2, 4, 10, 0, 1));
    expect(nextRunTime({ ...timing, executeTime: '10:00:00', weeks: [3] }, wed)).toEqual(new Date(2026, 2, 11, 10, 0, 0));
    expect(nextRunTime({ ...timing, weeks: [1, 5] }, wed)).toEqual(new Date(2026, 2, 6, 8, 30, 0));
    expect(nextRunTime({ ...timing, weeks: [7] }, wed)).toEqual(new Date(2026, 2, 8, 8, 30, 0));
    expect(nextRunTime({ ...timing, weeks: [1, 2, 3, 4, 5, 6, 7] }, new Date(2026, 11, 31, 23, 0, 0))).toEqual(new Date(2027, 0, 1, 8, 30, 0));
  });

  it('runs a one-off plan once, and nothing when disabled', () => {
    expect(nextRunTime({ ...timing, onceDate: '2026-03-05' }, wed)).toEqual(new Date(2026, 2, 5, 8, 30, 0));
    expect(nextRunTime({ ...timing, onceDate: '2026-03-04' }, wed)).toBeNull();
    expect(nextRunTime({ ...timing, weeks: [3], enabled: false }, wed)).toBeNull();
  });
});

describe('plans API', () => {
  it('creates plans with their next run, lists them by it (none last), and enforces weeks xor date', async () => {
    const cams = [await addCamera(server.app, token), await addCamera(server.app, token)];
    const now = new Date();
    const { id: weekly } = await ok(server.app, 'POST', '/taskPlan/add', { token, body: { name: '工作日启动', cameraIds: cams, action: 'start', executeTime: '07:30:00', weeks: [5, 1, 2, 3, 4] } });
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const { id: once } = await ok(server.app, 'POST', '/taskPlan/add', { token, body: { name: '明晚停止', cameraIds: [cams[0]], action: 'stop', executeTime: '22:00:00', onceDate: day(tomorrow) } });
    const { id: off } = await ok(server.app, 'POST', '/taskPlan/add', { token, body: { name: '停用', cameraIds: [cams[1]], action: 'stop', executeTime: '01:00:00', weeks: [6], enabled: false, remark: 'r' } });
    expect(await plan(weekly)).toMatchObject({
      name: '工作日启动',
      action: 'start',
      weeks: [1, 2, 3, 4, 5],
      onceDate: null,
      enabled: true,
      cameraIds: cams,
      cameras: [{ id: cams[0] }, { id: cams[1] }],
      nextRunTime: formatTime(nextRunTime({ executeTime: '07:30:00', weeks: [1, 2, 3, 4, 5], onceDate: null, enabled: true }, now)),
      lastRunTime: null,
      lastResult: null,
    });
    expect(await plan(once)).toMatchObject({ nextRunTime: `${day(tomorrow)} 22:00:00`, weeks: [] });
    expect(await plan(off)).toMatchObject({ enabled: false, nextRunTime: null, remark: 'r' });
    const order = (await ok(server.app, 'POST', '/taskPlan/list', { token, body: {} })).list.map((p: any) => p.nextRunTime);
    expect(order.at(-1)).toBeNull();
    expect(order.filter(Boolean)).toEqual([...order.filter(Boolean)].sort());
    expect((await ok(server.app, 'POST', '/taskPlan/list', { token, body: { action: 'stop', enabled: true } })).list.map((p: any) => p.id)).toEqual([once]);
    expect((await ok(server.app, 'POST', '/taskPlan/list', { token, body: { keyword: '工作日' } })).list.map((p: any) => p.id)).toEqual([weekly]);

    const base = { name: 'bad', cameraIds: cams, action: 'start', executeTime: '07:30:00' };
    expect(await fails(server.app, 'POST', '/taskPlan/add', 400, { token, lang: 'en', body: base })).toContain('weeks');
    await fails(server.app, 'POST', '/taskPlan/add', 400, { token, body: { ...base, weeks: [1], onceDate: day(tomorrow) } });
    expect(await fails(server.app, 'POST', '/taskPlan/add', 400, { token, lang: 'en', body: { ...base, onceDate: '2020-01-01' } })).toContain('past');
    await fails(server.app, 'POST', '/taskPlan/add', 400, { token, body: { ...base, weeks: [8] } });
    await fails(server.app, 'POST', '/taskPlan/add', 400, { token, body: { ...base, weeks: [1], executeTime: '7:30' } });
    await fails(server.app, 'POST', '/taskPlan/add', 409, { token, body: { ...base, name: '工作日启动', weeks: [1] } });
    await fails(server.app, 'POST', '/taskPlan/add', 404, { token, body: { ...base, weeks: [1], cameraIds: [99999] } });
  });

  it('updates every field and recomputes the next run, replaces cameras, deletes all or nothing', async () => {
    const cam = await addCamera(server.app, token);
    const { id } = await ok(server.app, 'POST', '/taskPlan/add', { token, body: { name: 'edit-plan', cameraIds: [cam], action: 'start', executeTime: '06:00:00', weeks: [1] } });
    const now = new Date();
    await ok(server.app, 'POST', '/taskPlan/update', { token, body: { id, name: 'edit-plan-2', cameraIds: [cam, 1], action: 'stop', executeTime: '23:15:00', weeks: [2, 4] } });
    expect(await plan(id)).toMatchObject({
      name: 'edit-plan-2',
      action: 'stop',
      cameraIds: [1, cam],
      weeks: [2, 4],
      nextRunTime: formatTime(nextRunTime({ executeTime: '23:15:00', weeks: [2, 4], onceDate: null, enabled: true }, now)),
    });
    await fails(server.app, 'POST', '/taskPlan/update', 404, { token, body: { id: 99999, name: 'x', cameraIds: [cam], action: 'stop', executeTime: '23:15:00', weeks: [2] } });
    await fails(server.app, 'POST', '/taskPlan/update', 409, { token, body: { id, name: '工作日启动', cameraIds: [cam], action: 'stop', executeTime: '23:15:00', weeks: [2] } });
    await ok(server.app, 'POST', '/taskPlan/cameraUpdate', { token, body: { id, cameraIds: [2, 3] } });
    expect((await plan(id)).cameraIds).toEqual([2, 3]);
    await fails(server.app, 'POST', '/taskPlan/cameraUpdate', 404, { token, body: { id, cameraIds: [99999] } });
    await fails(server.app, 'POST', '/taskPlan/cameraUpdate', 404, { token, body: { id: 99999, cameraIds: [2] } });
    await fails(server.app, 'POST', '/taskPlan/delete', 404, { token, body: { ids: [id, 99999] } });
    expect(await plan(id)).toBeDefined();
    await ok(server.app, 'POST', '/taskPlan/delete', { token, body: { ids: [id] } });
    expect(await plan(id)).toBeUndefined();
    // The cameras keep their state.
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: 2 } })).toMatchObject({ startState: 1 });
  });

  it('runs a plan by hand, recording the outcome without touching the schedule', async () => {
    const ready = await addCamera(server.app, token);
    const bare = await addCamera(server.app, token);
    await addEvents([ready]);
    const { id } = await ok(server.app, 'POST', '/taskPlan/add', { token, body: { name: 'manual', cameraIds: [ready, bare], action: 'start', executeTime: '04:00:00', weeks: [3], enabled: false } });
    const res = await call(server.app, 'POST', '/taskPlan/executePlan', { token, lang: 'en', body: { id } });
    expect(res.json.data).toEqual({ succeeded: [ready], failed: [{ cameraId: bare, code: 409, msg: expect.stringContaining('no event') }] });
    expect(await plan(id)).toMatchObject({ enabled: false, nextRunTime: null, lastRunTime: expect.any(String), lastResult: { status: 'partial', okCount: 1, failCount: 1, message: expect.stringContaining('no event') } });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: ready } })).toMatchObject({ startState: 1, runState: 1 });
    const runs = await db().selectFrom('taskPlanRuns').selectAll().where('planId', '=', id).execute();
    expect(runs).toMatchObject([{ triggerKind: 'manual', status: 'partial', okCount: 1, failCount: 1 }]);
    await fails(server.app, 'POST', '/taskPlan/executePlan', 404, { token, body: { id: 99999 } });
  });
});

describe('the scheduler', () => {
  // The fake clock jumps days ahead: only the plans made here may be due then.
  beforeAll(async () => {
    await db().updateTable('taskPlans').set({ enabled: false, nextRunAt: null }).execute();
  });

  it('executes a due plan at its time with a fake clock, then moves it to the next weekday', async () => {
    const cams = [await addCamera(server.app, token), await addCamera(server.app, token)];
    await addEvents(cams);
    const { id } = await ok(server.app, 'POST', '/taskPlan/add', { token, body: { name: 'nightly-start', cameraIds: cams, action: 'start', executeTime: '02:10:00', weeks: [1, 3, 5] } });
    const row = await db().selectFrom('taskPlans').select('nextRunAt').where('id', '=', id).executeTakeFirstOrThrow();
    const due = row.nextRunAt!;
    let now = new Date(due.getTime() - 1000);
    const scheduler = new PlanScheduler(db(), { clock: { now: () => now }, lang: 'en' });
    expect(await scheduler.tick()).toBe(0);
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: cams[0] } })).toMatchObject({ startState: 2 });

    now = new Date(due.getTime() + 500);
    expect(await scheduler.tick()).toBe(1);
    for (const cam of cams) expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: cam } })).toMatchObject({ startState: 1, runState: 1 });
    const after = await plan(id);
    expect(after).toMatchObject({ enabled: true, lastRunTime: formatTime(now), lastResult: { status: 'success', okCount: 2, failCount: 0, message: null } });
    expect(after.nextRunTime).toBe(formatTime(nextRunTime({ executeTime: '02:10:00', weeks: [1, 3, 5], onceDate: null, enabled: true }, now)));
    expect(await scheduler.tick()).toBe(0);
    const runs = await db().selectFrom('taskPlanRuns').selectAll().where('planId', '=', id).execute();
    expect(runs).toMatchObject([{ triggerKind: 'schedule', status: 'success', scheduledFor: due }]);
  });

  it('runs a one-off plan once and disables it; two instances racing run it once', async () => {
    const cam = await addCamera(server.app, token);
    await addEvents([cam]);
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: cam } });
    const when = new Date(Date.now() + 2 * 86_400_000);
    const { id } = await ok(server.app, 'POST', '/taskPlan/add', { token, body: { name: 'one-off-stop', cameraIds: [cam], action: 'stop', executeTime: '03:00:00', onceDate: day(when) } });
    const now = new Date(when.getFullYear(), when.getMonth(), when.getDate(), 3, 0, 5);
    // Only this plan may be due: the file's other plans (weekly ones among them) would be due too on some days of
    // the week (`when` is two days from the calendar day the test runs on), so they wait while the two race.
    const others = (await db().selectFrom('taskPlans').select('id').where('enabled', '=', true).where('id', '!=', id).execute()).map((p) => p.id);
    if (others.length) await db().updateTable('taskPlans').set({ enabled: false }).where('id', 'in', others).execute();
    const a = new PlanScheduler(db(), { clock: { now: () => now } });
    const b = new PlanScheduler(db(), { clock: { now: () => now } });
    const ran = await Promise.all([a.tick(), b.tick()]);
    if (others.length) await db().updateTable('taskPlans').set({ enabled: true }).where('id', 'in', others).execute();
    expect(ran[0] + ran[1]).toBe(1);
    expect(await plan(id)).toMatchObject({ enabled: false, nextRunTime: null, lastResult: { status: 'success', okCount: 1 } });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: cam } })).toMatchObject({ startState: 2, runState: 0 });
    expect(await db().selectFrom('taskPlanRuns').select('id').where('planId', '=', id).execute()).toHaveLength(1);
  });

  it('is started by the server and runs a plan when its time comes (real clock)', async () => {
    const cam = await addCamera(server.app, token);
    await addEvents([cam]);
    const at = new Date(Date.now() + 2500);
    const { id } = await ok(server.app, 'POST', '/taskPlan/add', { token, body: { name: 'real-clock', cameraIds: [cam], action: 'start', executeTime: clock(at), onceDate: day(at) } });
    const deadline = Date.now() + 60_000;
    let current = await plan(id);
    while (!current.lastRunTime && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      current = await plan(id);
    }
    expect(current).toMatchObject({ enabled: false, lastResult: { status: 'success', okCount: 1 } });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: cam } })).toMatchObject({ startState: 1 });
  });
});
