// Issue 8, items 4 and 10–13: bad input is answered with the envelope naming what is wrong, never a 500, never the
// framework's own error format — and no mutation takes effect without its operation-log record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOperationLog } from '../../server/http/operationLog.ts';
import { loadContract } from '../../server/contract/loadContract.ts';
import { call, login } from './support/client.ts';
import { multipart } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;
let roleId: number;
let deptId: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.app);
  roleId = (await server.database.db.selectFrom('roles').select('id').where('roleName', '=', 'manager').executeTakeFirstOrThrow()).id;
  deptId = (await server.database.db.selectFrom('depts').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

function isEnvelope(body: string): boolean {
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    return typeof json.code === 'number' && typeof json.msg === 'string' && 'data' in json;
  } catch {
    return false;
  }
}

const raw = (method: string, url: string, payload?: string | Buffer, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: method as 'POST',
    url,
    payload,
    headers: { token: admin, 'accept-language': 'en', 'content-type': 'application/json', ...headers },
  });

function newAdmin(username: string, extra: Record<string, unknown> = {}) {
  return { username, realName: 'Mallory', password: 'secret-123', confirmPassword: 'secret-123', deptId, roleId, ...extra };
}

const userExists = async (username: string) =>
  Boolean(await server.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst());
const logRows = (operationId: string) =>
  server.database.db.selectFrom('operationLogs').selectAll().where('operationId', '=', operationId).execute();

describe('operation log cannot be bypassed (4)', () => {
  it('refuses a body nested 20,000 deep at the parser: no user, named 400', async () => {
    let deep = '1';
    for (let i = 0; i < 20_000; i++) deep = `{"a":${deep}}`;
    const body = JSON.stringify(newAdmin('deep-admin')).replace(/}$/, `,"extra":${deep}}`);
    const res = await raw('POST', '/api/user/createUser', body);
    expect(res.statusCode).toBe(400);
    expect(isEnvelope(res.body)).toBe(true);
    expect(JSON.parse(res.body)).toMatchObject({ code: 400 });
    expect(JSON.parse(res.body).msg).toMatch(/nested.*64/);
    expect(await userExists('deep-admin')).toBe(false);
  });

  it('refuses a lone surrogate naming the field: no user', async () => {
    const body = JSON.stringify(newAdmin('surrogate-admin')).replace('"Mallory"', '"Mal\\ud800lory"');
    const res = await raw('POST', '/api/user/createUser', body);
    expect(JSON.parse(res.body)).toMatchObject({ code: 400 });
    expect(JSON.parse(res.body).msg).toContain('realName');
    expect(await userExists('surrogate-admin')).toBe(false);
  });

  it('logs a mutation whose body is deep (within the limit) and full of secrets, masked', async () => {
    let nested: unknown = { password: 'hunter2-deep', token: 'tok-deep' };
    for (let i = 0; i < 55; i++) nested = { level: nested };
    const res = await call(server.app, 'POST', '/user/createUser', { token: admin, body: newAdmin('nested-admin', { extra: nested }) });
    expect(res.json.code, res.json.msg).toBe(0);
    const rows = await logRows('createUser');
    const row = rows.find((r) => String(r.params).includes('nested-admin'));
    expect(row).toBeDefined();
    expect(row!.params).not.toContain('hunter2');
    expect(row!.params).not.toContain('tok-deep');
    expect(row!.params).not.toContain('secret-123');
  });

  it('writes a minimal record when the full one cannot be stored', async () => {
    const before = (await logRows('probeOperation')).length;
    await writeOperationLog(server.database.db, {
      userId: null,
      username: 'probe\u0000name',
      operationId: 'probeOperation',
      summary: 'probe \ud800',
      method: 'POST',
      path: '/probe',
      params: { text: 'nul \u0000 and lone \udc00' },
      code: 0,
      msg: 'ok\u0000',
      ip: '127.0.0.1',
      durationMs: 1,
    });
    const rows = await logRows('probeOperation');
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)!.username).toBe('probe\uFFFDname');
  });
});

