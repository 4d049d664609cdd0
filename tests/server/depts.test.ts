import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;
let deptIds: Record<string, number>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.app);
  const depts = await server.database.db.selectFrom('depts').select(['id', 'deptName']).execute();
  deptIds = Object.fromEntries(depts.map((d) => [d.deptName, d.id]));
});
afterAll(async () => server?.close());

/** A seeded department's id by name. */
const dept = (name: string) => deptIds[name];

interface DeptNode {
  id: number;
  deptName: string;
  userCount: number;
  children: DeptNode[];
  [field: string]: unknown;
}

const tree = async (body: Record<string, unknown> = {}, token = admin) =>
  (await call(server.app, 'POST', '/dept/tree', { token, body })).json;
const addDept = (body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh', token = admin) =>
  call(server.app, 'POST', '/dept/add', { token, body, lang });
const updateDept = (body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') => call(server.app, 'PUT', '/dept/update', { token: admin, body, lang });
const deleteDept = (id: number, token = admin) => call(server.app, 'DELETE', '/dept/delete', { token, body: { id } });
const find = (nodes: DeptNode[], name: string): DeptNode | undefined => {
  for (const n of nodes) {
    if (n.deptName === name) return n;
    const hit = find(n.children, name);
    if (hit) return hit;
  }
  return undefined;
};
const deptCount = async () => Number((await server.database.db.selectFrom('depts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('getDeptTree', () => {
  it('answers the seeded tree sorted, with direct user counts', async () => {
    const res = await tree();
    expect(res.code).toBe(0);
    expect(res.data).toHaveLength(1);
    const root = res.data[0] as DeptNode;
    expect(root).toMatchObject({ deptName: '总部', parentId: 0, leader: '张伟', phone: '', userCount: 1 });
    expect(root.children.map((c) => c.deptName)).toEqual(['运维中心', '技术部', '华南分公司']);
    expect(find(res.data, '运维一组')).toMatchObject({ userCount: 1, leader: '', children: [] });
  });

  it('keeps only matches and their ancestors for a keyword', async () => {
    const res = await tree({ keyword: '二组' });
    expect(res.data).toHaveLength(1);
    expect(res.data[0].children.map((c: DeptNode) => c.deptName)).toEqual(['运维中心']);
    expect(res.data[0].children[0].children.map((c: DeptNode) => c.deptName)).toEqual(['运维二组']);
    expect((await tree({ keyword: 'nothing-like-this' })).data).toEqual([]);
  });

  it('is open to userConfig but not to the operator', async () => {
    const operator = await login(server.app, OPERATOR);
    expect((await tree({}, operator)).code).toBe(403);
  });
});

describe('addDept', () => {
  it('adds a department under a parent and reads it back', async () => {
    const res = await addDept({ parentId: dept('技术部'), deptName: '算法组', sort: 5, leader: '赵六', phone: '0755-1234' });
    expect(res.json.code).toBe(0);
    const node = find((await tree()).data, '算法组');
    expect(node).toMatchObject({ id: res.json.data.id, parentId: dept('技术部'), sort: 5, leader: '赵六', phone: '0755-1234', userCount: 0 });
    const top = await addDept({ deptName: '独立部门' });
    expect(top.json.code).toBe(0);
    expect((await tree()).data.map((d: DeptNode) => d.deptName)).toEqual(['总部', '独立部门']);
  });

  it('refuses a name taken under the same parent, but not under another', async () => {
    const before = await deptCount();
    const dup = await addDept({ parentId: dept('运维中心'), deptName: '运维一组' }, 'en');
    expect(dup.json.code).toBe(409);
    expect(dup.json.msg).toContain('运维一组');
    expect(await deptCount()).toBe(before);
    expect((await addDept({ parentId: dept('华南分公司'), deptName: '运维一组' })).json.code).toBe(0);
  });

  it('refuses an unknown parent and bad fields', async () => {
    const before = await deptCount();
    expect((await addDept({ parentId: 99999, deptName: 'x' })).json.code).toBe(404);
    for (const lang of ['zh', 'en'] as const) {
      const missing = await addDept({ parentId: 0 }, lang);
      expect(missing.json.code).toBe(400);
      expect(missing.json.msg).toContain('deptName');
      const phone = await addDept({ deptName: 'p', phone: 'call me' }, lang);
      expect(phone.json.code).toBe(400);
      expect(phone.json.msg).toContain('phone');
    }
    expect(await deptCount()).toBe(before);
  });

  it('is forbidden to the operator, with nothing written', async () => {
    const operator = await login(server.app, OPERATOR);
    const before = await deptCount();
    expect((await addDept({ deptName: 'sneaky' }, 'zh', operator)).json.code).toBe(403);
    expect((await deleteDept(dept('深圳站点'), operator)).json.code).toBe(403);
    expect(await deptCount()).toBe(before);
  });
});

describe('updateDept', () => {
  it('moves and renames a department, defaults for the fields left out', async () => {
    const id = (await addDept({ parentId: dept('技术部'), deptName: '测试组', sort: 3, leader: 'L' })).json.data.id;
    const res = await updateDept({ id, parentId: dept('华南分公司'), deptName: '测试二组' });
    expect(res.json.code).toBe(0);
    expect(find((await tree()).data, '测试二组')).toMatchObject({ id, parentId: dept('华南分公司'), sort: 0, leader: '' });
  });

  it('refuses cycles, unknown records and taken names', async () => {
    const center = dept('运维中心');
    const cycleSelf = await updateDept({ id: center, parentId: center, deptName: '运维中心' }, 'en');
    expect(cycleSelf.json.code).toBe(409);
    const cycleChild = await updateDept({ id: center, parentId: dept('运维一组'), deptName: '运维中心' });
    expect(cycleChild.json.code).toBe(409);
    expect((await updateDept({ id: 99999, deptName: 'x' })).json.code).toBe(404);
    expect((await updateDept({ id: center, parentId: 99999, deptName: '运维中心' })).json.code).toBe(404);
    expect((await updateDept({ id: dept('技术部'), parentId: dept('总部'), deptName: '运维中心' })).json.code).toBe(409);
    const row = await server.database.db.selectFrom('depts').select(['parentId', 'deptName']).where('id', '=', center).executeTakeFirstOrThrow();
    expect(row).toEqual({ parentId: dept('总部'), deptName: '运维中心' });
    const missingId = await updateDept({ deptName: 'x' }, 'en');
    expect(missingId.json.code).toBe(400);
    expect(missingId.json.msg).toContain('id');
  });
});

describe('deleteDept', () => {
  it('deletes an empty leaf department', async () => {
    const id = (await addDept({ deptName: '临时' })).json.data.id;
    expect((await deleteDept(id)).json.code).toBe(0);
    expect(find((await tree()).data, '临时')).toBeUndefined();
    expect((await deleteDept(id)).json.code).toBe(404);
  });

  it('refuses a department with sub-departments or users', async () => {
    const withChildren = await deleteDept(dept('运维中心'));
    expect(withChildren.json.code).toBe(409);
    const withUsers = await call(server.app, 'DELETE', '/dept/delete', { token: admin, body: { id: dept('运维一组') }, lang: 'en' });
    expect(withUsers.json.code).toBe(409);
    expect(withUsers.json.msg).toMatch(/still in use \(users: 1\)/);
    expect(find((await tree()).data, '运维一组')).toBeDefined();
  });
});
