import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;
let moduleIds: Record<string, number>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.app);
  const modules = await server.database.db.selectFrom('modules').select(['id', 'moduleNumber']).execute();
  moduleIds = Object.fromEntries(modules.map((m) => [m.moduleNumber, m.id]));
});
afterAll(async () => server?.close());

type Form = Record<string, string | number>;
const addRole = (form: Form, token = admin, lang: 'zh' | 'en' = 'zh') => call(server.app, 'POST', '/role/addRole', { token, form, lang });
const updateRole = (form: Form, lang: 'zh' | 'en' = 'zh') => call(server.app, 'POST', '/role/updateRole', { token: admin, form, lang });
const deleteRole = (form: Form, token = admin) => call(server.app, 'POST', '/role/deleteRole', { token, form });
const roleMenu = (roleId: number, token = admin) => call(server.app, 'POST', '/role/getRoleMenuList', { token, body: { roleId } });
const listRoles = (body: Record<string, unknown> = {}, token = admin) => call(server.app, 'POST', '/role/queryRoleList', { token, body });
const roleCount = async () => Number((await server.database.db.selectFrom('roles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function userWithRole(username: string, roleId: number): Promise<string> {
  const res = await call(server.app, 'POST', '/user/createUser', {
    token: admin,
    body: { username, realName: username, password: 'secret-123', confirmPassword: 'secret-123', deptId: 1, roleId },
  });
  expect(res.json.code).toBe(0);
  return login(server.app, { username, password: 'secret-123' });
}

describe('addRole (form-encoded)', () => {
  it('creates a role holding the listed modules', async () => {
    const ids = `${moduleIds.historyEvent},,${moduleIds.userConfig},${moduleIds.historyEvent}`;
    const res = await addRole({ roleName: 'auditor', remark: 'reads history', moduleIds: ids });
    expect(res.json.code).toBe(0);
    const id = res.json.data.id as number;
    const menu = await roleMenu(id);
    expect(menu.json.code).toBe(0);
    expect(menu.json.data.moduleIds).toEqual([moduleIds.historyEvent, moduleIds.userConfig].sort((a, b) => a - b));
    expect(JSON.stringify(menu.json.data.tree)).toContain('"moduleNumber":"menuConfig"');
    const listed = (await listRoles({ keyword: 'audit' })).json.data.list;
    expect(listed).toEqual([expect.objectContaining({ id, roleName: 'auditor', remark: 'reads history', userCount: 0 })]);
    expect(listed[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('creates a role holding nothing when moduleIds is left out', async () => {
    const res = await addRole({ roleName: 'empty role' });
    expect(res.json.code).toBe(0);
    expect((await roleMenu(res.json.data.id)).json.data.moduleIds).toEqual([]);
  });

  it('refuses module ids that name nothing, naming moduleIds, with nothing written', async () => {
    const before = await roleCount();
    for (const lang of ['zh', 'en'] as const) {
      const res = await addRole({ roleName: 'ghosts', moduleIds: `${moduleIds.historyEvent},99999` }, admin, lang);
      expect(res.json.code).toBe(400);
      expect(res.json.msg).toContain('moduleIds');
      expect(res.json.msg).toContain('99999');
    }
    const huge = await addRole({ roleName: 'ghosts', moduleIds: '99999999999999999999' });
    expect(huge.json.code).toBe(400);
    expect(await roleCount()).toBe(before);
  });

  it('refuses a taken name and bad fields', async () => {
    const dup = await addRole({ roleName: 'manager' }, admin, 'en');
    expect(dup.json.code).toBe(409);
    expect(dup.json.msg).toContain('manager');
    for (const lang of ['zh', 'en'] as const) {
      const pattern = await addRole({ roleName: 'x', moduleIds: '1;2' }, admin, lang);
      expect(pattern.json.code).toBe(400);
      expect(pattern.json.msg).toContain('moduleIds');
      const missing = await addRole({ remark: 'no name' }, admin, lang);
      expect(missing.json.code).toBe(400);
      expect(missing.json.msg).toContain('roleName');
    }
    const long = await addRole({ roleName: 'r'.repeat(33) }, admin, 'en');
    expect(long.json.msg).toContain('roleName must be at most 32 characters');
  });

  it('is forbidden to the operator, with nothing written', async () => {
    const operator = await login(server.app, OPERATOR);
    const before = await roleCount();
    expect((await addRole({ roleName: 'sneaky', moduleIds: String(moduleIds.roleConfig) }, operator)).json.code).toBe(403);
    expect((await deleteRole({ id: 2 }, operator)).json.code).toBe(403);
    expect(await roleCount()).toBe(before);
  });
});

describe('updateRole', () => {
  it('replaces name, remark and modules; the role users see them on their next call', async () => {
    const id = (await addRole({ roleName: 'watcher', moduleIds: String(moduleIds.historyEvent) })).json.data.id;
    const token = await userWithRole('watcher1', id);
    expect((await call(server.app, 'POST', '/user/queryUserList', { token, body: {} })).json.code).toBe(403);
    const res = await updateRole({ id, roleName: 'watcher+', remark: 'now manages users', moduleIds: `${moduleIds.userConfig}` });
    expect(res.json.code).toBe(0);
    expect((await call(server.app, 'POST', '/user/queryUserList', { token, body: {} })).json.code).toBe(0);
    const nav = await call(server.app, 'POST', '/user/nav', { token });
    expect(nav.json.data.buttonList).toEqual(['userConfig']);
    expect((await roleMenu(id)).json.data.moduleIds).toEqual([moduleIds.userConfig]);
    expect((await listRoles({ keyword: 'watcher' })).json.data.list[0]).toMatchObject({ roleName: 'watcher+', remark: 'now manages users', userCount: 1 });
    // listRoles is open to userConfig (the user form's role picker); the role menu is not.
    expect((await listRoles({}, token)).json.code).toBe(0);
    expect((await roleMenu(id, token)).json.code).toBe(403);
    expect((await updateRole({ id, roleName: 'watcher+', moduleIds: '' })).json.code).toBe(0);
    expect((await roleMenu(id)).json.data.moduleIds).toEqual([]);
  });

  it('refuses unknown roles and modules, taken names and a missing moduleIds', async () => {
    const id = (await addRole({ roleName: 'keeper', moduleIds: String(moduleIds.historyEvent) })).json.data.id;
    expect((await updateRole({ id: 99999, roleName: 'x', moduleIds: '' })).json.code).toBe(404);
    expect((await updateRole({ id, roleName: 'manager', moduleIds: '' })).json.code).toBe(409);
    const unknown = await updateRole({ id, roleName: 'keeper', moduleIds: '99999' }, 'en');
    expect(unknown.json.code).toBe(400);
    expect(unknown.json.msg).toContain('moduleIds');
    const missing = await updateRole({ id, roleName: 'keeper' }, 'en');
    expect(missing.json.code).toBe(400);
    expect(missing.json.msg).toContain('moduleIds');
    const badId = await updateRole({ id: 'abc', roleName: 'keeper', moduleIds: '' }, 'zh');
    expect(badId.json.code).toBe(400);
    expect(badId.json.msg).toContain('id');
    expect((await roleMenu(id)).json.data.moduleIds).toEqual([moduleIds.historyEvent]);
  });
});

describe('deleteRole', () => {
  it('deletes an unused role and its grants', async () => {
    const id = (await addRole({ roleName: 'temporary', moduleIds: String(moduleIds.historyEvent) })).json.data.id;
    expect((await deleteRole({ id })).json.code).toBe(0);
    expect((await roleMenu(id)).json.code).toBe(404);
    const grants = await server.database.db.selectFrom('roleModules').select('moduleId').where('roleId', '=', id).execute();
    expect(grants).toEqual([]);
  });

  it('refuses a role still held by users, and unknown roles', async () => {
    const res = await call(server.app, 'POST', '/role/deleteRole', { token: admin, form: { id: 1 }, lang: 'en' });
    expect(res.json.code).toBe(409);
    expect(res.json.msg).toMatch(/still in use \(users: \d+\)/);
    expect((await listRoles({ keyword: 'manager' })).json.data.total).toBe(1);
    expect((await deleteRole({ id: 99999 })).json.code).toBe(404);
  });
});

describe('listRoles', () => {
  it('pages roles by id and counts their users', async () => {
    const all = (await listRoles({ pageSize: 500 })).json.data;
    const ids = all.list.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(all.list[0]).toMatchObject({ roleName: 'manager', userCount: 1 });
    const page = (await listRoles({ pageNo: 2, pageSize: 1 })).json.data;
    expect(page).toMatchObject({ total: all.total, pageNo: 2, pageSize: 1 });
    expect(page.list[0].id).toBe(ids[1]);
    expect((await listRoles({ keyword: '操作员' })).json.data.list.map((r: { roleName: string }) => r.roleName)).toEqual(['operator']);
    const bad = await call(server.app, 'POST', '/role/queryRoleList', { token: admin, body: { pageSize: 501 }, lang: 'en' });
    expect(bad.json.code).toBe(400);
    expect(bad.json.msg).toContain('pageSize');
  });
});
