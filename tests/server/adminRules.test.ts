// Issue 8 items 22 and 26 on the server: who may delete alarms (the alarmDelete button, administrators only), the
// "checker is not the handler" setting (on in the demo) enforced under the alarm's row lock, a new module given to
// roles as it is created, the system name shown once the seed's duplicate display name is gone, and migration 008
// bringing an older site to the same rules.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
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

const put = (path: string, token: string, body: unknown, lang: 'zh' | 'en' = 'zh') => call(server.app, 'PUT', path, { token, body, lang });
const setConfig = (body: Record<string, unknown>) => call(server.app, 'PUT', '/config/updateConfigMap', { token: admin, body });
const roleIdOf = async (roleName: string) =>
  (await server.database.db.selectFrom('roles').select('id').where('roleName', '=', roleName).executeTakeFirstOrThrow()).id;
const navNumbers = async (token: string) => JSON.stringify((await call(server.app, 'POST', '/user/nav', { token })).json.data);

describe('deleting alarms: administrators only', () => {
  it('refuses the seeded operator (403 naming the module) and lets the administrator delete', async () => {
    const [id] = await insertAlarms(server.database.db, [{}]);
    const refused = await call(server.app, 'DELETE', '/warn/event', { token: operator, body: { ids: [id] } });
    expect(refused.json.code).toBe(403);
    expect(refused.json.msg).toContain('alarmDelete');
    expect((await call(server.app, 'GET', `/warn/event/info/${id}`, { token: operator })).json.code).toBe(0); // still there
    const deleted = await call(server.app, 'DELETE', '/warn/event', { token: admin, body: { ids: [id] } });
    expect(deleted.json).toMatchObject({ code: 0, data: { deleted: [id] } });
  });

  it('is a button of the history-event menu: in the administrator’s button list, not the operator’s, never a menu entry', async () => {
    const adminNav = (await call(server.app, 'POST', '/user/nav', { token: admin })).json.data;
    const operatorNav = (await call(server.app, 'POST', '/user/nav', { token: operator })).json.data;
    expect(adminNav.buttonList).toContain('alarmDelete');
    expect(operatorNav.buttonList).not.toContain('alarmDelete');
    expect(operatorNav.buttonList).toContain('historyEvent'); // operators still work the alarm screens
    expect(JSON.stringify(adminNav.menuList)).not.toContain('alarmDelete');
  });
});

describe('the checker is not the handler (system setting, on in the demo)', () => {
  async function dealtBy(token: string): Promise<number> {
    const [id] = await insertAlarms(server.database.db, [{ status: 1, handleUser: 'operator' }]);
    expect((await put('/warn/event/deal', token, { id, result: 'towed away' })).json.code).toBe(0);
    return id;
  }

  it('is on in the demo seed and every signed-in role reads it', async () => {
    for (const token of [admin, operator]) {
      const config = await call(server.app, 'POST', '/config/selectAllConfigMap', { token });
      expect(config.json.data.checkerNotHandler).toBe(true);
    }
  });

  it('refuses the dealer’s own check with 403 and the reason, leaving the alarm dealt; someone else checks it', async () => {
    const id = await dealtBy(admin);
    const own = await put('/warn/event/check', admin, { id, result: 1 });
    expect(own.json.code).toBe(403);
    expect(own.json.msg).toBe(`告警 ${id} 由您处置，按系统设置“核查人不能是处置人”，需由其他人核查`);
    expect(own.json.data).toMatchObject({ id, status: 3, dealUser: 'admin', checkUser: null });
    const english = await put('/warn/event/check', admin, { id, result: 1 }, 'en');
    expect(english.json.msg).toContain('the checker is not the handler');
    const other = await put('/warn/event/check', operator, { id, result: 1 });
    expect(other.json).toMatchObject({ code: 0, data: { status: 4, checkUser: 'operator', dealUser: 'admin' } });
    const history = (await call(server.app, 'GET', `/warn/event/info/${id}`, { token: admin })).json.data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['deal', 'check']);
  });

  it('answers the dealer and another checker arriving together with one outcome: the other person’s check', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await dealtBy(admin);
      const [own, other] = await Promise.all([put('/warn/event/check', admin, { id, result: 1 }), put('/warn/event/check', operator, { id, result: 1 })]);
      expect(other.json.code).toBe(0);
      // The dealer is refused either by the rule (403) or because the other check came first (409).
      expect([403, 409]).toContain(own.json.code);
      const row = await server.database.db.selectFrom('alarms').select(['status', 'checkUser']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 4, checkUser: 'operator' });
    }
  });

  it('lets the dealer check when the setting is off, and refuses again once it is back on', async () => {
    expect((await setConfig({ checkerNotHandler: false })).json.code).toBe(0);
    try {
      const id = await dealtBy(admin);
      expect((await put('/warn/event/check', admin, { id, result: 1 })).json).toMatchObject({ code: 0, data: { checkUser: 'admin' } });
    } finally {
      expect((await setConfig({ checkerNotHandler: true })).json.code).toBe(0);
    }
    const id = await dealtBy(admin);
    expect((await put('/warn/event/check', admin, { id, result: 1 })).json.code).toBe(403);
  });

  it('is changed only by holders of logoConfig, and only as a boolean (400 naming the field)', async () => {
    expect((await call(server.app, 'PUT', '/config/updateConfigMap', { token: operator, body: { checkerNotHandler: false } })).json.code).toBe(403);
    const bad = await setConfig({ checkerNotHandler: 'no' });
    expect(bad.json.code).toBe(400);
    expect(bad.json.msg).toContain('checkerNotHandler');
  });
});

