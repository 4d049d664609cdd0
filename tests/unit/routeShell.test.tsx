// The router, layouts and guards rendered in jsdom around a session whose effects are fakes, with the server
// answered by a fetch stub: the main layout and its breadcrumbs, the permission guard, the aliases and extra
// route sets, the keep-alive screen, the white body and the custom skin, public pages, the licence dialog.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MenuModule, SystemConfig } from '../../src/api/types.ts';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { BrowserWarning } from '../../src/app/dialogs/BrowserWarning.tsx';
import { appRoutes } from '../../src/app/router.tsx';
import { setupI18n } from '../../src/i18n/setup.ts';
import { flattenRoutes } from '../../src/routes.ts';
import { type Bootstrap, type LoginRequest, type SignedIn, sessionMachine } from '../../src/machines/session.machine.ts';
import { bootstrap as harnessBootstrap, signedIn, stored, systemConfig } from '../machines/sessionHarness.ts';

// The server, as far as the shell asks it: answers by path, set per test.
const server = vi.hoisted(() => {
  const state = { licence: 'valid' as 'valid' | 'expired', noMoreShow: '1', calls: [] as string[] };
  const envelope = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { headers: { 'Content-Type': 'application/json' } });
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const url = new URL(request.url);
    const body = request.method === 'GET' ? '' : await request.text();
    state.calls.push(`${request.method} ${url.pathname}${url.search}${body ? ` ${body}` : ''}`);
    if (url.pathname === '/licence/info') {
      return envelope({ status: state.licence, company: 'Demo', expireTime: '2025-01-01 00:00:00', machineCode: 'M', maxCameras: 1, modules: [] });
    }
    if (url.pathname === '/config/getTitle') {
      return envelope({ type: 'text', desc: '', imageBig: '', imageLittle: '', systemName: 'Argus Test Site' });
    }
    if (url.pathname === '/CityConfig/getConfigByKey') return envelope({ key: 'noMoreShow', value: state.noMoreShow });
    return envelope(null);
  }) as typeof fetch;
  return state;
});

let nextId = 100;
function item(moduleNumber: string, nameEn: string, children: MenuModule[] = [], moduleDescription = ''): MenuModule {
  return {
    id: nextId++,
    parentId: 0,
    moduleName: nameEn,
    moduleNameEn: nameEn,
    moduleIcon: moduleNumber.startsWith('group:') ? 'bell' : '',
    moduleNumber,
    moduleDescription,
    moduleType: 'menu',
    sort: 0,
    visible: true,
    children,
  };
}

// Two main-layout screens of the table, used for the shell around them (their own content is tested elsewhere): the
// first is titled by the menu, the second only lends its key to a menu entry.
const english = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/i18n/en/shell.json'), 'utf8')) as {
  routes: Record<string, string>;
};
const first = flattenRoutes().find((entry) => entry.path === '/synchroModelInfo')!;
const firstKey = first.path.slice(1);
const secondKey = 'videoPlayCenter';

const adminMenu = [
  item('group:home', 'Home', [item('index_traffic', 'Traffic home')]),
  item('group:work', 'Work areas', [item(firstKey, 'First screen', [], '1,2'), item(secondKey, 'Second screen')]),
  item('group:system', 'System', [item('userConfig', 'Users')]),
];
const adminButtons = [
  ...['index_traffic', firstKey, secondKey, 'userConfig', 'deviceConfigOfflineEventThird', 'secondIdentify'],
  ...['deviceConfigOfflineEventWhite', 'taskConfigThirdWhite', 'algorithmConfig'],
];
const operatorMenu = adminMenu.slice(0, 2);
const operatorButtons = ['index_traffic', firstKey, secondKey];

function start(path: string, options: { signedIn?: boolean; menu?: MenuModule[]; buttons?: string[]; config?: Partial<SystemConfig> } = {}) {
  const bootstrap: Bootstrap = {
    ...harnessBootstrap,
    menuList: options.menu ?? adminMenu,
    buttonList: options.buttons ?? adminButtons,
    systemConfig: { ...systemConfig, assistantUrl: '/assistant/index.html', assistantServiceId: 'svc-1', ...options.config },
  };
  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise<SignedIn, LoginRequest>(async () => signedIn),
        loadBootstrap: fromPromise<Bootstrap, SignedIn>(async () => bootstrap),
        logout: fromPromise<void, SignedIn>(async () => {}),
      },
    }),
    { input: { stored: options.signedIn === false ? null : stored } },
  ).start();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { session, router };
}

