// Every route of the table opens as the administrator, shows its title and logs no error. The table is walked in
// slices that the workers share (parallel mode): each slice signs in once and visits its routes in order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHELL_ROUTES } from '../support/shellRoutes.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { NAVIGATE } from './support/navigate.ts';
import { ADMIN, signIn } from './support/session.ts';

const zhShell = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/i18n/zh-CN/shell.json'), 'utf8')) as {
  routes: Record<string, string>;
};

const SLICE = 12;
const slices = Array.from({ length: Math.ceil(SHELL_ROUTES.length / SLICE) }, (_, i) => SHELL_ROUTES.slice(i * SLICE, (i + 1) * SLICE));
/**
 * In the page: the animations that run forever (a spinner). Once a screen has loaded none may run: an invisible
 * spinner (rsuite's table loader) restyled every list screen ~35 times a second while idle.
 */
const ENDLESS_ANIMATIONS = `document.getAnimations()
  .filter((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().iterations === Infinity)
  .map((a) => (a.animationName || 'animation') + ' on ' + (a.effect.target ? a.effect.target.className : '?'))`;

const currentCrumb = (page: Page) => page.locator('.shell-breadcrumbs [aria-current="page"]');

test.describe.configure({ mode: 'parallel' });

for (const [index, routes] of slices.entries()) {
  test(`routes ${index * SLICE + 1}–${index * SLICE + routes.length} of ${SHELL_ROUTES.length} open as admin, show their titles and log no error`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    // The base sheet is in every page (scripts/vite/inlineBaseStyle.ts): no screen's chunk may fetch it again.
    const baseSheetRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/style-base-[\w-]+\.css/.test(r.url())) baseSheetRequests.push(`${page.url()}: ${r.url()}`);
    });

    const login = await (await request.post('/api/user/login', { data: { username: 'admin', password: 'Argus@2026' } })).json();
    expect(login.code).toBe(0);
    const nav = await (await request.post('/api/user/nav', { headers: { token: login.token } })).json();
    const menuNames = new Map<string, string>();
    const walk = (items: { moduleNumber: string; moduleName: string; children: unknown[] }[]) => {
      for (const item of items) {
        if (!menuNames.has(item.moduleNumber)) menuNames.set(item.moduleNumber, item.moduleName);
        walk(item.children as typeof items);
      }
    };
    walk(nav.data.menuList);

    await signIn(page, ADMIN, { path: routes[0].path });

    let inMainFrame = false;
    for (const route of routes) {
      await test.step(route.path, async () => {
        // A screen of the main frame is opened as its menu item opens it (inside the loaded console, which loads the
        // screen's chunk); the others, and the first of each slice, by a full page load (a deep link).
        if (route.layout === 'main' && route !== routes[0] && inMainFrame) await page.evaluate(NAVIGATE(route.path));
        else await page.goto(route.path);
        inMainFrame = route.layout === 'main';
        const title = zhShell.routes[route.titleKey];
        const named = menuNames.get(route.path.slice(1)) ?? title;
        switch (route.layout) {
          case 'redirect':
            await expect(page).not.toHaveURL(new RegExp(`${route.path}$`));
            break;
          case 'public':
            if (route.path === '/login' || route.path === '/thirdLogin') await expect(page).toHaveURL(/\/index_traffic$/);
            else await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
            break;
          case 'main':
            await expect(currentCrumb(page)).toHaveText(route.path === '/welcome' ? title : named);
            break;
          default: // no breadcrumbs outside the main layout: the screen shows its title
            await expect(page.getByText(named, { exact: true }).first()).toBeVisible();
        }
        expect(await page.locator('style[data-sheet="style-base"]').count(), `${route.path}: the base sheet is in the page once`).toBe(1);
        await expect.poll(() => page.evaluate(ENDLESS_ANIMATIONS), { message: `${route.path}: nothing turns once loaded` }).toEqual([]);
      });
    }
    expect(errors).toEqual([]);
    expect(baseSheetRequests).toEqual([]);
  });
}