describe('a new menu module and the side menu', () => {
  const topLevel = (moduleNumber: string, extra: Record<string, unknown> = {}) => ({
    parentId: 0,
    moduleName: '新菜单',
    moduleNumber,
    moduleType: 'menu',
    ...extra,
  });

  it('appears in the menu of the roles it is given to as it is created, and in nobody’s without', async () => {
    const manager = await roleIdOf('manager');
    const given = await call(server.app, 'POST', '/user/save', { token: admin, body: topLevel('newTopGiven', { grantRoleIds: [manager] }) });
    expect(given.json.code).toBe(0);
    const plain = await call(server.app, 'POST', '/user/save', { token: admin, body: topLevel('newTopPlain', { moduleName: '无角色菜单' }) });
    expect(plain.json.code).toBe(0);
    const adminMenu = await navNumbers(admin);
    expect(adminMenu).toContain('"moduleNumber":"newTopGiven"');
    expect(adminMenu).not.toContain('newTopPlain');
    expect(await navNumbers(operator)).not.toContain('newTopGiven');
    const held = (await call(server.app, 'POST', '/role/getRoleMenuList', { token: admin, body: { roleId: manager } })).json.data.moduleIds;
    expect(held).toContain(given.json.data.id);
  });

  it('refuses roles that do not exist (400 naming grantRoleIds) and creates nothing', async () => {
    const res = await call(server.app, 'POST', '/user/save', { token: admin, body: topLevel('newTopGhost', { grantRoleIds: [987_654] }) });
    expect(res.json.code).toBe(400);
    expect(res.json.msg).toContain('grantRoleIds');
    expect(res.json.msg).toContain('987654');
    const left = await server.database.db.selectFrom('modules').select('id').where('moduleNumber', '=', 'newTopGhost').executeTakeFirst();
    expect(left).toBeUndefined();
  });

  it('lets only role managers give a module to roles (403 for a menu editor without roleConfig)', async () => {
    const ids = await server.database.db.selectFrom('modules').select(['id', 'moduleNumber']).where('moduleNumber', 'in', ['menuConfig']).execute();
    const form = { roleName: 'menu editor', moduleIds: ids.map((m) => m.id).join(',') };
    const role = await call(server.app, 'POST', '/role/addRole', { token: admin, form });
    expect(role.json.code).toBe(0);
    const created = await call(server.app, 'POST', '/user/createUser', {
      token: admin,
      body: { username: 'menueditor', realName: 'menu editor', password: 'secret-123', confirmPassword: 'secret-123', deptId: 1, roleId: role.json.data.id },
    });
    expect(created.json.code).toBe(0);
    const editor = await login(server.app, { username: 'menueditor', password: 'secret-123' });
    const grant = await call(server.app, 'POST', '/user/save', { token: editor, body: topLevel('newTopEditor', { grantRoleIds: [role.json.data.id] }) });
    expect(grant.json.code).toBe(403);
    expect(grant.json.msg).toContain('roleConfig');
    expect((await call(server.app, 'POST', '/user/save', { token: editor, body: topLevel('newTopEditor') })).json.code).toBe(0);
  });
});

