// Issue 9, item 4: a route loads its i18n namespaces with its screen, so /login fetches only the base catalogues
// and its own. The route table's lists are checked against what the code uses (scripts/i18nUsage.ts reads each
// screen's module graph); withNamespaces is checked to hold the screen back until its catalogues are there.
import { createInstance, type BackendModule } from 'i18next';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { BASE_NAMESPACES, SHELL_NAMESPACES, withNamespaces } from '../../src/i18n/routeNamespaces.ts';
import { flattenRoutes, type RouteEntry, routeTable } from '../../src/routes.ts';
import { moduleClosure, namespacesOfModule, namespacesUsed } from '../../scripts/i18nUsage.ts';

/** The screen module a loader imports (the loader's own text names it). */
function screenFile(entry: RouteEntry): string {
  const match = /['"]([^'"]*screens\/[^'"]+\.tsx)['"]/.exec(String(entry.screen));
  if (!match) throw new Error(`no screen module found in the loader of ${entry.id}: ${String(entry.screen)}`);
  return `src/screens/${match[1].split('screens/').at(-1)}`;
}

const withScreens = flattenRoutes().filter((entry) => entry.screen);
const without = (used: string[], ...loaded: (readonly string[])[]) => used.filter((ns) => !loaded.some((list) => list.includes(ns)));

describe('route namespaces', () => {
  it('finds the screen module of every routed screen', () => {
    expect(withScreens.length).toBeGreaterThan(40);
    for (const entry of withScreens) expect(moduleClosure(screenFile(entry)).size, entry.id).toBeGreaterThan(0);
  });

  it('each route names every namespace its screen uses beyond the base (and the shell behind sign-in)', () => {
    for (const entry of withScreens) {
      const around = entry.public ? [] : [...SHELL_NAMESPACES];
      const missing = without(namespacesOfModule(screenFile(entry)), BASE_NAMESPACES, around, entry.namespaces ?? []);
      expect(missing, `${entry.id} uses namespaces its route entry does not name`).toEqual([]);
    }
  });

  it('each route names only namespaces its screen uses (lists stay current)', () => {
    for (const entry of withScreens) {
      const used = namespacesOfModule(screenFile(entry));
      const extra = (entry.namespaces ?? []).filter((ns) => !used.includes(ns));
      expect(extra, `${entry.id} names namespaces its screen does not use`).toEqual([]);
    }
  });

  it('the boot needs only the base namespaces and the signed-in shell only its own', () => {
    const bootStatic = moduleClosure('src/main.tsx', new Set(), { dynamic: false });
    expect(without([...namespacesUsed(bootStatic)], BASE_NAMESPACES)).toEqual([]);
    for (const layout of ['src/app/ProtectedLayout.tsx', 'src/app/layouts/MainLayout.tsx', 'src/app/layouts/FlexLayout.tsx', 'src/screens/shell/NotFoundScreen.tsx']) {
      expect(without(namespacesOfModule(layout), BASE_NAMESPACES, SHELL_NAMESPACES), layout).toEqual([]);
    }
  });

  it('/login loads only common, errors and auth', () => {
    const login = routeTable.find((entry) => entry.id === 'login')!;
    expect(new Set([...BASE_NAMESPACES, ...(login.namespaces ?? [])])).toEqual(new Set(['common', 'errors', 'auth']));
  });
});

describe('withNamespaces', () => {
  /** An i18next instance whose catalogue reads wait until the test releases them. */
  function deferredI18n(fail = false) {
    const pending: (() => void)[] = [];
    const backend: BackendModule = {
      type: 'backend',
      init() {},
      read(language, namespace, done) {
        pending.push(() => (fail ? done(new Error('offline'), false) : done(null, { hello: `${namespace} in ${language}` })));
      },
    };
    const instance = createInstance();
    void instance.use(backend).init({ lng: 'en', fallbackLng: false, ns: [], initAsync: false });
    return { instance, release: () => {
        for (const go of pending.splice(0)) go();
      }, pendingCount: () => pending.length };
  }

  it('resolves with the module only once its namespaces are loaded', async () => {
    const { instance, release, pendingCount } = deferredI18n();
    let resolved = false;
    const loading = withNamespaces(async () => ({ default: 'screen' }), ['alarms', 'system'], instance).then((m) => {
      resolved = true;
      return m;
    });
    await expect.poll(pendingCount).toBe(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(resolved).toBe(false);
    release();
    expect(await loading).toEqual({ default: 'screen' });
    expect(instance.hasLoadedNamespace('alarms')).toBe(true);
    expect(instance.getResource('en', 'system', 'hello')).toBe('system in en');
  });

  it('does not hold the screen back when a catalogue fails to load', async () => {
    const { instance, release, pendingCount } = deferredI18n(true);
    const loading = withNamespaces(async () => 'screen', ['devices'], instance);
    await expect.poll(pendingCount).toBeGreaterThan(0);
    release();
    // i18next retries a failed read a few times; each retry is released as it comes.
    const timer = setInterval(release, 5);
    try {
      expect(await loading).toBe('screen');
    } finally {
      clearInterval(timer);
    }
  });

  it('names only namespaces that exist', () => {
    for (const entry of flattenRoutes()) for (const ns of entry.namespaces ?? []) expect(NAMESPACES, entry.id).toContain(ns);
  });
});
