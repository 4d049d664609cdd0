// Model-based test of the session machine: a small model of what the user sees generates paths to every
// state and through every transition; each path drives the production machine (fake calls, simulated clock)
// and checks it at every step. A final check proves every production state and transition was exercised.
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { coveringPaths } from './support/coveringPaths.ts';
import { SESSION_EXPIRY_REDIRECT_MS, sessionMachine } from '../../src/machines/session.machine.ts';
import {
  allTransitionKeys,
  bootstrap,
  credentials,
  SessionHarness,
  settle,
  signedIn,
  stored,
  thirdPartyCode,
} from './sessionHarness.ts';

const WRONG_PASSWORD = '用户名或密码错误';
/** The menu loaded again after an administrator gave a new top-level module to the user's role. */
const grantedMenu = {
  menuList: [...bootstrap.menuList, { ...bootstrap.menuList[0], id: 99, moduleName: '新菜单', moduleNumber: 'newTop', children: [] }],
  buttonList: [...bootstrap.buttonList, 'newTop'],
};
const UNREACHABLE = '连接服务器失败';
const EXPIRED = '未登录或登录已过期，请重新登录';
const TIMED_OUT = '登录超时';

/** What the user sees; events are what the user or the server does. */
const userModel = createMachine({
  id: 'user',
  initial: 'opening',
  states: {
    opening: { on: { OPEN_WITHOUT_SESSION: 'loginForm', OPEN_WITH_SESSION: 'restoring' } },
    restoring: {
      on: { RESTORE_SUCCEEDS: 'mainPage', RESTORE_FAILS: 'loginFormAfterFailedRestore', SERVER_SAYS_401: 'expiredNotice' },
    },
    loginForm: { on: { SUBMIT: 'signingIn', THIRD_PARTY_LINK: 'signingIn', SERVER_SAYS_401: 'loginForm' } },
    loginFormWithError: { on: { SUBMIT: 'signingIn', THIRD_PARTY_LINK: 'signingIn' } },
    // The server could not be reached to restore: the stored sign-in stays for the next attempt (a reload).
    loginFormAfterFailedRestore: { on: { SUBMIT: 'signingIn', THIRD_PARTY_LINK: 'signingIn' } },
    signingIn: { on: { LOGIN_REJECTED: 'loginFormWithError', LOGIN_ACCEPTED: 'loadingConsole', SUBMIT: 'signingIn' } },
    loadingConsole: {
      on: { BOOTSTRAP_SUCCEEDS: 'mainPage', BOOTSTRAP_FAILS: 'loginFormWithError', SERVER_SAYS_401: 'expiredNotice' },
    },
    mainPage: {
      on: {
        LOGOUT: 'signingOut',
        SERVER_SAYS_401: 'expiredNotice',
        SESSION_TIMED_OUT: 'expiredNotice',
        THIRD_PARTY_LINK: 'switchingUser',
        ADMIN_SAVES_SYSTEM_NAME: 'mainPage',
        ADMIN_GRANTS_NEW_MENU: 'mainPage',
      },
    },
    // A third-party link opened while signed in: the session stays until the link's code is accepted.
    switchingUser: {
      on: { LOGIN_REJECTED: 'mainPageAfterRefusedLink', LOGIN_ACCEPTED: 'loadingConsole', SERVER_SAYS_401: 'switchingUser' },
    },
    mainPageAfterRefusedLink: { on: { LOGOUT: 'signingOut', THIRD_PARTY_LINK: 'switchingUser' } },
    signingOut: { on: { LOGOUT_CONFIRMED: 'loginForm', LOGOUT_UNREACHABLE: 'loginForm', SERVER_SAYS_401: 'signingOut' } },
    expiredNotice: { on: { WAIT_1500_MS: 'loginForm', SERVER_SAYS_401: 'expiredNotice' } },
  },
});

const model = createTestModel(userModel);

const visitedStates = new Set<string>();
const takenTransitions = new Set<string>();

