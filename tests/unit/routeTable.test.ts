// The route table (src/routes.ts) against spec §2 and the server's menu: every route is there with a title in
// both languages, a permission flag, a layout and a screen; the two router sets differ where documented.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { menuTree, type SeedModule } from '../../server/db/seed/menuTree.ts';
import { SHELL_ROUTES } from '../support/shellRoutes.ts';
import { aliasTarget, flattenRoutes, permissionKeys, routerSet, routeTable, skinOf } from '../../src/routes.ts';

const catalogue = (language: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../src/i18n/${language}/shell.json`), 'utf8')) as {
    routes: Record<string, string>;
    areas: Record<string, { name: string; delivered: string }>;
  };

const all = flattenRoutes();

describe('the route table', () => {
  it('holds every route of spec §2 (the list the browser test visits), and nothing else', () => {
    const paths = [...new Set(all.map((entry) => entry.path))];
    expect(paths.sort()).toEqual(SHELL_ROUTES.map((route) => route.path).sort());
  });

  it('titles and lays out each route as the browser test expects', () => {
    const normal = routerSet('normal');
    for (const route of SHELL_ROUTES) {
      const served = normal.get(route.path)!;
      expect(served.entry.titleKey, route.path).toBe(route.titleKey);
      const layout = served.entry.redirect ? 'redirect' : served.entry.public ? 'public' : served.layout;
      expect(layout, route.path).toBe(route.layout);
    }
  });

  it('has unique ids, and one path per id', () => {
    const ids = all.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every route a title in both languages', () => {
    for (const language of ['zh-CN', 'en']) {
      const { routes } = catalogue(language);
      expect(all.filter((entry) => !routes[entry.titleKey]).map((entry) => entry.id), language).toEqual([]);
    }
  });

  it('gives every route a screen or a redirect, and every later screen an area with its text', () => {
    expect(all.filter((entry) => !entry.screen && !entry.redirect).map((entry) => entry.id)).toEqual([]);
    const { areas } = catalogue('en');
    for (const entry of all.filter((e) => e.area)) expect(areas[entry.area!]?.delivered, entry.id).toMatch(/delivered by the/);
  });

  it('gives every route a screen of its own: no placeholder page is left (issues 10, 11 and 12 delivered the last)', () => {
    expect(existsSync(join(import.meta.dirname, '../../src/screens/shell/PlaceholderScreen.tsx'))).toBe(false);
    expect(all.filter((entry) => entry.screen && /Placeholder/.test(String(entry.screen))).map((entry) => entry.id)).toEqual([]);
  });

  it('flags every signed-in screen with its module number (the route key), and no public route', () => {
    const screens = all.filter((entry) => !entry.public && !entry.redirect && entry.id !== 'welcome');
    expect(screens.filter((entry) => !entry.permission).map((entry) => entry.id)).toEqual([]);
    for (const entry of screens.filter((e) => !e.path.startsWith('/alarmCenter/') && !e.path.startsWith('/config_center/'))) {
      expect(entry.permission, entry.id).toBe(entry.path.slice(1));
    }
    expect(routeTable.find((e) => e.id === 'alarmCenter')?.children?.map((c) => c.permission)).toEqual(['actualTimeEvent', 'historyEvent']);
    expect(all.filter((entry) => entry.public && entry.permission)).toEqual([]);
  });

  it('has a route for every route module of the server menu, and a flag for each', () => {
    const keys: string[] = [];
    const walk = (modules: SeedModule[]) => {
      for (const module of modules) {
        if (!module.number.startsWith('group:') && module.type !== 'button') keys.push(module.number);
        walk(module.children ?? []);
      }
    };
    walk(menuTree);
    const flags = permissionKeys();
    expect(keys.filter((key) => !flags.has(key))).toEqual([]);
  });

  it('marks the public routes of §2', () => {
    const publicPaths = all.filter((entry) => entry.public).map((entry) => entry.path);
    expect(publicPaths.sort()).toEqual(['/', '/cooperate', '/indexMall', '/login', '/navigation', '/portal', '/thirdLogin']);
  });

  it('keeps the offline-event-third screen alive (§4 cached page list)', () => {
    expect(all.filter((entry) => entry.keepAlive).map((entry) => entry.path)).toEqual(['/deviceConfigOfflineEventThird']);
  });
});

describe('the router sets', () => {
  const normal = routerSet('normal');
  const custom = routerSet('custom');

  it('serve one route per URL, every URL of the table in both sets', () => {
    const paths = new Set(all.map((entry) => entry.path));
    expect([...normal.keys()].sort()).toEqual([...paths].sort());
    expect([...custom.keys()].sort()).toEqual([...paths].sort());
  });

  it('default set: /secondIdentify stands alone; the two named routes get the white body', () => {
    expect(normal.get('/secondIdentify')).toMatchObject({ layout: 'none', whiteBody: true });
    expect(normal.get('/secondIdentify')?.entry.id).toBe('secondIdentify');
    expect(normal.get('/deviceConfigOfflineEventWhite')).toMatchObject({ layout: 'white', whiteBody: true });
    expect(normal.get('/taskConfigThirdWhite')).toMatchObject({ layout: 'white', whiteBody: false });
    expect([...normal.values()].filter((r) => r.whiteBody).map((r) => r.entry.path).sort()).toEqual([
      '/deviceConfigOfflineEventWhite',
      '/secondIdentify',
    ]);
  });

  it('custom-skin set: the showcase routes open in the white layout and no route changes the body', () => {
    expect(custom.get('/secondIdentify')).toMatchObject({ layout: 'white', whiteBody: false });
    expect(custom.get('/secondIdentify')?.entry.id).toBe('layoutWhite/secondIdentify');
    for (const path of ['/deviceConfigOfflineEventWhite', '/taskConfigThirdWhite']) expect(custom.get(path)?.layout, path).toBe('white');
    expect([...custom.values()].filter((r) => r.whiteBody)).toEqual([]);
  });

  it('agree everywhere else', () => {
    const differing = [...normal.keys()].filter((path) => normal.get(path)?.layout !== custom.get(path)?.layout);
    expect(differing).toEqual(['/secondIdentify']);
    expect(normal.get('/historyEvent')?.layout).toBe('main');
    expect(normal.get('/deviceConfigOfflineEventThird')?.layout).toBe('none');
  });

  it('the skin comes from the system config, normal unless it says custom', () => {
    expect(skinOf('custom')).toBe('custom');
    for (const value of ['normal', '', undefined, 'CUSTOM', 3]) expect(skinOf(value)).toBe('normal');
  });
});

describe('layout aliases', () => {
  it('/layout/<key> and /layoutWhite/<key> lead to /<key>', () => {
    expect(aliasTarget('/layout/historyEvent')).toBe('/historyEvent');
    expect(aliasTarget('/layout/edgeDevice/box')).toBe('/edgeDevice/box');
    expect(aliasTarget('/layoutWhite/deviceConfigOfflineEventWhite')).toBe('/deviceConfigOfflineEventWhite');
    expect(aliasTarget('/layout')).toBe('/');
    expect(aliasTarget('/layoutWhiteX/a')).toBeNull();
    expect(aliasTarget('/historyEvent')).toBeNull();
  });
});
