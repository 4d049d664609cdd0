import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ lockAfterFailures: 3, lockMs: 60_000 });
});
afterAll(async () => server?.close());

describe('sign-in', () => {
  it('answers the login result of §3 at the top level of the envelope', async () => {
    const res = await call(server.app, 'POST', '/user/login', { body: ADMIN });
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(0);
    expect(res.json.token).toMatch(/^[\w-]{40,}$/);
    expect(res.json.loginCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(res.json.sceneType).toBeTypeOf('number');
    expect(res.json.userinfo).toMatchObject({ username: 'admin', roleName: 'manager' });
    expect(JSON.stringify(res.json)).not.toContain('password');
  });

  it('refuses a wrong password with one message for unknown users and wrong passwords', async () => {
    const wrong = await call(server.app, 'POST', '/user/login', { body: { username: 'operator', password: 'nope-nope' } });
    const unknown = await call(server.app, 'POST', '/user/login', { body: { username: 'ghost', password: 'nope-nope' } });
    expect(wrong.json.code).toBe(400);
    expect(unknown.json.code).toBe(400);
    expect(wrong.json.msg).toBe(unknown.json.msg);
    expect(wrong.json.token).toBeUndefined();
  });

  it('locks the account after repeated failures, even for the right password', async () => {
    await server.database.db.deleteFrom('loginAttempts').where('name', '=', 'operator').execute();
    for (let i = 0; i < 2; i++) {
      expect((await call(server.app, 'POST', '/user/login', { body: { ...OPERATOR, password: 'bad-password' } })).json.code).toBe(400);
    }
    const third = await call(server.app, 'POST', '/user/login', { body: { ...OPERATOR, password: 'bad-password' }, lang: 'en' });
    expect(third.json.code).toBe(423);
    expect(third.json.msg).toMatch(/locked until \d{4}-\d{2}-\d{2}/);
    const right = await call(server.app, 'POST', '/user/login', { body: OPERATOR });
    expect(right.json.code).toBe(423);
    await server.database.db.updateTable('loginAttempts').set({ lockedUntil: new Date(Date.now() - 1000) }).where('name', '=', 'operator').execute();
    expect((await call(server.app, 'POST', '/user/login', { body: OPERATOR })).json.code).toBe(0);
  });
});

describe('sessions', () => {
  it('revokes the token on logout', async () => {
    const token = await login(server.app);
    expect((await call(server.app, 'POST', '/user/nav', { token })).json.code).toBe(0);
    expect((await call(server.app, 'POST', '/user/logout', { token })).json.code).toBe(0);
    const after = await call(server.app, 'POST', '/user/nav', { token });
    expect(after.status).toBe(200);
    expect(after.json.code).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await login(server.app);
    await server.database.db.updateTable('sessions').set({ expiresAt: new Date(Date.now() - 1000) }).execute();
    expect((await call(server.app, 'POST', '/user/nav', { token })).json.code).toBe(401);
  });

  it('ends the other sessions on exclusive sign-in', async () => {
    const first = await login(server.app);
    const second = await call(server.app, 'POST', '/user/login2', { body: ADMIN });
    expect(second.json.code).toBe(0);
    expect((await call(server.app, 'POST', '/user/nav', { token: first })).json.code).toBe(401);
    expect((await call(server.app, 'POST', '/user/nav', { token: second.json.token as string })).json.code).toBe(0);
  });
});

describe('third-party sign-in', () => {
  it('exchanges a one-time code once', async () => {
    const admin = await login(server.app);
    const issued = await call(server.app, 'POST', '/user/thirdLoginCode', { token: admin, body: { userId: 2, ttlSeconds: 60 } });
    expect(issued.json.code).toBe(0);
    const code = issued.json.data.code as string;
    const first = await call(server.app, 'POST', '/user/thirdLogin', { query: { code, moduleName: 'historyEvent' } });
    expect(first.json.code).toBe(0);
    expect(first.json.userinfo).toMatchObject({ username: 'operator' });
    const again = await call(server.app, 'POST', '/user/thirdLogin', { query: { code } });
    expect(again.json.code).toBe(400);
    expect(again.json.msg).toBe('第三方登录链接无效、已使用或已过期，请重新获取');
  });

  it('says the same words for a code of the wrong shape as for a used one: the console shows them as they are (§8)', async () => {
    const used = await call(server.app, 'POST', '/user/thirdLogin', { query: { code: 'abc' }, lang: 'en' });
    expect(used.json.code).toBe(400);
    expect(used.json.msg).toBe('This sign-in link is invalid, already used or expired; ask for a new one');
    const zh = await call(server.app, 'POST', '/user/thirdLogin', { query: { code: 'x' } });
    expect(zh.json.msg).toBe('第三方登录链接无效、已使用或已过期，请重新获取');
    // Still bounded: a code longer than any issued one is refused by its length, naming the field.
    const long = await call(server.app, 'POST', '/user/thirdLogin', { query: { code: 'x'.repeat(129) }, lang: 'en' });
    expect(long.json.code).toBe(400);
    expect(long.json.msg).toContain('code');
  });
});

describe('menu of the caller', () => {
  it('gives the operator only the modules of the operator role', async () => {
    const token = await login(server.app, OPERATOR);
    const nav = await call(server.app, 'POST', '/user/nav', { token });
    const numbers = JSON.stringify(nav.json.data.menuList);
    expect(numbers).toContain('actualTimeEvent');
    expect(numbers).not.toContain('userConfig');
    expect(nav.json.data.buttonList).toContain('historyEvent');
    expect(nav.json.data.buttonList).not.toContain('roleConfig');
  });
});
