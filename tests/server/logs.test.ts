import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.app);
});
afterAll(async () => server?.close());

const listLogs = (body: Record<string, unknown> = {}, lang: 'zh' | 'en' = 'zh', token = admin) =>
  call(server.app, 'POST', '/operation/log/list', { token, body, lang });
const logsOf = async (operationId: string) =>
  server.database.db.selectFrom('operationLogs').selectAll().where('operationId', '=', operationId).orderBy('id').execute();

describe('what is logged', () => {
  it('records a mutation with who, what and the code, secrets masked', async () => {
    const secret = 'Very-Secret-42';
    const res = await call(server.app, 'POST', '/user/createUser', {
      token: admin,
      body: { username: 'logged', realName: 'Logged', password: secret, confirmPassword: secret, deptId: 1, roleId: 2 },
    });
    expect(res.json.code).toBe(0);
    const duplicate = await call(server.app, 'POST', '/user/createUser', {
      token: admin,
      body: { username: 'logged', realName: 'Logged', password: secret, confirmPassword: secret, deptId: 1, roleId: 2 },
    });
    expect(duplicate.json.code).toBe(409);
    const rows = await logsOf('createUser');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ userId: 1, username: 'admin', code: 0, method: 'POST', path: '/user/createUser', summary: 'Create a user' });
    expect(rows[1]).toMatchObject({ username: 'admin', code: 409 });
    for (const row of rows) {
      expect(row.params).toContain('"username":"logged"');
      expect(row.params).not.toContain(secret);
      expect(row.params).toContain('"password":"***"');
    }
  });

  it('keeps a refusal’s message by its key, so it is read in the reader’s language', async () => {
    await call(server.app, 'POST', '/user/login', { body: { username: 'nobody2', password: 'wrong-guess' }, lang: 'zh' });
    const row = (await logsOf('login')).find((r) => r.username === 'nobody2');
    expect(row).toMatchObject({ msg: '用户名或密码错误', msgKey: 'auth.badCredentials', msgParams: null });
    const read = async (body: Record<string, unknown>, lang: 'zh' | 'en') => (await listLogs(body, lang)).json.data.list[0].msg as string;
    expect(await read({ username: 'nobody2' }, 'en')).toBe('Wrong username or password');
    expect(await read({ username: 'nobody2' }, 'zh')).toBe('用户名或密码错误');
    // With parameters, one of them a message key itself (the duplicate user above, written in Chinese).
    const duplicate = (await logsOf('createUser')).find((r) => r.code === 409);
    expect(duplicate).toMatchObject({ msgKey: 'conflict.duplicate' });
    expect(JSON.parse(duplicate!.msgParams!)).toEqual({ field: 'field.username', value: 'logged' });
    const en = await read({ operationId: 'createUser', result: 'failure' }, 'en');
    expect(en).toContain('logged');
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await read({ operationId: 'createUser', result: 'failure' }, 'zh')).toBe(duplicate!.msg);
  });

  it('records sign-in attempts with the name tried, and sign-outs', async () => {
    await call(server.app, 'POST', '/user/login', { body: { username: 'nobody', password: 'wrong-guess' } });
    const failed = (await logsOf('login')).find((r) => r.username === 'nobody');
    expect(failed).toMatchObject({ userId: null, code: 400 });
    expect(failed!.params).not.toContain('wrong-guess');
    const token = await login(server.app, OPERATOR);
    await call(server.app, 'POST', '/user/logout', { token });
    expect(await logsOf('logout')).toEqual([expect.objectContaining({ username: 'operator', code: 0 })]);
  });

  it('does not record reads, and drops logo images from the parameters', async () => {
    await call(server.app, 'POST', '/user/queryUserList', { token: admin, body: {} });
    await call(server.app, 'POST', '/config/selectAllConfigMap', { token: admin });
    await listLogs();
    expect(await logsOf('listUsers')).toEqual([]);
    expect(await logsOf('getSystemConfig')).toEqual([]);
    expect(await logsOf('listOperationLogs')).toEqual([]);
    const image = `data:image/png;base64,${'Q'.repeat(5000)}`;
    await call(server.app, 'POST', '/config/title', { token: admin, body: { type: 'image', imageBig: image } });
    const [saved] = await logsOf('saveTitle');
    expect(saved.params).not.toContain('QQQQ');
  });
});

