// The §2 navigation rules as the route guards decide them, and the menu rules they rest on.
import { describe, expect, it } from 'vitest';
import type { MenuModule } from '../../src/api/types.ts';
import {
  isPublicPath,
  LOGIN_PATH,
  loginRouteDecision,
  mainPagePath,
  mayOpen,
  NO_MENU_PATH,
  protectedRouteDecision,
  type SessionStateName,
  systemRouteList,
} from '../../src/app/guards.ts';
import { findMenuItem, mainPageKey, menuHref, menuLabel, routeKeyOf } from '../../src/app/menu.ts';
import { flattenRoutes } from '../../src/routes.ts';

let nextId = 1;
function item(moduleNumber: string, children: MenuModule[] = [], extra: Partial<MenuModule> = {}): MenuModule {
  return {
    id: nextId++,
    parentId: 0,
    moduleName: `中文 ${moduleNumber}`,
    moduleNameEn: `English ${moduleNumber}`,
    moduleIcon: '',
    moduleNumber,
    moduleDescription: '',
    moduleType: 'menu',
    sort: 0,
    visible: true,
    children,
    ...extra,
  };
}

const seededMenu = [
  item('group:home', [item('index_traffic'), item('test')]),
  item('group:alarms', [item('actualTimeEvent', [], { moduleDescription: '1,2,1001' }), item('historyEvent')]),
  item('algorithmProduction', [item('algorithmProduction/train')]),
  item('group:devices', [item('edgeDevice/box')]),
];

const allStates: SessionStateName[] = [
  'restoring',
  'anonymous',
  'authenticating',
  'bootstrapping',
  'authenticated',
  'switchingUser',
  'loggingOut',
  'expired',
];

describe('protected routes', () => {
  it('wait while a stored session is restored', () => {
    expect(protectedRouteDecision('restoring', false)).toEqual({ kind: 'wait' });
  });

  it('render while signed in, trying a third-party code, signing out, or showing the expiry message', () => {
    for (const state of ['authenticated', 'switchingUser', 'loggingOut', 'expired'] as const) {
      expect(protectedRouteDecision(state, true), state).toEqual({ kind: 'render' });
    }
  });

  it('wait on the splash when a session expires before its menu loaded', () => {
    expect(protectedRouteDecision('expired', false)).toEqual({ kind: 'wait' });
  });

  it('send everyone without a session to /login', () => {
    for (const state of ['anonymous', 'authenticating', 'bootstrapping'] as const) {
      expect(protectedRouteDecision(state, false), state).toEqual({ kind: 'redirect', to: LOGIN_PATH });
    }
  });

  it('decide something for every session state', () => {
    for (const state of allStates) {
      for (const loaded of [true, false]) expect(protectedRouteDecision(state, loaded).kind).toMatch(/wait|render|redirect/);
    }
  });
});

describe('the login route', () => {
  it('sends a signed-in user to the main menu page', () => {
    expect(loginRouteDecision('authenticated', seededMenu)).toEqual({ kind: 'redirect', to: '/index_traffic' });
    expect(loginRouteDecision('switchingUser', seededMenu)).toEqual({ kind: 'redirect', to: '/index_traffic' });
  });

  it('shows the form to everyone else, and waits while restoring', () => {
    expect(loginRouteDecision('restoring', seededMenu)).toEqual({ kind: 'wait' });
    for (const state of ['anonymous', 'authenticating', 'bootstrapping', 'loggingOut', 'expired'] as const) {
      expect(loginRouteDecision(state, seededMenu), state).toEqual({ kind: 'render' });
    }
  });

  it('sends a signed-in user without any menu to the no-menu page', () => {
    expect(loginRouteDecision('authenticated', [])).toEqual({ kind: 'redirect', to: NO_MENU_PATH });
  });
});

describe('the main menu page (§2: the first menu item, or its first child)', () => {
  it('is the first child of a first group', () => {
    expect(mainPageKey(seededMenu)).toBe('index_traffic');
    expect(mainPagePath(seededMenu)).toBe('/index_traffic');
  });

  it('carries the typeIds of the main menu item', () => {
    expect(mainPagePath([item('actualTimeEvent', [], { moduleDescription: '1,2' })])).toBe('/actualTimeEvent?typeIds=1%2C2');
  });

  it('is the first item when it has no children', () => {
    expect(mainPageKey([item('historyEvent'), item('test')])).toBe('historyEvent');
  });

  it('follows first children down to a route', () => {
    expect(mainPageKey([item('algorithmProduction', [item('algorithmProduction/train')])])).toBe('algorithmProduction/train');
    expect(mainPageKey([item('group:a', [item('group:b', [item('deep')])])])).toBe('deep');
  });

  it('does not exist for an empty menu or an empty group', () => {
    expect(mainPageKey([])).toBeNull();
    expect(mainPageKey([item('group:empty')])).toBeNull();
    expect(mainPagePath(null)).toBe(NO_MENU_PATH);
  });
});

