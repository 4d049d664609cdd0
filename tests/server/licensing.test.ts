// Licensing: authorization applications (create → grant by an administrator → arrange onto boxes, the status
// polled), licence applications, and activation codes signed with this installation's Ed25519 key — verified
// offline, activated once; forged, expired and foreign codes refused with the reason; the private key never answered.
import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, OPERATOR } from './support/client.ts';
import { fails, heartbeat, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;
let applicant: string;

const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.app);
  // The operator gets the application screen but not the grant button: an applicant, not an administrator.
  const role = await db().selectFrom('users').select('roleId').where('username', '=', 'operator').executeTakeFirstOrThrow();
  const screen = await db().selectFrom('modules').select('id').where('moduleNumber', '=', 'applyAuthorization').executeTakeFirstOrThrow();
  await db().insertInto('roleModules').values({ roleId: role.roleId as number, moduleId: screen.id }).execute();
  applicant = await login(server.app, OPERATOR);
});
afterAll(async () => server?.close());

const eventId = async () => (await db().selectFrom('catalogueEvents').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
const application = async (fields: Record<string, unknown> = {}) =>
  (await ok(server.app, 'POST', '/authorization/add', { token: applicant, body: { eventIds: [await eventId()], quantity: 8, companyName: '示例公司', contactName: '王五', phone: '0755-1234', ...fields } })).id as number;
const status = async (id: number) => ok(server.app, 'GET', `/authorization/status/${id}`, { token: applicant });

describe('authorization applications', () => {
  it('lets an applicant without algorithm configuration read the events to apply for (issue 37)', async () => {
    const role = await db().selectFrom('users').select('roleId').where('username', '=', 'operator').executeTakeFirstOrThrow();
    const held = await db()
      .selectFrom('roleModules')
      .innerJoin('modules', 'modules.id', 'roleModules.moduleId')
      .select('modules.moduleNumber')
      .where('roleModules.roleId', '=', role.roleId as number)
      .execute();
    expect(held.map((m) => m.moduleNumber)).not.toContain('algorithmConfig');
    const page = await ok(server.app, 'POST', '/event/list', { token: applicant, body: { pageSize: 500 } });
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.map((e: any) => e.id)).toContain(await eventId());
    // Reading is all it gives: the catalogue stays writable by algorithm configuration only.
    await fails(server.app, 'PUT', '/event/disable', 403, { token: applicant, body: { ids: [await eventId()] } });
  });

  it('goes applied → granted (administrator only) → arranged, the status poll following each step', async () => {
    const id = await application();
    const page = await ok(server.app, 'POST', '/authorization/list', { token: applicant, body: { status: 0 } });
    const row = page.list.find((r: any) => r.id === id);
    expect(row).toMatchObject({ status: 0, quantity: 8, grantedQuantity: null, userName: 'operator', arrangements: [] });
    expect(row.applyNo).toMatch(/^AUTH\d{8}\d{6}$/);
    expect(row.eventNames).toHaveLength(1);
    expect(await status(id)).toMatchObject({ id, status: 0, progress: 100 });

    // The applicant cannot grant their own application.
    await fails(server.app, 'PUT', '/authorization/grant', 403, { token: applicant, body: { id, approved: true, grantedQuantity: 4 } });
    expect(await fails(server.app, 'PUT', '/authorization/grant', 400, { token: admin, lang: 'en', body: { id, approved: true } })).toContain('grantedQuantity');
    expect(await fails(server.app, 'PUT', '/authorization/grant', 400, { token: admin, lang: 'en', body: { id, approved: true, grantedQuantity: 9 } })).toContain('grantedQuantity 9');
    expect(await fails(server.app, 'PUT', '/authorization/grant', 400, { token: admin, lang: 'en', body: { id, approved: true, grantedQuantity: 4, validTo: '2000-01-01 00:00:00' } })).toContain('validTo');
    expect((await status(id)).status).toBe(0);
    await ok(server.app, 'PUT', '/authorization/grant', { token: admin, body: { id, approved: true, grantedQuantity: 6, grantRemark: 'ok' } });
    expect(await status(id)).toMatchObject({ status: 1 });
    // A second decision is refused: the check is part of the write.
    expect(await fails(server.app, 'PUT', '/authorization/grant', 409, { token: admin, lang: 'en', body: { id, approved: false } })).toContain('granted');
    await fails(server.app, 'PUT', '/authorization/update', 409, { token: applicant, body: { id, quantity: 3 } });
    await fails(server.app, 'DELETE', '/authorization/delete', 409, { token: applicant, body: { ids: [id] } });

    const boxes = await db().selectFrom('edgeBoxes').select(['id', 'name']).orderBy('id').limit(2).execute();
    expect(await fails(server.app, 'PUT', '/authorization/arrange', 400, { token: applicant, lang: 'en', body: { id, items: [{ boxId: boxes[0].id, quantity: 4 }, { boxId: boxes[1].id, quantity: 3 }] } })).toContain('7');
    await fails(server.app, 'PUT', '/authorization/arrange', 400, { token: applicant, body: { id, items: [{ boxId: boxes[0].id, quantity: 1 }, { boxId: boxes[0].id, quantity: 1 }] } });
    await fails(server.app, 'PUT', '/authorization/arrange', 404, { token: applicant, body: { id, items: [{ boxId: 999999, quantity: 1 }] } });
    await ok(server.app, 'PUT', '/authorization/arrange', { token: applicant, body: { id, items: [{ boxId: boxes[0].id, quantity: 4 }, { boxId: boxes[1].id, quantity: 2 }] } });
    const pushing = await status(id);
    expect(pushing).toMatchObject({ status: 2, progress: 0 });
    expect(pushing.arrangements.map((a: any) => a.state)).toEqual([1, 1]);
    // Each box takes its part with its next heartbeat.
    const answer = await heartbeat(server, boxes[0].id);
    expect(answer.commands.find((c) => c.command === 'authorization')?.payload).toMatchObject({ channels: 4 });
    expect(await status(id)).toMatchObject({ progress: 50 });
    await heartbeat(server, boxes[1].id);
    const done = await status(id);
    expect(done.progress).toBe(100);
    expect(done.arrangements.map((a: any) => [a.boxName, a.state])).toEqual(boxes.map((b) => [b.name, 2]));
  });

  it('rejects, lets a rejected application be edited back to applied, deletes it; expiry reads 4', async () => {
    const id = await application();
    await ok(server.app, 'PUT', '/authorization/grant', { token: admin, body: { id, approved: false, grantRemark: 'no' } });
    expect((await status(id)).status).toBe(3);
    await ok(server.app, 'PUT', '/authorization/update', { token: applicant, body: { id, quantity: 2 } });
    expect((await status(id)).status).toBe(0);
    await ok(server.app, 'PUT', '/authorization/grant', { token: admin, body: { id, approved: true, grantedQuantity: 2, validTo: '2099-01-01 00:00:00' } });
    await db().updateTable('authorizations').set({ validTo: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    expect((await status(id)).status).toBe(4);
    await fails(server.app, 'PUT', '/authorization/arrange', 409, { token: applicant, body: { id, items: [{ boxId: 1, quantity: 1 }] } });
    await ok(server.app, 'DELETE', '/authorization/delete', { token: applicant, body: { ids: [id] } });
    await fails(server.app, 'GET', `/authorization/status/${id}`, 404, { token: applicant });
  });

  it('names bad input and unknown events, storing nothing', async () => {
    const before = (await db().selectFrom('authorizations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    expect(await fails(server.app, 'POST', '/authorization/add', 400, { token: applicant, body: { eventIds: [1], quantity: 0, companyName: 'A', contactName: 'B', phone: '1' } })).toContain('quantity');
    expect(await fails(server.app, 'POST', '/authorization/add', 400, { token: applicant, body: { eventIds: [1], quantity: 1, companyName: 'A', contactName: 'B', phone: 'x' } })).toContain('phone');
    await fails(server.app, 'POST', '/authorization/add', 404, { token: applicant, body: { eventIds: [999999], quantity: 1, companyName: 'A', contactName: 'B', phone: '1' } });
    expect((await db().selectFrom('authorizations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toEqual(before);
  });
});

describe('licence applications', () => {
  it('keeps one pending application per machine, decided once', async () => {
    const body = { companyName: '示例', contactName: '李四', phone: '123', machineCode: 'ABCDEF0123456789', channelCount: 16, validDays: 365 };
    const { id } = await ok(server.app, 'POST', '/apply/lic/add', { token: applicant, body });
    await fails(server.app, 'POST', '/apply/lic/add', 409, { token: applicant, body });
    expect(await fails(server.app, 'PUT', '/apply/lic/update', 400, { token: admin, lang: 'en', body: { id, status: 1 } })).toContain('licenceCode');
    await ok(server.app, 'PUT', '/apply/lic/update', { token: admin, body: { id, status: 1, licenceCode: 'LIC-TEXT' } });
    await fails(server.app, 'PUT', '/apply/lic/update', 409, { token: admin, body: { id, channelCount: 2 } });
    const page = await ok(server.app, 'POST', '/apply/lic/list', { token: admin, body: { keyword: 'ABCDEF' } });
    expect(page.list[0]).toMatchObject({ id, status: 1, licenceCode: 'LIC-TEXT', userName: 'operator' });
    await ok(server.app, 'POST', '/apply/lic/add', { token: applicant, body });
    await ok(server.app, 'DELETE', '/apply/lic/delete', { token: admin, body: { ids: [id] } });
  });
});

describe('activation codes', () => {
  const generate = async (fields: Record<string, unknown> = {}) =>
    (await ok(server.app, 'POST', '/activation/add', { token: admin, body: { quantity: 2, validDays: 30, channelCount: 4, eventIds: [await eventId()], ...fields } })).list;
  const activate = (code: string, lang: 'zh' | 'en' = 'en') => call(server.app, 'POST', '/activation/activate', { token: admin, lang, body: { code, deviceSerial: 'ARGUS-BOX-0001' } });

  it('signs codes that verify offline and activate once, binding the device and starting the validity', async () => {
    const [a, b] = await generate();
    expect(a.code).toMatch(/^ARGS1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    expect(a).toMatchObject({ status: 0, channelCount: 4, validDays: 30, deviceSerial: null, activateTime: null });
    expect(a.code).not.toBe(b.code);
    const claims = JSON.parse(Buffer.from(a.code.split('.')[1], 'base64url').toString());
    const keys = await db().selectFrom('installationKeys').select('installationId').executeTakeFirstOrThrow();
    expect(claims).toMatchObject({ ins: keys.installationId, ch: 4, vd: 30 });
    const res = await activate(` ${a.code}\n`);
    expect(res.json).toMatchObject({ code: 0, data: { id: a.id, status: 1, deviceSerial: 'ARGUS-BOX-0001' } });
    expect(res.json.data.expireTime).toMatch(/^\d{4}-/);
    expect((await activate(a.code)).json).toMatchObject({ code: 409 });
    expect((await activate(a.code)).json.msg).toContain('ARGUS-BOX-0001');
    await fails(server.app, 'DELETE', '/activation/delete', 409, { token: admin, body: { ids: [a.id] } });
    await ok(server.app, 'DELETE', '/activation/delete', { token: admin, body: { ids: [b.id] } });
    // Deleted: the signature still verifies, but this installation no longer knows the code.
    expect((await activate(b.code)).json.code).toBe(404);
    const list = await ok(server.app, 'POST', '/activation/list', { token: admin, body: { status: 1 } });
    expect(list.list.map((r: any) => r.id)).toContain(a.id);
  });

  it('refuses a tampered, forged, foreign, expired or malformed code with the reason, changing nothing', async () => {
    const [c] = await generate({ quantity: 1 });
    const [head, body, sig] = c.code.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, ch: 1024 })).toString('base64url')}.${sig}`;
    const forged = await activate(tampered);
    expect(forged.json.code).toBe(400);
    expect(forged.json.msg).toContain('signature does not verify');
    expect((await activate(tampered, 'zh')).json.msg).toContain('签名校验失败');
    // Signed by another key for another installation.
    const other = generateKeyPairSync('ed25519');
    const foreignBody = `ARGS1.${Buffer.from(JSON.stringify({ ...claims, ins: 'another-site' })).toString('base64url')}`;
    const foreign = await activate(`${foreignBody}.${sign(null, Buffer.from(foreignBody), other.privateKey).toString('base64url')}`);
    expect(foreign.json).toMatchObject({ code: 400 });
    expect(foreign.json.msg).toContain('another installation (another-site)');
    expect((await activate('hello')).json.msg).toContain('malformed');
    // Past its deadline: generated with a deadline already gone (the row and the claims agree).
    const [late] = await generate({ quantity: 1, activateWithinDays: 1 });
    const lateClaims = JSON.parse(Buffer.from(late.code.split('.')[1], 'base64url').toString());
    expect(lateClaims.ab * 1000).toBeGreaterThan(Date.now());
    await db().updateTable('activationCodes').set({ activateBefore: new Date(Date.now() - 1000) }).where('id', '=', late.id).execute();
    expect((await activate(late.code)).json).toMatchObject({ code: 400 });
    expect((await ok(server.app, 'POST', '/activation/list', { token: admin, body: { status: 2 } })).list.map((r: any) => r.id)).toContain(late.id);
    const row = await db().selectFrom('activationCodes').select(['status', 'deviceSerial']).where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 0, deviceSerial: null });
  });

  it('never answers the private key', async () => {
    const [c] = await generate({ quantity: 1 });
    const key = await db().selectFrom('installationKeys').select('privateKey').executeTakeFirstOrThrow();
    const secret = key.privateKey.split('\n')[1];
    const list = await call(server.app, 'POST', '/activation/list', { token: admin, body: {} });
    expect(list.raw.toString()).not.toContain(secret);
    expect(c.code).not.toContain(secret);
  });

  it('is for the activation screen only', async () => {
    await fails(server.app, 'POST', '/activation/list', 403, { token: applicant, body: {} });
    await fails(server.app, 'POST', '/activation/activate', 403, { token: applicant, body: { code: 'x', deviceSerial: 'y' } });
  });
});
