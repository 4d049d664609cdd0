// The alarm state machine enforced by the server: confirm / ignore / deal / check / again / delete, with
// compare-and-set so concurrent handling ends in one outcome and the loser is told who won.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAlarms } from './support/alarms.ts';
import { ADMIN, call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;
let operator: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.app, ADMIN);
  operator = await login(server.app, OPERATOR);
});
afterAll(async () => server?.close());

const put = (path: string, token: string, body: unknown) => call(server.app, 'PUT', path, { token, body, lang: 'en' });
const info = async (id: number) => (await call(server.app, 'GET', `/warn/event/info/${id}`, { token: admin })).json.data;

describe('confirm and ignore', () => {
  it('confirms new alarms, records who and the history, and refuses a second confirm with 409', async () => {
    const [a, b] = await insertAlarms(server.database.db, [{}, {}]);
    const first = await put('/warn/event/confirm', operator, { ids: [a, b], remark: 'seen on camera' });
    expect(first.json).toMatchObject({ code: 0, data: { succeeded: [a, b], failed: [] } });
    const stored = await info(a);
    expect(stored).toMatchObject({ status: 1, handleUser: 'operator', handleRemark: 'seen on camera' });
    expect(stored.handleTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(stored.history).toEqual([
      // The display name beside the login name (issue 37: the history named the handler by login name only).
      { action: 'confirm', fromStatus: 0, toStatus: 1, user: 'operator', userDisplayName: '值班员', time: stored.handleTime, remark: 'seen on camera' },
    ]);
    const again = await put('/warn/event/confirm', admin, { ids: [a] });
    expect(again.json.code).toBe(409);
    expect(again.json.msg).toContain('operator');
    expect(again.json.data).toMatchObject({ succeeded: [], failed: [{ id: a, reason: 'conflict', status: 1, handleUser: 'operator' }] });
  });

  it('handles each id of a batch independently: 409 lists the failures, the rest went through', async () => {
    const [fresh, ignored] = await insertAlarms(server.database.db, [{}, { status: 2, handleUser: 'someone' }]);
    const res = await put('/warn/event/confirm', admin, { ids: [fresh, ignored, 999_999] });
    expect(res.json.code).toBe(409);
    expect(res.json.data.succeeded).toEqual([fresh]);
    expect(res.json.data.failed).toEqual([
      { id: ignored, reason: 'conflict', status: 2, handleUser: 'someone', handleTime: null },
      { id: 999_999, reason: 'notFound', status: null, handleUser: null, handleTime: null },
    ]);
    expect((await info(fresh)).status).toBe(1);
    // expectedStatus 2 re-confirms an ignored alarm; expectedStatus 1 ignores a confirmed one.
    expect((await put('/warn/event/confirm', admin, { ids: [ignored], expectedStatus: 2 })).json.code).toBe(0);
    expect((await put('/warn/event/ignore', admin, { ids: [fresh], expectedStatus: 1 })).json.code).toBe(0);
    expect((await info(fresh)).status).toBe(2);
    expect((await info(ignored)).status).toBe(1);
  });

  it('answers 404 when none of the ids exists (or they are deleted)', async () => {
    const [gone] = await insertAlarms(server.database.db, [{}]);
    expect((await call(server.app, 'DELETE', '/warn/event', { token: admin, body: { ids: [gone] } })).json.code).toBe(0);
    const res = await put('/warn/event/ignore', admin, { ids: [gone, 888_888] });
    expect(res.json.code).toBe(404);
  });

  it('lets exactly one of two concurrent operators win, and tells the other who did', async () => {
    const ids = await insertAlarms(server.database.db, Array.from({ length: 10 }, () => ({})));
    for (const id of ids) {
      const [confirm, ignore] = await Promise.all([
        put('/warn/event/confirm', operator, { ids: [id] }),
        put('/warn/event/ignore', admin, { ids: [id] }),
      ]);
      const codes = [confirm.json.code, ignore.json.code].sort();
      expect(codes).toEqual([0, 409]);
      const winner = confirm.json.code === 0 ? 'operator' : 'admin';
      const loser = confirm.json.code === 0 ? ignore : confirm;
      expect(loser.json.data.failed[0]).toMatchObject({ id, reason: 'conflict', handleUser: winner });
      const stored = await info(id);
      expect(stored.status).toBe(winner === 'operator' ? 1 : 2);
      expect(stored.history).toHaveLength(1);
    }
  });
});

describe('undo of a confirmation', () => {
  const undo = (id: number, token = operator) => put('/warn/event/undoConfirm', token, { id });
  const backdate = (id: number, ms: number) =>
    server.database.db
      .updateTable('alarmHandleLogs')
      .set({ createdAt: new Date(Date.now() - ms) })
      .where('alarmId', '=', id)
      .where('action', '=', 'confirm')
      .execute();

  it('puts a new alarm back to new with nobody handling it, and writes the undo in the history', async () => {
    const [id] = await insertAlarms(server.database.db, [{}]);
    await put('/warn/event/confirm', operator, { ids: [id], remark: 'looks real' });
    const res = await undo(id);
    expect(res.json).toMatchObject({ code: 0, data: { id, status: 0, handleUser: null, handleTime: null, handleRemark: null } });
    const stored = await info(id);
    expect(stored.status).toBe(0);
    expect(stored.history.map((h: { action: string; fromStatus: number; toStatus: number }) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['confirm', 0, 1],
      ['undo', 1, 0],
    ]);
    // Undone once: a second undo finds nothing to undo.
    expect((await undo(id)).json.code).toBe(409);
  });

  it('gives an ignored alarm back its ignore (who, when, why)', async () => {
    const [id] = await insertAlarms(server.database.db, [{}]);
    await put('/warn/event/ignore', admin, { ids: [id], remark: 'a shadow' });
    const ignored = await info(id);
    await put('/warn/event/confirm', operator, { ids: [id], expectedStatus: 2 });
    expect((await undo(id)).json.data).toMatchObject({ status: 2, handleUser: 'admin', handleTime: ignored.handleTime, handleRemark: 'a shadow' });
  });

  it('refuses someone else’s confirmation, a late undo, and an alarm that moved on (409 with the alarm as it is)', async () => {
    const [mine, late, moved] = await insertAlarms(server.database.db, [{}, {}, {}]);
    await put('/warn/event/confirm', operator, { ids: [mine, late, moved] });
    const notYours = await undo(mine, admin);
    expect(notYours.json).toMatchObject({ code: 409, data: { id: mine, status: 1 } });
    expect(notYours.json.msg).toContain('Someone else confirmed');
    await backdate(late, 61_000);
    const tooLate = await undo(late);
    expect(tooLate.json.code).toBe(409);
    expect(tooLate.json.msg).toContain('more than a minute');
    expect((await put('/warn/event/deal', admin, { id: moved, result: 'towed' })).json.code).toBe(0);
    const changed = await undo(moved);
    expect(changed.json).toMatchObject({ code: 409, data: { id: moved, status: 3 } });
    expect((await undo(888_888)).json.code).toBe(404);
    expect((await call(server.app, 'PUT', '/warn/event/undoConfirm', { body: { id: mine } })).json.code).toBe(401);
    expect((await put('/warn/event/undoConfirm', operator, { id: 'x' })).json.code).toBe(400);
  });

  it('lets either the undo or a concurrent deal through, never both', async () => {
    const ids = await insertAlarms(server.database.db, Array.from({ length: 6 }, () => ({})));
    await put('/warn/event/confirm', operator, { ids });
    for (const id of ids) {
      const [undone, dealt] = await Promise.all([undo(id), put('/warn/event/deal', admin, { id, result: 'towed' })]);
      expect([undone.json.code, dealt.json.code].sort()).toEqual([0, 409]);
      expect((await info(id)).status).toBe(undone.json.code === 0 ? 0 : 3);
    }
  });
});

describe('deal, check, again', () => {
  it('walks confirmed → dealt → checked → sent back → dealt, keeping the history', async () => {
    const [id] = await insertAlarms(server.database.db, [{}]);
    expect((await put('/warn/event/deal', admin, { id, result: 'towed away' })).json.code).toBe(409); // not confirmed yet
    await put('/warn/event/confirm', operator, { ids: [id] });
    const dealt = await put('/warn/event/deal', admin, { id, result: 'towed away', remark: 'done' });
    expect(dealt.json).toMatchObject({ code: 0, data: { id, status: 3, dealResult: 'towed away', dealUser: 'admin', handleRemark: 'done' } });
    const unqualifiedWithoutRemark = await put('/warn/event/check', admin, { id, result: 2 });
    expect(unqualifiedWithoutRemark.json.code).toBe(400);
    expect(unqualifiedWithoutRemark.json.msg).toContain('remark');
    // The demo site has checkerNotHandler on: the check is someone else's (tests/server/adminRules.test.ts).
    const checked = await put('/warn/event/check', operator, { id, result: 2, remark: 'photo missing' });
    expect(checked.json.data).toMatchObject({ status: 4, checkResult: 2, checkUser: 'operator' });
    const back = await put('/warn/event/again', admin, { id, remark: 'redo with photo' });
    expect(back.json.data).toMatchObject({ status: 1, againCount: 1, dealResult: null, dealUser: null, checkResult: null, checkUser: null });
    expect((await put('/warn/event/deal', admin, { id, result: 'towed, photo attached' })).json.data.status).toBe(3);
    const history = (await info(id)).history.map((h: { action: string; fromStatus: number; toStatus: number }) => [h.action, h.fromStatus, h.toStatus]);
    expect(history).toEqual([
      ['confirm', 0, 1],
      ['deal', 1, 3],
      ['check', 3, 4],
      ['again', 4, 1],
      ['deal', 1, 3],
    ]);
  });

  it('answers 409 with the alarm as it now is, and 404 for unknown or deleted alarms', async () => {
    const [id] = await insertAlarms(server.database.db, [{ status: 2, handleUser: 'night shift' }]);
    const refused = await put('/warn/event/check', admin, { id, result: 1 });
    expect(refused.json.code).toBe(409);
    expect(refused.json.msg).toContain('night shift');
    expect(refused.json.data).toMatchObject({ id, status: 2, handleUser: 'night shift' });
    expect((await put('/warn/event/again', admin, { id, remark: 'x' })).json.code).toBe(409);
    expect((await put('/warn/event/deal', admin, { id: 777_777, result: 'x' })).json.code).toBe(404);
  });

  it('lets one of two concurrent deals win', async () => {
    const [id] = await insertAlarms(server.database.db, [{ status: 1 }]);
    const results = await Promise.all([
      put('/warn/event/deal', admin, { id, result: 'A' }),
      put('/warn/event/deal', operator, { id, result: 'B' }),
    ]);
    expect(results.map((r) => r.json.code).sort()).toEqual([0, 409]);
    const winner = results.find((r) => r.json.code === 0)!;
    expect((await info(id)).dealResult).toBe(winner.json.data.dealResult);
  });

  it('refuses anonymous callers', async () => {
    const res = await call(server.app, 'PUT', '/warn/event/deal', { body: { id: 1, result: 'x' } });
    expect(res.json.code).toBe(401);
  });
});

describe('delete', () => {
  it('soft-deletes whatever the state and reports unknown ids', async () => {
    const [a, b] = await insertAlarms(server.database.db, [{ status: 3 }, {}]);
    const res = await call(server.app, 'DELETE', '/warn/event', { token: admin, body: { ids: [a, b, 555_555] } });
    expect(res.json).toMatchObject({ code: 0, data: { deleted: [a, b], notFound: [555_555] } });
    const row = await server.database.db.selectFrom('alarms').select(['deletedAt', 'deletedBy']).where('id', '=', a).executeTakeFirstOrThrow();
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.deletedBy).toBe('admin');
    expect((await call(server.app, 'DELETE', '/warn/event', { token: admin, body: { ids: [a] } })).json.code).toBe(404);
    // The operator role has historyEvent, so it may delete; an anonymous caller may not.
    expect((await call(server.app, 'DELETE', '/warn/event', { body: { ids: [b] } })).json.code).toBe(401);
  });
});
