// Issue 8 items 22, 25 and 26 in Chromium against the real server: the unLogin body sent as text/html signs out;
// a renamed system is seen in the header; a new top-level menu given to the editor's role appears in the side menu;
// a scene that cameras use is not deleted; alarm deletion is the administrator's. Every wait is for a condition.
import { expect, type Page, test } from './support/fixtures.ts';
import { ADMIN, OPERATOR, signIn } from './support/session.ts';

const sideMenu = (page: Page) => page.getByRole('navigation', { name: '菜单' });
const messages = (page: Page) => page.getByRole('region', { name: '消息' });

test('a body equal to unLogin sent as text/html (a servlet filter) signs out and goes to the login page', async ({ page }) => {
  await signIn(page);
  await expect(sideMenu(page).getByRole('button', { name: '告警中心' })).toBeVisible();
  await page.route('**/api/user/nav', (route) => route.fulfill({ status: 200, contentType: 'text/html;charset=UTF-8', body: 'unLogin' }));
  await page.reload();
  await expect(messages(page).getByText('登录超时')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(messages(page).getByText(/JSON|Unexpected token/)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('argus.session'))).toBeNull();
});

test('renaming the system is seen in the header; a display name, when set, is said to win', async ({ page, request }) => {
  await signIn(page);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('argus.session') ?? '{}').token as string);
  // Another test of this worker may have set a display name: start from the seeded logo (none).
  const cleared = await request.post('/api/config/title', { headers: { token }, data: { type: 'text', desc: '' } });
  expect((await cleared.json()).code).toBe(0);

  await page.goto('/logoConfig');
  const systemName = page.getByRole('textbox', { name: '系统名称' });
  // Empty as seeded: the header shows the product's own name, in the chosen language.
  await expect(systemName).toHaveValue('');
  await expect(page.getByRole('banner')).toContainText('Argus 视频智能分析平台');
  await expect(page.getByTestId('display-name-notice')).toHaveCount(0);
  await systemName.fill('城市交通视频平台');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('banner')).toContainText('城市交通视频平台');
  await expect(page).toHaveTitle(/城市交通视频平台/);

  // A display name hides the system name: the form says so, and one click shows the system name again.
  await page.getByLabel(/^显示名称/).fill('演示站点');
  const notice = page.getByTestId('display-name-notice');
  await expect(notice).toContainText('当前显示的是显示名称“演示站点”');
  await notice.getByRole('button', { name: '改为显示系统名称' }).click();
  await expect(page.getByLabel(/^显示名称/)).toHaveValue('');
  await expect(page.getByTestId('logo-preview-header')).toContainText('城市交通视频平台');

  // The alarm rule lives here too, on in the demo.
  await expect(page.getByRole('checkbox', { name: '核查人不能是处置人' })).toBeChecked();

  // Leave the worker's site as it was for the other specs.
  const restored = await request.put('/api/config/updateConfigMap', { headers: { token }, data: { systemName: '' } });
  expect((await restored.json()).code).toBe(0);
});

test('a menu cannot be added before the menu tree is in (its order would be 0: everyone’s main page)', async ({ page }) => {
  let release = () => {};
  const releasing = new Promise<void>((done) => {
    release = done;
  });
  await page.route('**/api/user/getModuleList', async (route) => {
    await releasing;
    await route.continue();
  });
  await signIn(page, ADMIN, { path: '/menuConfig' });
  const add = page.getByRole('button', { name: '新增菜单', exact: true });
  await expect(add).toBeDisabled();
  release();
  await expect(add).toBeEnabled();
  await add.click();
  const sort = page.getByRole('dialog').getByLabel(/^排序/);
  await expect(sort).not.toHaveValue('0');
});

test('a new top-level menu given to the editor’s role appears in the side menu at once', async ({ page, request }) => {
  await signIn(page, ADMIN, { path: '/menuConfig' });
  const number = `e2eTop${Date.now()}`;
  await page.getByRole('button', { name: '新增菜单', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^中文名称/).fill('巡检报表');
  await dialog.getByLabel(/^英文名称/).fill('Patrol reports');
  await dialog.getByLabel(/^编号/).fill(number);
  await expect(dialog.getByRole('checkbox', { name: '分配给我的角色“manager”' })).toBeChecked();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const added = sideMenu(page).getByRole('link', { name: '巡检报表' });
  await expect(added).toBeVisible();
  await page.reload();
  await expect(added).toBeVisible();
  // Placed after the last top-level menu: the main page (the first menu item) stays the same for everyone.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/index_traffic$/);

  // Leave the worker's site as it was for the other specs.
  const { token } = await page.evaluate(() => JSON.parse(localStorage.getItem('argus.session') ?? '{}') as { token: string });
  const tree = await (await request.post('/api/user/getModuleList', { headers: { token }, data: { keyword: number } })).json();
  const id = (tree.data as { id: number; moduleNumber: string }[]).find((m) => m.moduleNumber === number)!.id;
  expect((await (await request.post('/api/user/deleteModule', { headers: { token }, data: { id } })).json()).code).toBe(0);
});

test('a scene that cameras use is not deleted: the dialog says how many use it', async ({ page }) => {
  await signIn(page, ADMIN, { path: '/otherConfig' });
  const scenes = page.getByRole('region', { name: '场景' });
  const used = scenes.getByRole('row').filter({ hasText: '城市道路' });
  await expect(used).toBeVisible();
  await used.getByRole('button', { name: '删除' }).click();
  const info = page.getByRole('alertdialog');
  await expect(info).toContainText(/场景“城市道路”仍被 \d+ 台摄像机使用，不能删除/);
  await expect(info.getByRole('button', { name: '删除' })).toHaveCount(0);
  await info.getByRole('button', { name: '关闭' }).last().click();
  await expect(info).toBeHidden();
  await expect(used).toBeVisible();
});

test('deleting alarms is offered to the administrator, not to the operator', async ({ page }) => {
  await signIn(page, ADMIN, { path: '/historyEvent' });
  await expect(page.getByRole('button', { name: /^批量确认/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^批量删除/ })).toBeVisible();
  await page.getByRole('button', { name: '系统管理员' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, OPERATOR, { path: '/historyEvent' });
  await expect(page.getByRole('button', { name: /^批量确认/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^批量删除/ })).toHaveCount(0);
});
