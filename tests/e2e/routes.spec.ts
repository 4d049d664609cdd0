// The routes of the table that the route walk (routeWalk.spec.ts) does not open, because they do not stay put for a
// signed-in administrator: the redirects go where they lead, and the sign-in pages lead to the home screen. The walk
// checks every other route (its title, no error logged, the base sheet, nothing turning once loaded).
import { SHELL_ROUTES } from '../support/shellRoutes.ts';
import { expect, test } from './support/fixtures.ts';
import { collectErrors } from './support/routeChecks.ts';
import { ADMIN, signIn } from './support/session.ts';

const NOT_WALKED = SHELL_ROUTES.filter((route) => route.layout === 'redirect' || /^\/(login|thirdLogin)$/.test(route.path));

test(`the ${NOT_WALKED.length} routes that lead elsewhere lead there for a signed-in administrator, logging no error`, async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, ADMIN, { path: null });
  expect(NOT_WALKED.map((route) => route.path)).toEqual(['/', '/login', '/thirdLogin', '/alarmCenter', '/config_center']);
  for (const route of NOT_WALKED) {
    await test.step(route.path, async () => {
      await page.goto(route.path);
      if (route.layout === 'public') await expect(page).toHaveURL(/\/index_traffic$/);
      else await expect(page).not.toHaveURL(new RegExp(`${route.path}$`));
      await expect(page.locator('.shell-breadcrumbs [aria-current="page"]')).not.toHaveText('');
    });
  }
  expect(errors).toEqual([]);
});
