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

interface ModuleNode {
  id: number;
  moduleNumber: string;
  children: ModuleNode[];
  [field: string]: unknown;
}

const listModules = async (body: Record<string, unknown> = {}) => (await call(server.app, 'POST', '/user/getModuleList', { token: admin, body })).json;
const addModule = (body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh', token = admin) =>
  call(server.app, 'POST', '/user/save', { token, body, lang });
const updateModule = (body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') => call(server.app, 'POST', '/user/updateModule', { token: admin, body, lang });
const deleteModule = (id: number, token = admin) => call(server.app, 'POST', '/user/deleteModule', { token, body: { id } });
const find = (nodes: ModuleNode[], number: string): ModuleNode | undefined => {
  for (const n of nodes) {
    if (n.moduleNumber === number) return n;
    const hit = find(n.children, number);
    if (hit) return hit;
  }
  return undefined;
};
const moduleCount = async () => Number((await server.database.db.selectFrom('modules').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('listModules', () => {
  it('answers every module, hidden ones too, as a sorted tree', async () => {
    const res = await listModules();
    expect(res.code).toBe(0);
    expect(res.data[0]).toMatchObject({ moduleNumber: 'group:home', parentId: 0, moduleType: 'menu', visible: true });
    const hidden = find(res.data, 'group:showcase');
    expect(hidden).toMatchObject({ visible: false });
    expect(hidden!.children.length).toBeGreaterThan(0);
    const live = find(res.data, 'index_traffic_truth');
    expect(live).toMatchObject({ moduleDescription: expect.stringMatching(/^1001,1002,.*,1024$/), moduleIcon: '' });
    expect(find(res.data, 'actualTimeEvent')).toMatchObject({ moduleDescription: '' });
    const sorts = (res.data as ModuleNode[]).map((m) => m.sort as number);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('keeps only matches and their ancestors for a keyword (name, English name or number)', async () => {
    const byName = (await listModules({ keyword: '角色' })).data;
    expect(byName.map((m: ModuleNode) => m.moduleNumber)).toEqual(['group:system']);
    expect(byName[0].children.map((m: ModuleNode) => m.moduleNumber)).toEqual(['roleConfig']);
    const byEn = (await listModules({ keyword: 'operation LOG' })).data;
    expect(byEn[0].children.map((m: ModuleNode) => m.moduleNumber)).toEqual(['logConfig']);
    const byNumber = (await listModules({ keyword: 'algorithmProduction/train' })).data;
    expect(byNumber[0]).toMatchObject({ moduleNumber: 'algorithmProduction' });
    expect(byNumber[0].children.map((m: ModuleNode) => m.moduleNumber)).toEqual(['algorithmProduction/train']);
  });

  it('is forbidden to the operator', async () => {
    const operator = await login(server.app, OPERATOR);
    expect((await call(server.app, 'POST', '/user/getModuleList', { token: operator, body: {} })).json.code).toBe(403);
  });
});

describe('addModule', () => {
  it('adds a menu and a button under it, with defaults', async () => {
    const menu = await addModule({ parentId: moduleIds['group:system'], moduleName: '审计', moduleNumber: 'auditConfig', moduleType: 'menu', sort: 999 });
    expect(menu.json.code).toBe(0);
    const button = await addModule({
      parentId: menu.json.data.id,
      moduleName: '导出',
      moduleNameEn: 'Export',
      moduleNumber: 'audit:export',
      moduleType: 'button',
      moduleIcon: 'download',
      visible: false,
    });
    expect(button.json.code).toBe(0);
    const node = find((await listModules()).data, 'auditConfig');
    expect(node).toMatchObject({
      id: menu.json.data.id,
      moduleNameEn: '审计',
      moduleIcon: '',
      moduleDescription: '',
      sort: 999,
      visible: true,
      moduleType: 'menu',
    });
    expect(node!.children).toEqual([
      expect.objectContaining({ moduleNumber: 'audit:export', moduleNameEn: 'Export', moduleIcon: 'download', moduleType: 'button', visible: false }),
    ]);
    // A new module belongs to no role: not even the admin's menu shows it until a role is updated.
    const nav = await call(server.app, 'POST', '/user/nav', { token: admin });
    expect(nav.json.data.buttonList).not.toContain('auditConfig');
  });

  it('refuses a taken number, an unknown parent and a button parent, with nothing written', async () => {
    const before = await moduleCount();
    const dup = await addModule({ parentId: 0, moduleName: 'x', moduleNumber: 'userConfig', moduleType: 'menu' }, 'en');
    expect(dup.json.code).toBe(409);
    expect(dup.json.msg).toContain('userConfig');
    expect((await addModule({ parentId: 99999, moduleName: 'x', moduleNumber: 'x1', moduleType: 'menu' })).json.code).toBe(404);
    const buttonId = (await server.database.db.selectFrom('modules').select('id').where('moduleType', '=', 'button').executeTakeFirstOrThrow()).id;
    expect((await addModule({ parentId: buttonId, moduleName: 'x', moduleNumber: 'x2', moduleType: 'button' })).json.code).toBe(409);
    expect(await moduleCount()).toBe(before);
  });

  it('names the offending field of a bad body', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const badNumber = await addModule({ parentId: 0, moduleName: 'x', moduleNumber: 'has space', moduleType: 'menu' }, lang);
      expect(badNumber.json.code).toBe(400);
      expect(badNumber.json.msg).toContain('moduleNumber');
      const badType = await addModule({ parentId: 0, moduleName: 'x', moduleNumber: 'x3', moduleType: 'link' }, lang);
      expect(badType.json.code).toBe(400);
      expect(badType.json.msg).toContain('moduleType');
      const missing = await addModule({ parentId: 0, moduleNumber: 'x4', moduleType: 'menu' }, lang);
      expect(missing.json.msg).toContain('moduleName');
    }
  });

  it('is forbidden to the operator, with nothing written', async () => {
    const operator = await login(server.app, OPERATOR);
    const before = await moduleCount();
    expect((await addModule({ parentId: 0, moduleName: 'x', moduleNumber: 'sneaky', moduleType: 'menu' }, 'zh', operator)).json.code).toBe(403);
    expect((await deleteModule(moduleIds.boxMap, operator)).json.code).toBe(403);
    expect(await moduleCount()).toBe(before);
  });
});

describe('updateModule', () => {
  it('replaces the fields, defaults for those left out', async () => {
    const id = (await addModule({ parentId: 0, moduleName: '临时', moduleNumber: 'tmpMenu', moduleType: 'menu', moduleIcon: 'x', sort: 7 })).json.data.id;
    const res = await updateModule({ id, parentId: moduleIds['group:stats'], moduleName: '临时2', moduleNumber: 'tmpMenu2', moduleType: 'menu' });
    expect(res.json.code).toBe(0);
    const node = find((await listModules()).data, 'tmpMenu2');
    expect(node).toMatchObject({ id, parentId: moduleIds['group:stats'], moduleName: '临时2', moduleNameEn: '临时2', moduleIcon: '', sort: 0 });
  });

  it('refuses cycles, button parents, buttons with children, taken numbers and unknown records', async () => {
    const group = moduleIds['group:system'];
    const update = (body: Record<string, unknown>) =>
      updateModule({ parentId: 0, moduleName: '系统管理', moduleNumber: 'group:system', moduleType: 'menu', ...body });
    expect((await update({ id: group, parentId: group })).json.code).toBe(409);
    expect((await update({ id: group, parentId: moduleIds.userConfig })).json.code).toBe(409);
    expect((await update({ id: group, moduleType: 'button' })).json.code).toBe(409);
    expect((await update({ id: group, moduleNumber: 'group:home' })).json.code).toBe(409);
    expect((await update({ id: 99999 })).json.code).toBe(404);
    expect((await update({ id: group, parentId: 99999 })).json.code).toBe(404);
    const button = await server.database.db.selectFrom('modules').select('id').where('moduleType', '=', 'button').executeTakeFirstOrThrow();
    expect((await update({ id: moduleIds.userConfig, parentId: button.id, moduleName: 'u', moduleNumber: 'userConfig' })).json.code).toBe(409);
    const row = await server.database.db.selectFrom('modules').selectAll().where('id', '=', group).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ parentId: 0, moduleType: 'menu', moduleNumber: 'group:system' });
    const missingId = await updateModule({ parentId: 0, moduleName: 'x', moduleNumber: 'x', moduleType: 'menu' }, 'en');
    expect(missingId.json.code).toBe(400);
    expect(missingId.json.msg).toContain('id');
  });
});

describe('deleteModule', () => {
  it('deletes a leaf module and takes it from every role', async () => {
    const id = (await addModule({ parentId: 0, moduleName: '将删除', moduleNumber: 'doomed', moduleType: 'menu' })).json.data.id;
    const form = { roleName: 'holder', moduleIds: `${moduleIds.userConfig},${id}` };
    expect((await call(server.app, 'POST', '/role/addRole', { token: admin, form })).json.code).toBe(0);
    expect((await deleteModule(id)).json.code).toBe(0);
    expect(find((await listModules()).data, 'doomed')).toBeUndefined();
    const grants = await server.database.db.selectFrom('roleModules').select('roleId').where('moduleId', '=', id).execute();
    expect(grants).toEqual([]);
    expect((await deleteModule(id)).json.code).toBe(404);
  });

  it('refuses a module with children', async () => {
    const res = await call(server.app, 'POST', '/user/deleteModule', { token: admin, body: { id: moduleIds['group:home'] }, lang: 'en' });
    expect(res.json.code).toBe(409);
    expect(res.json.msg).toContain('children');
    expect(find((await listModules()).data, 'group:home')).toBeDefined();
  });
});