describe('menu helpers', () => {
  it('find an item by route key at any depth', () => {
    expect(findMenuItem(seededMenu, 'edgeDevice/box')?.moduleNameEn).toBe('English edgeDevice/box');
    expect(findMenuItem(seededMenu, 'userConfig')).toBeUndefined();
  });

  it('label items in the UI language', () => {
    const history = findMenuItem(seededMenu, 'historyEvent')!;
    expect(menuLabel(history, 'zh-CN')).toBe('中文 historyEvent');
    expect(menuLabel(history, 'en')).toBe('English historyEvent');
    expect(menuLabel({ ...history, moduleNameEn: '' }, 'en')).toBe('中文 historyEvent');
  });

  it('link to the route with moduleDescription as the typeIds query', () => {
    expect(menuHref(findMenuItem(seededMenu, 'actualTimeEvent')!)).toBe('/actualTimeEvent?typeIds=1%2C2%2C1001');
    expect(menuHref(findMenuItem(seededMenu, 'historyEvent')!)).toBe('/historyEvent');
  });

  it('read the route key of a path', () => {
    expect(routeKeyOf('/edgeDevice/box/')).toBe('edgeDevice/box');
    expect(routeKeyOf('/historyEvent')).toBe('historyEvent');
    expect(routeKeyOf('/%E4%B8%AD')).toBe('中');
    expect(routeKeyOf('/%E4')).toBe('%E4');
  });
});

describe('public routes (§2: open without a token)', () => {
  it('are /login, /thirdLogin, /indexMall, /navigation, /portal, /cooperate and the root', () => {
    for (const path of ['/', '/login', '/thirdLogin', '/indexMall', '/navigation', '/portal', '/cooperate', '/portal/']) {
      expect(isPublicPath(path), path).toBe(true);
    }
  });

  it('do not include any signed-in screen', () => {
    for (const path of ['/historyEvent', '/userConfig', '/layout/historyEvent', '/secondIdentify', '/welcome', '/nope']) {
      expect(isPublicPath(path), path).toBe(false);
    }
  });
});

describe('route access: token + permission flag, with the lenient system route list (§2)', () => {
  // The operator of the demo site: home, alarm center, statistics and the box map.
  const operatorMenu = [
    item('group:home', [item('index_traffic'), item('test')]),
    item('group:alarms', [item('actualTimeEvent'), item('historyEvent')]),
    item('group:devices', [item('boxMap')]), // shown as the parent of a held child
  ];
  const held = ['group:home', 'index_traffic', 'test', 'group:alarms', 'actualTimeEvent', 'historyEvent', 'boxMap'];
  const system = systemRouteList(operatorMenu);
  const entry = (path: string) => flattenRoutes().find((e) => e.path === path)!;

  it('opens a route whose flag the role holds', () => {
    expect(mayOpen(entry('/historyEvent'), held, system)).toBe(true);
    expect(mayOpen(entry('/alarmCenter/historyEvent'), held, system)).toBe(true);
  });

  it('refuses a route whose flag the role lacks and the menu does not show', () => {
    for (const path of ['/userConfig', '/roleConfig', '/deviceConfig', '/config_center/deviceConfig', '/algorithmProduction/train']) {
      expect(mayOpen(entry(path), held, system), path).toBe(false);
    }
  });

  it('opens a route the role does not hold when the server menu lists it (the system route list)', () => {
    const menu = [item('algorithmProduction', [item('algorithmProduction/train')])];
    const onlyChild = ['algorithmProduction/train'];
    expect(systemRouteList(menu)).toEqual(new Set(['algorithmProduction', 'algorithmProduction/train']));
    expect(mayOpen(entry('/algorithmProduction'), onlyChild, systemRouteList(menu))).toBe(true);
    expect(mayOpen(entry('/algorithmProduction'), onlyChild, new Set())).toBe(false);
  });

  it('builds the system route list from route keys only (no groups, nothing outside the table)', () => {
    const menu = [item('group:x', [item('historyEvent'), item('notARoute')])];
    expect(systemRouteList(menu)).toEqual(new Set(['historyEvent']));
  });

  it('opens routes without a flag (layout routes, the no-menu page) and public routes to anyone signed in', () => {
    expect(mayOpen(entry('/welcome'), [], new Set())).toBe(true);
    expect(mayOpen(entry('/alarmCenter'), [], new Set())).toBe(true);
    expect(mayOpen(entry('/cooperate'), [], new Set())).toBe(true);
  });
});