describe('the system name', () => {
  it('is what the header shows: the seed stores no display name over it, so renaming the system is seen', async () => {
    const before = (await call(server.app, 'POST', '/config/getTitle', { token: admin })).json.data;
    expect(before.desc).toBe('');
    expect((await setConfig({ systemName: '城市交通平台' })).json.code).toBe(0);
    const after = (await call(server.app, 'POST', '/config/getTitle', {})).json.data;
    expect(after).toMatchObject({ desc: '', systemName: '城市交通平台' });
  });
});

describe('migration 095 on a site created before it', () => {
  it('clears the system name the old seed stored (the product’s own, Chinese in every language) and keeps one typed', async () => {
    const db = server.database.db;
    const setName = (value: string) => db.updateTable('systemConfig').set({ value }).where('key', '=', 'systemName').execute();
    const storedName = async () => (await db.selectFrom('systemConfig').select('value').where('key', '=', 'systemName').executeTakeFirstOrThrow()).value;
    await setName('Argus 视频智能分析平台');
    await sql`DELETE FROM schema_migrations WHERE version = '095'`.execute(db);
    expect(await migrate(server.database)).toEqual(['095_product_words.sql']);
    expect(await storedName()).toBe('');

    await setName('城市交通平台');
    await sql`DELETE FROM schema_migrations WHERE version = '095'`.execute(db);
    expect(await migrate(server.database)).toEqual(['095_product_words.sql']);
    expect(await storedName()).toBe('城市交通平台');
  });
});

describe('migration 008 on a site created before it', () => {
  it('adds the delete button for the roles that manage roles, clears the duplicate display name, and protects used scenes', async () => {
    const db = server.database.db;
    // The site as the older seed left it.
    await db.deleteFrom('modules').where('moduleNumber', '=', 'alarmDelete').execute();
    await db.updateTable('systemConfig').set({ value: 'Argus 视频智能分析平台' }).where('key', '=', 'logoDesc').execute();
    await sql`ALTER TABLE devices DROP CONSTRAINT devices_scene_id_fkey`.execute(db);
    await sql`ALTER TABLE devices ADD CONSTRAINT devices_scene_id_fkey FOREIGN KEY (scene_id) REFERENCES scenes (id) ON DELETE SET NULL`.execute(db);
    await sql`DELETE FROM schema_migrations WHERE version = '008'`.execute(db);

    expect(await migrate(server.database)).toEqual(['008_admin_rules.sql']);

    const holders = await db
      .selectFrom('roleModules')
      .innerJoin('modules', 'modules.id', 'roleModules.moduleId')
      .innerJoin('roles', 'roles.id', 'roleModules.roleId')
      .select('roles.roleName')
      .where('modules.moduleNumber', '=', 'alarmDelete')
      .execute();
    expect(holders.map((h) => h.roleName)).toContain('manager');
    expect(holders.map((h) => h.roleName)).not.toContain('operator');
    const button = await db.selectFrom('modules').select(['moduleType', 'parentId']).where('moduleNumber', '=', 'alarmDelete').executeTakeFirstOrThrow();
    const history = await db.selectFrom('modules').select('id').where('moduleNumber', '=', 'historyEvent').executeTakeFirstOrThrow();
    expect(button).toEqual({ moduleType: 'button', parentId: history.id });
    const desc = await db.selectFrom('systemConfig').select('value').where('key', '=', 'logoDesc').executeTakeFirstOrThrow();
    expect(desc.value).toBe('');
    const used = await db.selectFrom('devices').select('sceneId').where('sceneId', 'is not', null).executeTakeFirstOrThrow();
    const refusal = await db.deleteFrom('scenes').where('id', '=', used.sceneId!).execute().then(() => null, (error: unknown) => error);
    expect(['23001', '23503']).toContain((refusal as { code?: unknown } | null)?.code); // restrict / foreign key violation
    // A second start changes nothing.
    expect(await migrate(server.database)).toEqual([]);
  });
});