describe('listOperationLogs', () => {
  beforeAll(async () => {
    // Three entries on a fixed day, to check the filters against known times.
    const entry = { summary: 's', method: 'POST', path: '/x', params: '{}', ip: '127.0.0.1', durationMs: 3 };
    await server.database.db
      .insertInto('operationLogs')
      .values([
        { ...entry, userId: 1, username: 'admin', operationId: 'addDept', code: 0, msg: 'ok', createdAt: new Date(2020, 0, 2, 9, 0, 0) },
        { ...entry, userId: 2, username: 'operator', operationId: 'addDept', code: 403, msg: 'no', createdAt: new Date(2020, 0, 2, 10, 0, 0, 500) },
        { ...entry, userId: 1, username: 'admin', operationId: 'deleteDept', code: 0, msg: 'ok', createdAt: new Date(2020, 0, 2, 11, 0, 0) },
      ])
      .execute();
  });

  it('pages newest first', async () => {
    const all = (await listLogs({ pageSize: 500 })).json.data;
    expect(all.total).toBeGreaterThan(5);
    const times = all.list.map((l: { createTime: string }) => l.createTime);
    expect(times).toEqual([...times].sort().reverse());
    const page = (await listLogs({ pageNo: 2, pageSize: 2 })).json.data;
    expect(page).toMatchObject({ total: all.total, pageNo: 2, pageSize: 2 });
    expect(page.list.map((l: { id: number }) => l.id)).toEqual(all.list.slice(2, 4).map((l: { id: number }) => l.id));
    expect(all.list[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), operationId: expect.any(String), params: expect.any(String), durationMs: expect.any(Number) }),
    );
  });

  it('filters by user, operation, result and an inclusive time range', async () => {
    const day = { startTime: '2020-01-02 00:00:00', endTime: '2020-01-02 23:59:59' };
    const ops = async (body: Record<string, unknown>) =>
      (await listLogs({ ...day, ...body })).json.data.list.map((l: { operationId: string; code: number }) => `${l.operationId}:${l.code}`);
    expect(await ops({})).toEqual(['deleteDept:0', 'addDept:403', 'addDept:0']);
    expect(await ops({ username: 'OPER' })).toEqual(['addDept:403']);
    expect(await ops({ operationId: 'addDept' })).toEqual(['addDept:403', 'addDept:0']);
    expect(await ops({ operationId: 'add' })).toEqual([]);
    expect(await ops({ result: 'success' })).toEqual(['deleteDept:0', 'addDept:0']);
    expect(await ops({ result: 'failure' })).toEqual(['addDept:403']);
    expect(await ops({ startTime: '2020-01-02 10:00:00', endTime: '2020-01-02 10:00:00' })).toEqual(['addDept:403']);
    expect(await ops({ startTime: '2020-01-02 09:00:01', endTime: '2020-01-02 11:00:00' })).toEqual(['deleteDept:0', 'addDept:403']);
  });

  it('refuses a backwards range and bad filters, naming the field', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const backwards = await listLogs({ startTime: '2020-01-03 00:00:00', endTime: '2020-01-02 00:00:00' }, lang);
      expect(backwards.json.code).toBe(400);
      expect(backwards.json.msg).toContain('startTime');
      const format = await listLogs({ startTime: '2020-01-03' }, lang);
      expect(format.json.code).toBe(400);
      expect(format.json.msg).toContain('startTime');
      const result = await listLogs({ result: 'maybe' }, lang);
      expect(result.json.msg).toContain('result');
    }
  });

  it('tells what each entry did, and a success, in the reader’s language whatever language it was written in', async () => {
    const day = { startTime: '2020-01-02 00:00:00', endTime: '2020-01-02 23:59:59' };
    type Row = { operationId: string; summary: string; msg: string; code: number };
    const zh: Row[] = (await listLogs(day, 'zh')).json.data.list;
    const en: Row[] = (await listLogs(day, 'en')).json.data.list;
    expect(zh.map((l) => [l.operationId, l.summary])).toEqual([
      ['deleteDept', '删除部门'],
      ['addDept', '新增部门'],
      ['addDept', '新增部门'],
    ]);
    expect(en.map((l) => l.summary)).toEqual(['Delete a department', 'Add a department', 'Add a department']);
    expect(zh.filter((l) => l.code === 0).map((l) => l.msg)).toEqual(['操作成功', '操作成功']);
    expect(en.filter((l) => l.code === 0).map((l) => l.msg)).toEqual(['success', 'success']);
    expect(zh.find((l) => l.code !== 0)?.msg).toBe('no'); // a refusal keeps its own words
  });

  it('is forbidden to the operator', async () => {
    const operator = await login(server.app, OPERATOR);
    expect((await listLogs({}, 'zh', operator)).json.code).toBe(403);
    expect((await call(server.app, 'POST', '/operation/log/export', { token: operator, body: {} })).json.code).toBe(403);
  });
});

describe('exportOperationLogs', () => {
  it('answers a valid xlsx with a header row and the matching entries', async () => {
    const res = await call(server.app, 'POST', '/operation/log/export', { token: admin, body: { operationId: 'addDept' }, lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''operation-log-\d{8}\.xlsx/);
    const zip = await JSZip.loadAsync(res.raw);
    expect(Object.keys(zip.files)).toEqual(
      expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml']),
    );
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet).toContain('<t xml:space="preserve">Operation</t>');
    const rows = sheet.match(/<row /g) ?? [];
    expect(rows).toHaveLength(3);
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">2020-01-02 10:00:00</t></is></c>');
    // The code is a number cell, not text.
    expect(sheet).toContain('<c r="G2"><v>403</v></c>');
    expect(sheet).not.toContain('deleteDept');
    expect(sheet).toContain('<t xml:space="preserve">Add a department</t>');
    expect(await zip.file('xl/workbook.xml')!.async('string')).toContain('name="Operation log"');
    const chinese = await call(server.app, 'POST', '/operation/log/export', { token: admin, body: { operationId: 'addDept' }, lang: 'zh' });
    const chineseSheet = await (await JSZip.loadAsync(chinese.raw)).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(chineseSheet).toContain('<t xml:space="preserve">新增部门</t>');
  });

  it('answers the JSON envelope when the filters are bad', async () => {
    const res = await call(server.app, 'POST', '/operation/log/export', {
      token: admin,
      body: { startTime: '2020-01-03 00:00:00', endTime: '2020-01-02 00:00:00' },
    });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json.code).toBe(400);
  });
});
