import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const getLicence = async () => (await call(server.app, 'GET', '/licence/info')).json;
const apply = (body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') => call(server.app, 'POST', '/licence/companyApplication', { body, lang });
const applicationCount = async () =>
  Number((await server.database.db.selectFrom('companyApplications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('getLicence', () => {
  it('answers the installed licence without a token', async () => {
    const res = await getLicence();
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ status: 'valid', company: 'Argus 演示站点', maxCameras: 64 });
    expect(res.data.expireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.data.machineCode).toMatch(/^[0-9A-F]{16}$/);
    expect(res.data.modules).toEqual(['alarms', 'devices', 'tasks', 'algorithms', 'training', 'stats', 'system']);
  });

  it('says expired once the expiry time has passed', async () => {
    await server.database.db.updateTable('licence').set({ expireAt: new Date(Date.now() - 60_000) }).execute();
    expect((await getLicence()).data).toMatchObject({ status: 'expired', company: 'Argus 演示站点' });
  });

  it('says missing with empty fields but still this server machine code when none is installed', async () => {
    await server.database.db.deleteFrom('licence').execute();
    const res = await getLicence();
    expect(res.data).toEqual({ status: 'missing', company: null, expireTime: null, machineCode: expect.stringMatching(/^[0-9A-F]{16}$/), maxCameras: 0, modules: [] });
  });
});

describe('applyCompany', () => {
  it('stores an application, optional fields left out as not set', async () => {
    const res = await apply({ companyName: '深圳示例科技有限公司', contact: '王五', phone: '0755-12345678', purpose: '试用授权' });
    expect(res.json.code).toBe(0);
    const row = await server.database.db.selectFrom('companyApplications').selectAll().where('id', '=', res.json.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ companyName: '深圳示例科技有限公司', contact: '王五', phone: '0755-12345678', purpose: '试用授权', email: null, machineCode: null });
    expect(row.ip).toBeTruthy();
  });

  it('names the offending field of a bad body, with nothing stored', async () => {
    const before = await applicationCount();
    for (const lang of ['zh', 'en'] as const) {
      const phone = await apply({ companyName: 'A', contact: 'B', phone: 'call-me' }, lang);
      expect(phone.json.code).toBe(400);
      expect(phone.json.msg).toContain('phone');
      const missing = await apply({ contact: 'B', phone: '123' }, lang);
      expect(missing.json.code).toBe(400);
      expect(missing.json.msg).toContain('companyName');
      const email = await apply({ companyName: 'A', contact: 'B', phone: '123', email: 'not-an-email' }, lang);
      expect(email.json.msg).toContain('email');
    }
    expect(await applicationCount()).toBe(before);
  });

  it('answers 429 after 5 applications from one IP within an hour, other IPs unaffected', async () => {
    await server.database.db.deleteFrom('companyApplications').execute();
    const body = { companyName: 'Flood Inc', contact: 'F', phone: '1' };
    for (let i = 0; i < 5; i++) expect((await apply(body)).json.code).toBe(0);
    const sixth = await apply(body, 'en');
    expect(sixth.json.code).toBe(429);
    expect(sixth.json.msg).toMatch(/too many requests/i);
    expect(await applicationCount()).toBe(5);
    const elsewhere = await server.app.inject({
      method: 'POST',
      url: '/api/licence/companyApplication',
      remoteAddress: '203.0.113.9',
      payload: body,
    });
    expect(elsewhere.json().code).toBe(0);
    // Applications older than an hour no longer count.
    await server.database.db.updateTable('companyApplications').set({ createdAt: new Date(Date.now() - 2 * 3600_000) }).execute();
    expect((await apply(body)).json.code).toBe(0);
  });
});
