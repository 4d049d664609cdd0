// §2 third-party sign-in: the query it reads, where it goes, and what it does on success and failure.
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/api/failure.ts';
import {
  parseThirdLogin,
  runThirdLogin,
  type ThirdLoginEffects,
  type ThirdLoginOutcome,
  thirdLoginDestination,
  thirdLoginProblem,
} from '../../src/app/thirdLogin.ts';

function effects(outcome: ThirdLoginOutcome | Error) {
  const log: string[] = [];
  const calls: unknown[] = [];
  const fx: ThirdLoginEffects = {
    signIn: async (request) => {
      calls.push(request);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    mainPage: () => '/index_traffic',
    open: (path) => log.push(`open ${path}`),
    toLogin: () => log.push('login'),
    missingCode: () => log.push('missing code'),
    failed: (message) => log.push(`error ${message}`),
  };
  return { fx, log, calls };
}

const BAD_CODE = '第三方登录链接无效、已使用或已过期，请重新获取';

describe('the /thirdLogin query', () => {
  it('reads code, moduleName and convertId (the last two optional)', () => {
    expect(parseThirdLogin('?code=abcdefgh12&moduleName=historyEvent&convertId=42')).toEqual({
      code: 'abcdefgh12',
      moduleName: 'historyEvent',
      convertId: '42',
    });
    expect(parseThirdLogin('?code=abcdefgh12')).toEqual({ code: 'abcdefgh12' });
    expect(parseThirdLogin('?moduleName=historyEvent')).toBeNull();
    expect(parseThirdLogin('?code=%20')).toBeNull();
  });
});

describe('where a third-party sign-in goes', () => {
  it('to /{moduleName}, passing convertId along', () => {
    expect(thirdLoginDestination({ moduleName: 'historyEvent' }, '/main')).toBe('/historyEvent');
    expect(thirdLoginDestination({ moduleName: 'edgeDevice/box', convertId: 'a b&c' }, '/main')).toBe('/edgeDevice/box?convertId=a+b%26c');
  });

  it('to the main menu page without a moduleName', () => {
    expect(thirdLoginDestination({}, '/index_traffic')).toBe('/index_traffic');
    expect(thirdLoginDestination({ convertId: '1' }, '/index_traffic')).toBe('/index_traffic');
  });

  it('never off the console: a moduleName that is not a route key goes to the main page', () => {
    for (const moduleName of ['/evil.example', '//evil.example', 'https://evil.example', '../x', 'a?b=1', 'a b']) {
      expect(thirdLoginDestination({ moduleName }, '/main'), moduleName).toBe('/main');
    }
  });
});

describe('running the third-party sign-in', () => {
  it('signs in with the code and opens the requested page', async () => {
    const { fx, log, calls } = effects({ ok: true });
    await runThirdLogin('?code=run-ok-000001&moduleName=historyEvent&convertId=7', fx);
    expect(calls).toEqual([{ code: 'run-ok-000001', moduleName: 'historyEvent', convertId: '7' }]);
    expect(log).toEqual(['open /historyEvent?convertId=7']);
  });

  it('says why and goes to /login when the server refuses the code of a visitor', async () => {
    const { fx, log } = effects({ ok: false, message: BAD_CODE, stillSignedIn: false });
    await runThirdLogin('?code=run-refused-01', fx);
    expect(log).toEqual([`error ${BAD_CODE}`, 'login']);
  });

  it('keeps a signed-in user signed in when the code is refused: says why and opens the main page', async () => {
    const { fx, log } = effects({ ok: false, message: BAD_CODE, stillSignedIn: true });
    await runThirdLogin('?code=run-refused-02&moduleName=historyEvent', fx);
    expect(log).toEqual([`error ${BAD_CODE}`, 'open /index_traffic']);
  });

  it('goes to /login when the sign-in fails outright', async () => {
    const { fx, log } = effects(new Error('offline'));
    await runThirdLogin('?code=run-throws-001', fx);
    expect(log).toEqual(['login']);
  });

  it('says so and goes to /login without a code', async () => {
    const { fx, log, calls } = effects({ ok: true });
    await runThirdLogin('?moduleName=historyEvent', fx);
    expect(calls).toEqual([]);
    expect(log).toEqual(['missing code', 'login']);
  });

  it('uses a code once, even when asked twice (StrictMode effects)', async () => {
    const { fx, log, calls } = effects({ ok: true });
    await Promise.all([runThirdLogin('?code=run-twice-001', fx), runThirdLogin('?code=run-twice-001', fx)]);
    expect(calls).toHaveLength(1);
    expect(log).toEqual(['open /index_traffic']);
  });
});

describe('why a code was refused, in words', () => {
  it("is the server's message as it came, whatever the refusal (§8: third-party login failure shows the server message)", () => {
    expect(thirdLoginProblem(new ApiFailure(400, '第三方登录链接无效、已使用或已过期，请重新获取'))).toBe('第三方登录链接无效、已使用或已过期，请重新获取');
    expect(thirdLoginProblem(new ApiFailure(400, 'This sign-in link is invalid, already used or expired; ask for a new one'))).toBe(
      'This sign-in link is invalid, already used or expired; ask for a new one',
    );
    expect(thirdLoginProblem(new ApiFailure(403, '账号已停用，请联系管理员'))).toBe('账号已停用，请联系管理员');
    expect(thirdLoginProblem(new ApiFailure(0, '连接服务器失败', 'network', 0))).toBe('连接服务器失败');
  });
});