const current = () => document.querySelector('.shell-breadcrumbs [aria-current="page"]')?.textContent;

beforeAll(async () => {
  // rsuite's responsive helpers need matchMedia, which jsdom lacks.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  await setupI18n('en');
});

afterEach(() => {
  cleanup();
  server.licence = 'valid';
  server.noMoreShow = '1';
  server.calls.length = 0;
});

describe('the main layout', () => {
  it('shows the menu, the breadcrumbs from the menu, and the screen', async () => {
    start(`/${firstKey}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'First screen' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Menu' })).toBeTruthy();
    expect(current()).toBe('First screen');
    expect(screen.getByRole('navigation', { name: 'You are here' }).textContent).toContain('Work areas');
    expect(screen.getByText('v1')).toBeTruthy(); // the version title from the system config
  });

  it('puts a menu group’s entries in the page only once it is open or holds the current screen', async () => {
    start(`/${firstKey}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'First screen' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    // The current screen's group has its entries; the others have none until opened.
    expect(within(menu).getByText('Second screen')).toBeTruthy();
    expect(within(menu).queryByText('Traffic home')).toBeNull();
    expect(within(menu).queryByText('Users')).toBeNull();
    fireEvent.click(within(menu).getByText('System'));
    expect(await within(menu).findByText('Users')).toBeTruthy();
    expect(within(menu).queryByText('Traffic home')).toBeNull();
  });

  it('selects the current menu item by typeIds and shows them', async () => {
    start(`/${firstKey}?typeIds=1,2`);
    expect(await screen.findByRole('heading', { level: 1, name: 'First screen' })).toBeTruthy();
    expect(current()).toBe('First screen');
  });

  it('titles a route the menu does not hold by its own title', async () => {
    start(`/${firstKey}`, { menu: adminMenu.slice(0, 1) });
    expect(await screen.findByRole('heading', { level: 1, name: english.routes[first.titleKey] })).toBeTruthy();
    expect(current()).toBe(english.routes[first.titleKey]);
  });

  it('sends /alarmCenter and /config_center to their first child', async () => {
    const alarms = start('/alarmCenter', { buttons: [] });
    await waitFor(() => expect(alarms.router.state.location.pathname).toBe('/alarmCenter/actualTimeEvent'));
    cleanup();
    const config = start('/config_center', { buttons: [] });
    await waitFor(() => expect(config.router.state.location.pathname).toBe('/config_center/algorithmConfig'));
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
  });

  it('keeps /layout/<key> working as an alias of /<key>', async () => {
    const { router } = start(`/layout/${firstKey}?typeIds=3`);
    await screen.findByRole('heading', { level: 1, name: 'First screen' });
    expect(router.state.location.pathname).toBe(`/${firstKey}`);
    expect(router.state.location.search).toBe('?typeIds=3');
  });

  it('says so for a path no route serves', async () => {
    start('/noSuchScreen');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('offers the assistant, whose panel frames the agent page with the service id, sandboxed', async () => {
    start('/welcome');
    fireEvent.click(await screen.findByRole('button', { name: 'Open the assistant' }));
    const frame = screen.getByTitle('Intelligent agent chat page') as HTMLIFrameElement;
    expect(frame.src).toMatch(/\/assistant\/index\.html\?serviceId=svc-1&lang=en$/);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    fireEvent.click(screen.getByRole('button', { name: 'Close window' }));
    expect(document.getElementById('assistant-panel')?.hidden).toBe(true);
    expect(screen.getByRole('button', { name: 'Open the assistant' })).toBeTruthy();
  });
});

describe('the permission guard', () => {
  it('refuses a route the role does not hold and the menu does not show', async () => {
    start('/userConfig', { menu: operatorMenu, buttons: operatorButtons });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    expect(screen.getByText('Your role has no permission for “User management”. Ask an administrator if you need it.')).toBeTruthy();
  });

  it('sends a visitor without a session to /login, from any signed-in path', async () => {
    const { router } = start('/userConfig', { signedIn: false });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('layouts of the top-level and white routes', () => {
  it('normal skin: /secondIdentify stands alone with the white body style', async () => {
    start('/secondIdentify');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fine-grained training (second identify)' })).toBeTruthy();
    expect(document.querySelector('.shell-header')).toBeNull();
    // The body style is applied by an effect once the route is resolved, which may follow the heading's render.
    await waitFor(() => expect(document.body.classList.contains('argus-body-white')).toBe(true));
  });

  it('custom skin: /secondIdentify opens in the white layout, and the body is the skin’s', async () => {
    start('/secondIdentify', { config: { skin: 'custom' } });
    await screen.findByRole('heading', { level: 1, name: 'Fine-grained training (second identify)' });
    expect(document.querySelector('.white-layout .shell-header')).toBeTruthy();
    await waitFor(() => expect(document.body.classList.contains('argus-skin-custom')).toBe(true));
    expect(document.body.classList.contains('argus-body-white')).toBe(false);
  });

  it('the white body style goes when the route changes', async () => {
    const { router } = start('/secondIdentify');
    await screen.findByRole('heading', { level: 1, name: 'Fine-grained training (second identify)' });
    await act(() => router.navigate('/welcome'));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, 管理员' });
    expect(document.body.classList.contains('argus-body-white')).toBe(false);
  });

  it('keeps the offline-event-third screen mounted while elsewhere (§4 cached page)', async () => {
    const { router } = start('/deviceConfigOfflineEventThird');
    // Loaded: the screen itself, not the loading splash, fills the kept-alive slot.
    await waitFor(() => {
      const slot = document.querySelector('[data-keep-alive="deviceConfigOfflineEventThird"]');
      expect(slot?.firstElementChild && !slot.querySelector('.boot-splash')).toBeTruthy();
    });
    const kept = document.querySelector('[data-keep-alive="deviceConfigOfflineEventThird"]') as HTMLElement;
    const content = kept.firstElementChild;
    expect(kept.hidden).toBe(false);
    await act(() => router.navigate('/welcome'));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, 管理员' });
    expect(kept.isConnected).toBe(true);
    expect(kept.hidden).toBe(true);
    await act(() => router.navigate('/deviceConfigOfflineEventThird'));
    await waitFor(() => expect(kept.hidden).toBe(false));
    expect(document.querySelector('[data-keep-alive="deviceConfigOfflineEventThird"]')).toBe(kept);
    expect(kept.firstElementChild).toBe(content); // the same screen, never unmounted
  });
});

describe('public pages', () => {
  it('open without a session: the cooperation form checks its fields', async () => {
    start('/cooperate', { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Send the application' }));
    expect(screen.getByText('Enter the company name')).toBeTruthy();
    expect(screen.getByText('Enter a phone number')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '+86 1' } });
    expect(screen.getByText('The phone number may hold digits and hyphens only')).toBeTruthy();
  });

  it('the navigation page links every console area and the login', async () => {
    start('/navigation', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Navigation' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Open' })).toHaveLength(9);
    expect(screen.getAllByRole('link', { name: 'Sign in to the console' }).length).toBeGreaterThan(0);
  });
});

describe('the licence check', () => {
  it('shows the expired-licence dialog with its expiry time and one confirm button', async () => {
    server.licence = 'expired';
    sessionStorage.clear();
    vi.resetModules(); // the check runs once per page: a fresh copy of the route modules
    const { appRoutes: freshRoutes } = await import('../../src/app/router.tsx');
    const { AppProviders: FreshProviders } = await import('../../src/app/AppProviders.tsx');
    const session = createActor(sessionMachine, { input: { stored: null } }).start();
    render(
      <FreshProviders session={session}>
        <RouterProvider router={createMemoryRouter(freshRoutes, { initialEntries: ['/portal'] })} />
      </FreshProviders>,
    );
    // The check is asked once the page has shown (LicenceCheck's CHECK_DELAY_MS).
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('The system licence has expired.');
    expect(dialog.textContent).toContain('Expired on: 2025-01-01 00:00:00');
    expect(screen.getAllByRole('button').filter((b) => dialog.contains(b))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sessionStorage.getItem('argus.licenceExpiredSeen')).toBe('1');
  });
});

describe('the non-Chrome warning', () => {
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

  it('names the browser, recommends Chrome, and remembers "do not show again" on the server', async () => {
    server.noMoreShow = '0';
    sessionStorage.clear();
    render(<BrowserWarning userAgent={firefox} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Browser notice' });
    expect(dialog.textContent).toContain('You are using Firefox. Chrome is recommended: in other browsers some functions may not work properly.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Do not show again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(server.calls).toContain('PUT /CityConfig/updateConfig {"key":"noMoreShow","value":"1"}'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('stays quiet when the user said so before, and in Chrome', async () => {
    sessionStorage.clear();
    render(<BrowserWarning userAgent={firefox} />);
    await waitFor(() => expect(server.calls).toContain('GET /CityConfig/getConfigByKey?key=noMoreShow'));
    render(<BrowserWarning userAgent="Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.calls.filter((call) => call.includes('CityConfig'))).toHaveLength(1);
  });
});