function checks(h: SessionHarness) {
  return {
    opening: () => expect(h.actor).toBeNull(),
    restoring: () => {
      expect(h.snapshot.value).toBe('restoring');
      expect(h.calls.bootstrap.at(-1)?.token).toBe(stored.token);
    },
    loginForm: () => {
      expect(h.snapshot.value).toBe('anonymous');
      expect(h.snapshot.context).toMatchObject({ error: null, signedIn: null, bootstrap: null, expiredMessage: null });
      expect(h.storage).toBeNull();
    },
    loginFormWithError: () => {
      expect(h.snapshot.value).toBe('anonymous');
      expect([WRONG_PASSWORD, UNREACHABLE]).toContain(h.snapshot.context.error);
      expect(h.snapshot.context.bootstrap).toBeNull();
      expect(h.storage).toBeNull();
    },
    loginFormAfterFailedRestore: () => {
      expect(h.snapshot.value).toBe('anonymous');
      expect(h.snapshot.context).toMatchObject({ error: UNREACHABLE, signedIn: null, bootstrap: null });
      expect(h.storage).toEqual(stored); // kept: only the server's 401 says a sign-in is dead
    },
    signingIn: () => {
      expect(h.snapshot.value).toBe('authenticating');
      expect(h.snapshot.context).toMatchObject({ error: null, signedIn: null, bootstrap: null });
      expect(h.pending.login).toHaveLength(1); // a second submit does not sign in twice
      expect(h.calls.login.at(-1)).toEqual(h.lastLoginRequest);
      expect(h.storage).toBeNull();
    },
    switchingUser: () => {
      expect(h.snapshot.value).toBe('switchingUser');
      expect(h.pending.login).toHaveLength(1);
      expect(h.calls.login.at(-1)).toEqual(h.lastLoginRequest);
      // Nothing is dropped before the code is accepted: the old session is still stored and loaded.
      expect(h.storage).not.toBeNull();
      expect(h.snapshot.context.bootstrap).not.toBeNull();
      expect(h.snapshot.context.error).toBeNull();
    },
    mainPageAfterRefusedLink: () => {
      expect(h.snapshot.value).toBe('authenticated');
      expect(h.snapshot.context.error).toBe(WRONG_PASSWORD);
      expect(h.snapshot.context.bootstrap).not.toBeNull();
      expect(h.snapshot.context.signedIn).toEqual(h.storage);
      expect(h.storage).not.toBeNull();
    },
    loadingConsole: () => {
      expect(h.snapshot.value).toBe('bootstrapping');
      expect(h.storage).toEqual(signedIn); // stored before the menu loads: the nav call needs the token
      expect(h.calls.bootstrap.at(-1)).toEqual(signedIn);
    },
    mainPage: () => {
      expect(h.snapshot.value).toBe('authenticated');
      // The system configuration and the menu may have changed since sign-in (ADMIN_SAVES_SYSTEM_NAME,
      // ADMIN_GRANTS_NEW_MENU); the rest is as loaded.
      const { systemConfig, menuList, buttonList, ...loaded } = h.snapshot.context.bootstrap!;
      const { systemConfig: original, menuList: originalMenu, buttonList: originalButtons, ...expected } = bootstrap;
      expect(loaded).toEqual(expected);
      expect([original.systemName, 'Renamed site']).toContain(systemConfig.systemName);
      expect([originalMenu, grantedMenu.menuList]).toContainEqual(menuList);
      expect([originalButtons, grantedMenu.buttonList]).toContainEqual(buttonList);
      expect(h.storage).not.toBeNull();
    },
    signingOut: () => {
      expect(h.snapshot.value).toBe('loggingOut');
      expect(h.pending.logout).toHaveLength(1);
      expect(h.storage).not.toBeNull(); // the logout call still carries the token
    },
    expiredNotice: () => {
      expect(h.snapshot.value).toBe('expired');
      expect(h.snapshot.context.expiredMessage).toBe(h.lastExpiry?.message);
      expect(h.snapshot.context.expiredTone).toBe(h.lastExpiry?.tone);
      expect(h.storage).toBeNull(); // forgotten at once: no later call sends the dead token
    },
  };
}