describe('integers out of range (9)', () => {
  it('refuses 1e308, 2^53+1, 2^63-1 and 1e400 in bodies, queries and paths, naming the field', async () => {
    for (const value of ['1e308', '9007199254740993', '9223372036854775807', '1e400']) {
      const body = await raw('POST', '/api/user/resetPassword', `{"id":${value},"password":"secret-123","confirmPassword":"secret-123"}`);
      expect(body.statusCode, value).toBe(200);
      expect(JSON.parse(body.body), value).toMatchObject({ code: 400 });
      expect(JSON.parse(body.body).msg, value).toContain('id');
      const path = await raw('GET', `/api/task/query/${value}`, undefined, { 'content-type': '' });
      expect(JSON.parse(path.body).code, value).toBe(400);
      const query = await raw('GET', `/api/device/cameraInfo?cameraId=${value}`, undefined, { 'content-type': '' });
      expect(JSON.parse(query.body).code, value).toBe(400);
      expect(JSON.parse(query.body).msg, value).toContain('cameraId');
    }
  });
});

describe('NUL and broken text (10)', () => {
  it('refuses NUL in the sign-in name before any token, naming the field', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: JSON.stringify({ username: 'ad\u0000min', password: 'x' }),
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(JSON.parse(res.body)).toMatchObject({ code: 400 });
    expect(JSON.parse(res.body).msg).toContain('username');
  });

  it('refuses NUL in a query value, a form field, a path parameter and a nested body field, naming each', async () => {
    const query = await raw('GET', '/api/task/list?name=a%00b', undefined, { 'content-type': '' });
    expect(JSON.parse(query.body).code).toBe(400);
    expect(JSON.parse(query.body).msg).toContain('name');
    const form = await server.app.inject({
      method: 'POST',
      url: '/api/role/addRole',
      payload: 'roleName=a%00b&remark=x',
      headers: { token: admin, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    });
    expect(JSON.parse(form.body).code).toBe(400);
    expect(JSON.parse(form.body).msg).toContain('roleName');
    const path = await raw('GET', '/api/task/query/1%00', undefined, { 'content-type': '' });
    expect(isEnvelope(path.body)).toBe(true);
    expect(JSON.parse(path.body).code).toBe(400);
    const nested = await raw('POST', '/api/user/createUser', JSON.stringify(newAdmin('nul-admin', { extra: { list: ['ok', 'x\u0000'] } })));
    expect(JSON.parse(nested.body).code).toBe(400);
    expect(JSON.parse(nested.body).msg).toContain('extra.list[1]');
    expect(await userExists('nul-admin')).toBe(false);
  });
});

describe('paths under /files (11)', () => {
  it('answers 404 with the envelope for traversal, encoded traversal and NUL', async () => {
    for (const url of ['/files/../package.json', '/files/%2e%2e/package.json', '/files/%2e%2e%2fpackage.json', '/files/%00', '/files/a%00.png', '/files/%ff']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(isEnvelope(res.body), url).toBe(true);
      expect(res.body).not.toContain('"name"');
    }
  });
});

