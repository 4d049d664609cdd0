// Signing in and out of the real console against the real server (demo site seeded on a fresh database).
import { expect, type Page, test } from './support/fixtures.ts';
import { marksOf, recordMarks } from './support/messageMarks.ts';
import { openBlank } from './support/session.ts';

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByLabel('密码').press('Enter');
}

test('a wrong password shows the server message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty(); // the system name from getTitle
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();

  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill('not-the-password');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('用户名或密码错误');
  await expect(page).toHaveURL(/\/login$/);
});

test('admin signs in, reads the menu in English after switching, and logs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'admin', 'Argus@2026');

  // The main menu page is the first menu item's first child.
  await expect(page).toHaveURL(/\/index_traffic$/);
  await expect(page.getByRole('heading', { level: 1, name: '交通首页' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: '菜单' });
  await expect(menu.getByText('系统管理')).toBeVisible();
  await menu.getByRole('button', { name: '告警中心' }).click(); // menu groups fold; the current one is open
  await expect(menu.getByRole('link', { name: '历史事件' })).toBeVisible();

  // Signed in, /login leads back to the main page.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/index_traffic$/);

  // The language changes in place from the user menu (the marker survives: no reload) and stays after a reload.
  await page.evaluate(() => Object.assign(globalThis, { argusNoReloadMarker: true }));
  await page.getByRole('button', { name: '系统管理员' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  const englishMenu = page.getByRole('navigation', { name: 'Menu' });
  await expect(englishMenu.getByRole('button', { name: 'Alarm center' })).toBeVisible();
  expect(await page.evaluate(() => 'argusNoReloadMarker' in globalThis)).toBe(true);
  await page.reload();
  await expect(englishMenu.getByRole('button', { name: 'Alarm center' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // The menu leads to the screen, named in the breadcrumbs.
  await englishMenu.getByRole('button', { name: 'Alarm center' }).click();
  await englishMenu.getByRole('link', { name: 'History events' }).click();
  await expect(page).toHaveURL(/\/historyEvent$/);
  await expect(page.locator('.shell-breadcrumbs [aria-current="page"]')).toHaveText('History events');

  // The seeded administrator's name is answered in the reader's language too.
  await page.getByRole('button', { name: 'System administrator' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.goto('/historyEvent');
  await expect(page).toHaveURL(/\/login$/);
});

test('operator signs in and does not see the System menu', async ({ page }) => {
  await signIn(page, 'operator', 'Operator@2026');
  await expect(page).toHaveURL(/\/index_traffic$/);
  const menu = page.getByRole('navigation', { name: '菜单' });
  await menu.getByRole('button', { name: '告警中心' }).click();
  await expect(menu.getByRole('link', { name: '历史事件' })).toBeVisible();
  await expect(menu.getByText('系统管理')).toHaveCount(0);
  await expect(menu.getByRole('link', { name: '用户管理' })).toHaveCount(0);
});

test('a session revoked on the server ends with its message and returns to /login', async ({ page, request }) => {
  await signIn(page, 'admin', 'Argus@2026');
  await expect(page).toHaveURL(/\/index_traffic$/);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('argus.session') ?? '{}').token as string);
  // The console is closed before the session is revoked (an open one's alarm socket would notice first — that path
  // is session.spec.ts's): the stored session is what the next visit restores.
  await openBlank(page);
  const revoked = await request.post('/api/user/logout', { headers: { token } });
  expect((await revoked.json()).code).toBe(0);

  await recordMarks(page, /未登录或登录已过期|登录已失效/);
  await page.goto('/index_traffic'); // restoring the stored session meets the server's business 401
  await page.waitForURL(/\/login$/);
  const marks = await marksOf(page);
  expect(marks.shown).toBeDefined(); // the message was on screen (recorded by the page: it lives 1.5 s)
  expect(marks.shown!).toBeLessThanOrEqual(marks.login!);
  expect(await page.evaluate(() => localStorage.getItem('argus.session'))).toBeNull();
});