type ModelEvent = Parameters<typeof userModel.transition>[1]['type'];

async function send(h: SessionHarness, event: Parameters<NonNullable<SessionHarness['actor']>['send']>[0]) {
  h.actor!.send(event);
  await settle();
}

/** What each model event does to the system under test. */
const performers: Record<ModelEvent, (h: SessionHarness) => void | Promise<void>> = {
  OPEN_WITHOUT_SESSION: (h) => h.start(null),
  OPEN_WITH_SESSION: (h) => h.start(stored),
  RESTORE_SUCCEEDS: (h) => h.answer('bootstrap', { value: bootstrap }),
  RESTORE_FAILS: (h) => h.answer('bootstrap', { error: new Error(UNREACHABLE) }),
  SUBMIT: (h) => {
    // A submit while signing in is ignored: the request being answered stays the first one.
    if (h.snapshot.value !== 'authenticating') h.lastLoginRequest = { kind: 'password', credentials };
    return send(h, { type: 'LOGIN', credentials });
  },
  THIRD_PARTY_LINK: (h) => {
    h.lastLoginRequest = { kind: 'thirdParty', ...thirdPartyCode };
    return send(h, { type: 'THIRD_LOGIN', ...thirdPartyCode });
  },
  LOGIN_REJECTED: (h) => h.answer('login', { error: new Error(WRONG_PASSWORD) }),
  LOGIN_ACCEPTED: (h) => h.answer('login', { value: signedIn }),
  BOOTSTRAP_SUCCEEDS: (h) => h.answer('bootstrap', { value: bootstrap }),
  BOOTSTRAP_FAILS: (h) => h.answer('bootstrap', { error: new Error(UNREACHABLE) }),
  LOGOUT: (h) => send(h, { type: 'LOGOUT' }),
  ADMIN_SAVES_SYSTEM_NAME: async (h) => {
    const systemConfig = { ...h.snapshot.context.bootstrap!.systemConfig, systemName: 'Renamed site' };
    await send(h, { type: 'SYSTEM_CONFIG_CHANGED', systemConfig });
    expect(h.snapshot.context.bootstrap!.systemConfig.systemName).toBe('Renamed site');
  },
  ADMIN_GRANTS_NEW_MENU: async (h) => {
    await send(h, { type: 'MENU_CHANGED', ...grantedMenu });
    expect(h.snapshot.context.bootstrap).toMatchObject(grantedMenu);
  },
  LOGOUT_CONFIRMED: (h) => h.answer('logout', { value: undefined }),
  LOGOUT_UNREACHABLE: (h) => h.answer('logout', { error: new Error(UNREACHABLE) }),
  SERVER_SAYS_401: (h) => h.serverSays401(EXPIRED, 'warning'),
  SESSION_TIMED_OUT: (h) => h.serverSays401(TIMED_OUT, 'error'),
  WAIT_1500_MS: async (h) => {
    h.clock.increment(SESSION_EXPIRY_REDIRECT_MS - 1);
    await settle();
    expect(h.snapshot.value).toBe('expired');
    h.clock.increment(1);
    await settle();
  },
};

function actions(h: SessionHarness) {
  return Object.fromEntries(Object.entries(performers).map(([type, perform]) => [type, () => perform(h)]));
}


describe('session machine (model-based)', () => {
  for (const path of coveringPaths(model, userModel)) {
    it(path.description, async () => {
      const h = new SessionHarness(visitedStates, takenTransitions);
      await path.test({ states: checks(h), events: actions(h) as never });
    });
  }

  // Runs after the paths above (tests in a file run in order).
  it('exercised every state and every transition of the production machine', () => {
    expect([...visitedStates].sort()).toEqual(Object.keys(sessionMachine.root.states).sort());
    expect([...takenTransitions].sort()).toEqual(allTransitionKeys());
  });
});