describe('bodies of the wrong kind (12)', () => {
  it('answers multipart without a boundary with 400/415, not 500', async () => {
    const res = await raw('POST', '/api/user/uploadAvatar', 'garbage', { 'content-type': 'multipart/form-data' });
    expect([400, 415]).toContain(JSON.parse(res.body).code);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('answers a multipart body cut short with 400, for file and video uploads', async () => {
    const cut = (form: ReturnType<typeof multipart>) => form.payload.subarray(0, form.payload.length - 12);
    const video = multipart({ field: 'file', name: 'v.mp4', type: 'video/mp4', bytes: Buffer.alloc(64, 1) }, { name: 'v' });
    const videoRes = await raw('POST', '/api/device/offline/upload', cut(video), { 'content-type': video.contentType });
    expect(videoRes.statusCode).toBe(200);
    expect(JSON.parse(videoRes.body).code, videoRes.body).toBe(400);
    const image = multipart({ field: 'file', name: 'a.png', type: 'image/png', bytes: Buffer.alloc(64, 1) });
    const imageRes = await raw('POST', '/api/user/avatar', cut(image), { 'content-type': image.contentType });
    expect(JSON.parse(imageRes.body).code, imageRes.body).toBe(400);
  });

  it('answers a multipart body sent to a JSON operation with 415', async () => {
    const form = multipart(null, { username: 'x' });
    const res = await raw('POST', '/api/user/createUser', form.payload, { 'content-type': form.contentType });
    expect(JSON.parse(res.body).code).toBe(415);
    expect(res.statusCode).toBe(415);
  });

  it('refuses NUL and lone surrogates in the text fields of every multipart operation, naming the field', async () => {
    const operations = loadContract().operations.filter((op) => Object.keys(op.body?.content ?? {}).some((t) => t.startsWith('multipart/')));
    expect(operations.length).toBeGreaterThan(5);
    for (const bad of ['a\u0000b', '\ud800']) {
      for (const op of operations) {
        const schema = op.body!.content[Object.keys(op.body!.content).find((t) => t.startsWith('multipart/'))!] as { properties?: Record<string, { format?: string }> };
        const textFields = Object.entries(schema?.properties ?? {}).filter(([, p]) => p.format !== 'binary').map(([name]) => name);
        const form = multipart({ field: 'file', name: 'a.png', type: 'image/png', bytes: Buffer.alloc(64, 1) }, Object.fromEntries(textFields.map((f) => [f, bad])));
        const res = await raw(op.method.toUpperCase(), `/api${op.path.replace(/\{[^}]+\}/g, '1')}`, form.payload, { 'content-type': form.contentType });
        const body = JSON.parse(res.body) as { code: number; msg: string };
        expect(res.statusCode, `${op.operationId}: ${res.body}`).toBeLessThan(500);
        expect(body.code, `${op.operationId}: ${res.body}`).toBeLessThan(500);
        // An operation that reads its form names the first text field; others refuse earlier (no such id, box credentials).
        if (textFields.length > 0 && body.code === 400) expect(body.msg, op.operationId).toMatch(/not allowed|must|invalid|required|malformed/i);
      }
    }
    const video = multipart({ field: 'file', name: 'v.mp4', type: 'video/mp4', bytes: Buffer.alloc(64, 1) }, { name: 'a\u0000b' });
    const res = await raw('POST', '/api/device/offline/upload', video.payload, { 'content-type': video.contentType });
    expect(JSON.parse(res.body)).toMatchObject({ code: 400, msg: expect.stringMatching(/^name contains a character that is not allowed/) });
  });

  it('answers a truncated MP4 box in the offline video upload with 415', async () => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(4096, 0);
    header.write('ftyp', 4, 'latin1');
    const truncated = Buffer.concat([header, Buffer.from('isom')]);
    const form = multipart({ field: 'file', name: 'cut.mp4', type: 'video/mp4', bytes: truncated }, { name: 'cut video' });
    const res = await raw('POST', '/api/device/offline/upload', form.payload, { 'content-type': form.contentType });
    expect(res.statusCode).toBeLessThan(500);
    expect([400, 415]).toContain(JSON.parse(res.body).code);
  });
});

describe('undecodable URLs (13)', () => {
  it('answers /api/task/query/%ff%fe with the envelope', async () => {
    const res = await raw('GET', '/api/task/query/%ff%fe', undefined, { 'content-type': '' });
    expect(res.statusCode).toBe(400);
    expect(isEnvelope(res.body)).toBe(true);
    expect(JSON.parse(res.body).code).toBe(400);
  });

  it('answers an undecodable query string with the envelope', async () => {
    const res = await raw('GET', '/api/task/list?name=%ff%fe', undefined, { 'content-type': '' });
    expect(res.statusCode).toBeLessThan(500);
    expect(isEnvelope(res.body)).toBe(true);
  });
});
