// Issue 9, item 5: a page per route names the route's code in its head, so the browser fetches it while it parses
// the page instead of after the boot script asked for it. Every route of the table resolves to its screen module;
// a route's files are its layouts' and screen's static closure less what the boot's page already names.
// @vitest-environment node
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Manifest, pageFile, pageHtml, routeAssets, routeCatalogues, routeModules, screenModule } from '../../scripts/vite/routePages.ts';
import { flattenRoutes } from '../../src/routes.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js'], css: ['assets/style-base-1.css'] },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  'src/app/ProtectedLayout.tsx': { file: 'assets/ProtectedLayout-1.js', imports: ['_vendor-1.js', '_shell-1.js'] },
  '_shell-1.js': { file: 'assets/shell-1.js', css: ['assets/style-shell-1.css'] },
  'src/app/layouts/MainLayout.tsx': { file: 'assets/MainLayout-1.js', imports: ['_shell-1.js'] },
  'src/app/layouts/FlexLayout.tsx': { file: 'assets/FlexLayout-1.js' },
  'src/screens/alarms/HistoryEventScreen.tsx': { file: 'assets/History-1.js', imports: ['_table-1.js'], css: ['assets/alarms-1.css'] },
  '_table-1.js': { file: 'assets/table-1.js', imports: ['_vendor-1.js'], css: ['assets/table-1.css'] },
  'src/screens/auth/LoginScreen.tsx': { file: 'assets/Login-1.js', imports: ['_vendor-1.js'] },
  '_i18n-zh-CN-1.js': { file: 'assets/i18n-zh-CN-1.js', name: 'i18n-zh-CN' },
  '_i18n-en-1.js': { file: 'assets/i18n-en-1.js', name: 'i18n-en' },
  'src/i18n/zh-CN/alarms.json': { file: 'assets/alarms-zh-1.js' },
  'src/i18n/en/alarms.json': { file: 'assets/alarms-en-1.js' },
  'src/i18n/zh-CN/auth.json': { file: 'assets/auth-zh-1.js' },
};
const rule = { language: 'zh-CN', base: ['common', 'errors'], shell: ['shell'] };

describe('route pages', () => {
  it('finds the screen module of every route in the table', () => {
    for (const entry of flattenRoutes()) {
      if (!entry.screen) continue;
      const module = screenModule(entry.screen);
      expect(existsSync(module), `${entry.path} → ${module}`).toBe(true);
    }
    expect(() => screenModule(() => null)).toThrow(/does not name its module/);
  });

  it('loads the protected layout and the layout of the route before a signed-in screen, nothing before a public one', () => {
    // Loaders as the table writes them (their source is what the plugin reads).
    const loader = (module: string) => Object.assign(() => null, { toString: () => `() => import('./${module}')` });
    const fromSrc = [
      { path: '/historyEvent', layout: 'main', screen: loader('screens/alarms/HistoryEventScreen.tsx') },
      { path: '/login', layout: 'none', public: true, screen: loader('screens/auth/LoginScreen.tsx') },
      { path: '/alarmCenter', layout: 'main', redirect: '/historyEvent' },
    ];
    expect(routeModules(fromSrc[0], fromSrc)).toEqual(['src/app/ProtectedLayout.tsx', 'src/app/layouts/MainLayout.tsx', 'src/screens/alarms/HistoryEventScreen.tsx']);
    expect(routeModules(fromSrc[1], fromSrc)).toEqual(['src/screens/auth/LoginScreen.tsx']);
    expect(routeModules(fromSrc[2], fromSrc)).toEqual(routeModules(fromSrc[0], fromSrc));
  });

  it("names each file of a route's closure once, without what the boot's page names", () => {
    const assets = routeAssets(manifest, ['src/app/ProtectedLayout.tsx', 'src/app/layouts/MainLayout.tsx', 'src/screens/alarms/HistoryEventScreen.tsx']);
    expect(assets.js).toEqual(['assets/ProtectedLayout-1.js', 'assets/shell-1.js', 'assets/MainLayout-1.js', 'assets/History-1.js', 'assets/table-1.js']);
    expect(assets.css).toEqual(['assets/style-shell-1.css', 'assets/alarms-1.css', 'assets/table-1.css']);
    expect(() => routeAssets(manifest, ['src/screens/Missing.tsx'])).toThrow(/not in the build's manifest/);
  });

  it('announces scripts as module preloads and sheets as style preloads at the end of the head', () => {
    const html = '<!doctype html>\n<html>\n  <head>\n    <title>Argus</title>\n  </head>\n  <body></body>\n</html>\n';
    const page = pageHtml(html, '/', { js: ['assets/a.js'], css: ['assets/b.css'] });
    expect(page).toContain('    <link rel="modulepreload" crossorigin href="/assets/a.js">\n    <link rel="preload" as="style" crossorigin href="/assets/b.css">\n  </head>');
    expect(pageHtml(html, '/', { js: ['assets/"x.js'], css: [] })).toContain('href="/assets/&quot;x.js"');
    expect(() => pageHtml('<html></html>', '/', { js: [], css: [] })).toThrow();
  });

  it("names the route's catalogues in the default language: the base chunk, then the route's own namespaces", () => {
    const loader = Object.assign(() => null, { toString: () => "() => import('./screens/x/X.tsx')" });
    const routes = [
      { path: '/historyEvent', layout: 'main', screen: loader, namespaces: ['alarms', 'common'] },
      { path: '/login', layout: 'none', public: true, screen: loader, namespaces: ['auth'] },
      { path: '/alarmCenter', layout: 'main', redirect: '/historyEvent' },
      { path: '/broken', layout: 'main', screen: loader, namespaces: ['video'] },
    ];
    expect(routeCatalogues(manifest, routes[0], routes, rule)).toEqual(['assets/i18n-zh-CN-1.js', 'assets/alarms-zh-1.js']);
    expect(routeCatalogues(manifest, routes[1], routes, rule)).toEqual(['assets/i18n-zh-CN-1.js', 'assets/auth-zh-1.js']);
    expect(routeCatalogues(manifest, routes[2], routes, rule)).toEqual(routeCatalogues(manifest, routes[0], routes, rule));
    expect(routeCatalogues(manifest, routes[0], routes, { ...rule, language: 'en' })).toEqual(['assets/i18n-en-1.js', 'assets/alarms-en-1.js']);
    // A namespace with no chunk of its own, in a build with no base chunk for the language: named, not skipped.
    expect(() => routeCatalogues(manifest, routes[3], routes, { ...rule, language: 'fr' })).toThrow(/catalogue fr\/common is in no chunk/);
  });

  it('announces config.json as a fetch preload, before the scripts', () => {
    const html = '<html>\n<head>\n</head>\n</html>';
    const page = pageHtml(html, '/console/', { fetch: ['config.json'], js: ['assets/a.js'], css: [] });
    expect(page).toContain('<link rel="preload" as="fetch" crossorigin href="/console/config.json">\n  <link rel="modulepreload" crossorigin href="/console/assets/a.js">');
  });

  it('names page files after the path', () => {
    expect(pageFile('/historyEvent')).toBe('pages/historyEvent.html');
    expect(pageFile('/alarmCenter/actualTimeEvent')).toBe('pages/alarmCenter~actualTimeEvent.html');
  });
});
