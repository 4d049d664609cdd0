import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;
let deptIds: Record<string, number>;
let roleIds: Record<string, number>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.app);
  const depts = await server.database.db.selectFrom('depts').select(['id', 'deptName']).execute();
  deptIds = Object.fromEntries(depts.map((d) => [d.deptName, d.id]));
  const roles = await server.database.db.selectFrom('roles').select(['id', 'roleName']).execute();
  roleIds = Object.fromEntries(roles.map((r) => [r.roleName, r.id]));
});
afterAll(async () => server?.close());

/** A seeded department's id by name. */
const dept = (name: string) => deptIds[name];

const list = (body: Record<string, unknown> = {}) => call(server.app, 'POST', '/user/queryUserList', { token: admin, body });
const create = (body: Record<string, unknown>, token = admin, lang: 'zh' | 'en' = 'zh') =>
  call(server.app, 'POST', '/user/createUser', { token, body, lang });
const userCount = async () => Number((await server.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

function newUser(username: string, extra: Record<string, unknown> = {}) {
  return {
    username,
    realName: `Real ${username}`,
    password: 'secret-123',
    confirmPassword: 'secret-123',
    deptId: dept('技术部'),
    roleId: roleIds.operator,
    ...extra,
  };
}

describe('listUsers', () => {
  it('pages the users newest first, without password hashes', async () => {
    const res = await list({ pageNo: 1, pageSize: 1 });
    expect(res.json.code).toBe(0);
    expect(res.json.data).toMatchObject({ total: 2, pageNo: 1, pageSize: 1 });
    expect(res.json.data.list).toHaveLength(1);
    expect(res.json.data.list[0]).toMatchObject({ username: 'operator', roleName: 'operator', deptName: '运维一组', status: 1 });
    const second = await list({ pageNo: 2, pageSize: 1 });
    expect(second.json.data.list[0]).toMatchObject({ username: 'admin', phone: '0755-88886666', idCard: '' });
    expect(second.json.data.list[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(res.json) + JSON.stringify(second.json)).not.toMatch(/password|scrypt|\$argon|hash/i);
  });

  it('filters by department including sub-departments, role, status and keyword', async () => {
    const names = async (body: Record<string, unknown>) => (await list(body)).json.data.list.map((u: { username: string }) => u.username);
    expect(await names({ deptId: dept('总部') })).toEqual(['operator', 'admin']);
    expect(await names({ deptId: dept('运维中心') })).toEqual(['operator']);
    expect(await names({ deptId: dept('技术部') })).toEqual([]);
    expect(await names({ roleId: roleIds.manager })).toEqual(['admin']);
    expect(await names({ status: 0 })).toEqual([]);
    expect(await names({ keyword: 'OPER' })).toEqual(['operator']);
    expect(await names({ keyword: '系统管理' })).toEqual(['admin']);
    expect(await names({ keyword: '8887777' })).toEqual(['operator']);
    expect(await names({ keyword: '%' })).toEqual([]);
  });
});

describe('createUser', () => {
  it('creates a user that can sign in and reads it back', async () => {
    const res = await create(newUser('alice', { phone: '138-0000', email: 'alice@example.com', idCard: '11010519491231002x', remark: 'r' }));
    expect(res.json.code).toBe(0);
    const id = res.json.data.id as number;
    const found = (await list({ keyword: 'alice' })).json.data.list;
    expect(found).toEqual([
      expect.objectContaining({
        id,
        username: 'alice',
        realName: 'Real alice',
        deptId: dept('技术部'),
        deptName: '技术部',
        roleId: roleIds.operator,
        phone: '138-0000',
        email: 'alice@example.com',
        idCard: '11010519491231002X',
        avatar: null,
        status: 1,
        remark: 'r',
        lastLoginTime: null,
      }),
    ]);
    const signIn = await call(server.app, 'POST', '/user/login', { body: { username: 'alice', password: 'secret-123' } });
    expect(signIn.json.code).toBe(0);
  });

  it('answers the previous sign-in as lastLoginTime at sign-in, and the latest one in the list', async () => {
    await create(newUser('bob'));
    const first = await call(server.app, 'POST', '/user/login', { body: { username: 'bob', password: 'secret-123' } });
    expect(first.json.userinfo).toMatchObject({ username: 'bob', lastLoginTime: null });
    const nav = await call(server.app, 'POST', '/user/nav', { token: first.json.token as string });
    expect(nav.json.data.userinfo.lastLoginTime).toBeNull();
    const latest = (await list({ keyword: 'bob' })).json.data.list[0].lastLoginTime;
    expect(latest).toMatch(/^\d{4}-/);
    const second = await call(server.app, 'POST', '/user/login', { body: { username: 'bob', password: 'secret-123' } });
    expect(second.json.userinfo).toMatchObject({ lastLoginTime: latest });
  });

  it('refuses a taken username regardless of case, with nothing written', async () => {
    const before = await userCount();
    const res = await create(newUser('ADMIN'), admin, 'en');
    expect(res.json.code).toBe(409);
    expect(res.json.msg).toContain('ADMIN');
    expect(await userCount()).toBe(before);
  });

  it('refuses different passwords, unknown departments and roles', async () => {
    const mismatch = await create(newUser('carol', { confirmPassword: 'other-123' }), admin, 'en');
    expect(mismatch.json.code).toBe(400);
    expect(mismatch.json.msg).toContain('confirmPassword');
    expect((await create(newUser('carol', { deptId: 9999 }))).json.code).toBe(404);
    expect((await create(newUser('carol', { roleId: 9999 }))).json.code).toBe(404);
    expect((await list({ keyword: 'carol' })).json.data.total).toBe(0);
  });

  it('names the offending field of a bad body in both languages', async () => {
    const { realName: _, ...noName } = newUser('dave');
    for (const lang of ['zh', 'en'] as const) {
      const missing = await create(noName, admin, lang);
      expect(missing.json.code).toBe(400);
      expect(missing.json.msg).toContain('realName');
      const phone = await create(newUser('dave', { phone: '12ab' }), admin, lang);
      expect(phone.json.code).toBe(400);
      expect(phone.json.msg).toContain('phone');
    }
    const short = await create(newUser('dave', { password: '123', confirmPassword: '123' }), admin, 'zh');
    expect(short.json.msg).toMatch(/password.*6/);
    const badName = await create(newUser('da ve'), admin, 'en');
    expect(badName.json.msg).toMatch(/User name \(username\) has an invalid format/);
    expect((await list({ keyword: 'dave' })).json.data.total).toBe(0);
  });

  it('is forbidden to the operator, with nothing written', async () => {
    const operator = await login(server.app, OPERATOR);
    const before = await userCount();
    const res = await create(newUser('eve'), operator);
    expect(res.json.code).toBe(403);
    expect(await userCount()).toBe(before);
    expect((await call(server.app, 'POST', '/user/queryUserList', { token: operator, body: {} })).json.code).toBe(403);
  });
});

describe('updateUser', () => {
  it('replaces the editable fields, clearing optional ones left out', async () => {
    const id = (await create(newUser('frank', { phone: '123', remark: 'old' }))).json.data.id;
    const res = await call(server.app, 'POST', '/user/updateUser', {
      token: admin,
      body: { id, realName: 'Frank F', deptId: dept('深圳站点'), roleId: roleIds.manager, email: 'f@example.com' },
    });
    expect(res.json.code).toBe(0);
    const user = (await list({ keyword: 'frank' })).json.data.list[0];
    expect(user).toMatchObject({ realName: 'Frank F', deptName: '深圳站点', roleName: 'manager', email: 'f@example.com', phone: '', remark: '', status: 1 });
  });

  it('signs a disabled user out at once', async () => {
    const id = (await create(newUser('grace'))).json.data.id;
    const token = await login(server.app, { username: 'grace', password: 'secret-123' });
    const res = await call(server.app, 'POST', '/user/updateUser', {
      token: admin,
      body: { id, realName: 'Grace', deptId: dept('技术部'), roleId: roleIds.operator, status: 0 },
    });
    expect(res.json.code).toBe(0);
    expect((await call(server.app, 'POST', '/user/nav', { token })).json.code).toBe(401);
    const revoked = await server.database.db.selectFrom('sessions').select('revokedAt').where('userId', '=', id).execute();
    expect(revoked.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await call(server.app, 'POST', '/user/login', { body: { username: 'grace', password: 'secret-123' } })).json.code).toBe(403);
  });

  it('refuses unknown users, departments and roles, and disabling oneself', async () => {
    const base = { realName: 'X', deptId: dept('总部'), roleId: roleIds.manager };
    const update = (body: Record<string, unknown>) => call(server.app, 'POST', '/user/updateUser', { token: admin, body });
    expect((await update({ ...base, id: 9999 })).json.code).toBe(404);
    expect((await update({ ...base, id: 1, deptId: 9999 })).json.code).toBe(404);
    expect((await update({ ...base, id: 1, roleId: 9999 })).json.code).toBe(404);
    const self = await update({ ...base, id: 1, realName: 'Changed', status: 0 });
    expect(self.json.code).toBe(409);
    const adminRow = await server.database.db.selectFrom('users').select(['status', 'realName']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(adminRow).toEqual({ status: 1, realName: '系统管理员' });
    const bad = await call(server.app, 'POST', '/user/updateUser', { token: admin, body: { ...base, id: 1, email: 'nope' }, lang: 'en' });
    expect(bad.json.code).toBe(400);
    expect(bad.json.msg).toContain('email');
  });
});

describe('resetUserPassword', () => {
  it('sets the password, clears a lock and ends the user sessions', async () => {
    const id = (await create(newUser('heidi'))).json.data.id;
    const token = await login(server.app, { username: 'heidi', password: 'secret-123' });
    await server.database.db.updateTable('users').set({ lockedUntil: new Date(Date.now() + 600_000), failedLogins: 3 }).where('id', '=', id).execute();
    const reset = (body: Record<string, unknown>) => call(server.app, 'POST', '/user/resetPassword', { token: admin, body, lang: 'en' });
    const mismatch = await reset({ id, password: 'new-pass-1', confirmPassword: 'new-pass-2' });
    expect(mismatch.json.code).toBe(400);
    expect(mismatch.json.msg).toContain('confirmPassword');
    expect((await reset({ id: 9999, password: 'new-pass-1', confirmPassword: 'new-pass-1' })).json.code).toBe(404);
    expect((await reset({ id, password: 'new-pass-1', confirmPassword: 'new-pass-1' })).json.code).toBe(0);
    expect((await call(server.app, 'POST', '/user/nav', { token })).json.code).toBe(401);
    expect((await call(server.app, 'POST', '/user/login', { body: { username: 'heidi', password: 'secret-123' } })).json.code).toBe(400);
    expect((await call(server.app, 'POST', '/user/login', { body: { username: 'heidi', password: 'new-pass-1' } })).json.code).toBe(0);
  });

  it('keeps the caller signed in when resetting their own password', async () => {
    const own = await login(server.app);
    const res = await call(server.app, 'POST', '/user/resetPassword', {
      token: own,
      body: { id: 1, password: ADMIN.password, confirmPassword: ADMIN.password },
    });
    expect(res.json.code).toBe(0);
    expect((await call(server.app, 'POST', '/user/nav', { token: own })).json.code).toBe(0);
    admin = await login(server.app);
  });
});

describe('deleteUsers', () => {
  it('deletes the listed users, ignores unknown ids and ends their sessions', async () => {
    const id = (await create(newUser('ivan'))).json.data.id;
    const token = await login(server.app, { username: 'ivan', password: 'secret-123' });
    const res = await call(server.app, 'POST', '/user/deleteUser', { token: admin, body: { ids: [id, 9999] } });
    expect(res.json.code).toBe(0);
    expect((await list({ keyword: 'ivan' })).json.data.total).toBe(0);
    expect((await call(server.app, 'POST', '/user/nav', { token })).json.code).toBe(401);
  });

  it('refuses a list holding the caller and deletes nothing', async () => {
    const id = (await create(newUser('judy'))).json.data.id;
    const res = await call(server.app, 'POST', '/user/deleteUser', { token: admin, body: { ids: [id, 1] }, lang: 'en' });
    expect(res.json.code).toBe(409);
    expect((await list({ keyword: 'judy' })).json.data.total).toBe(1);
    const empty = await call(server.app, 'POST', '/user/deleteUser', { token: admin, body: { ids: [] }, lang: 'en' });
    expect(empty.json.code).toBe(400);
    expect(empty.json.msg).toContain('ids');
  });
});
