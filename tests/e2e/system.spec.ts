// The system administration screens in the real console against the real server (fresh seeded database):
// a role with two modules, a user's whole life (validation, search, edit, password reset, signing in as it,
// deletion), departments with the server's refusal, the system name reaching the header, the operation log's
// filters and export. Every wait is for a condition.
import { type Browser, expect, type Page, test } from './support/fixtures.ts';
import { ADMIN, signIn } from './support/session.ts';

const dialog = (page: Page) => page.getByRole('dialog');
const confirmDialog = (page: Page) => page.getByRole('alertdialog');
const table = (page: Page, name: string) => page.getByRole('region', { name });
const row = (page: Page, region: string, text: string) => table(page, region).getByRole('row').filter({ hasText: text });

async function pickOption(page: Page, combobox: string | RegExp, option: string) {
  await dialog(page).getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function menuOf(browser: Browser, username: string, password: string): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, { username, password });
    const menu = page.getByRole('navigation', { name: '菜单' });
    await expect(menu.getByRole('link').first()).toBeVisible();
    return await menu.getByRole('link').allInnerTexts();
  } finally {
    await context.close();
  }
}

test('a role with two modules, and a user from creation to deletion', async ({ page, browser }) => {
  test.setTimeout(300_000); // one long journey through two screens and a second sign-in, on a 2-core machine
  await signIn(page);

  // A role holding two modules (the group above them is held half-checked).
  await page.goto('/roleConfig');
  await page.getByRole('button', { name: '新增角色', exact: true }).click();
  await expect(dialog(page).getByLabel(/^角色名称/)).toBeFocused();
  await dialog(page).getByLabel(/^角色名称/).fill('巡检员');
  await dialog(page).getByRole('checkbox', { name: '用户管理' }).check();
  await dialog(page).getByRole('checkbox', { name: '日志管理' }).check();
  await expect(dialog(page).getByRole('checkbox', { name: '系统管理' })).toHaveAttribute('aria-checked', 'mixed');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(row(page, '角色管理', '巡检员')).toBeVisible();

  // Create a user: the §5 rules speak first.
  await page.goto('/userConfig');
  await page.getByRole('button', { name: '新增用户', exact: true }).click();
  await expect(dialog(page).getByLabel(/^用户名/)).toBeFocused();
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page).getByText('此项为必填项').first()).toBeVisible();
  await dialog(page).getByLabel(/^用户名/).fill('patrol.e2e');
  await dialog(page).getByLabel(/^姓名/).fill('巡检测试');
  await dialog(page).getByLabel(/^密码/).fill('Patrol@1');
  await dialog(page).getByLabel(/^确认密码/).fill('Patrol@2');
  await dialog(page).getByLabel(/^手机号/).fill('138 0000');
  await dialog(page).getByLabel(/^确认密码/).press('Enter');
  await expect(dialog(page).getByText('两次输入的密码不一致')).toBeVisible();
  await expect(dialog(page).getByText('电话只能包含数字和连字符（-）')).toBeVisible();
  await dialog(page).getByLabel(/^确认密码/).fill('Patrol@1');
  await dialog(page).getByLabel(/^手机号/).fill('138-0000-0000');
  const deptPicker = dialog(page).getByRole('combobox', { name: /^部门/ });
  await deptPicker.click();
  // The picker's own tree (the department filter beside the table holds the same names).
  await page.locator(`#${await deptPicker.getAttribute('aria-controls')}`).getByRole('treeitem', { name: '运维一组' }).click();
  await pickOption(page, /^角色/, 'operator');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page)).toBeHidden();

  // Find it by search.
  await page.getByLabel('关键字').fill('patrol');
  await page.getByLabel('关键字').press('Enter');
  await expect(page).toHaveURL(/keyword=patrol/);
  await expect(row(page, '用户管理', 'patrol.e2e')).toBeVisible();
  await expect(row(page, '用户管理', 'admin')).toHaveCount(0);

  // Edit it: a new name and the new role.
  await page.getByRole('button', { name: '编辑 patrol.e2e' }).click();
  await dialog(page).getByLabel(/^姓名/).fill('巡检员甲');
  await pickOption(page, /^角色/, '巡检员');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(row(page, '用户管理', 'patrol.e2e')).toContainText('巡检员甲');
  await expect(row(page, '用户管理', 'patrol.e2e')).toContainText('巡检员');

  // Reset its password.
  await page.getByRole('button', { name: '重置密码 patrol.e2e' }).click();
  await dialog(page).getByLabel(/^新密码/).fill('Reset@456');
  await dialog(page).getByLabel(/^确认密码/).fill('Reset@456');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog(page)).toBeHidden();

  // Sign in as it elsewhere: its menu is the role's two modules.
  expect((await menuOf(browser, 'patrol.e2e', 'Reset@456')).sort()).toEqual(['日志管理', '用户管理']);

  // Delete it (asked first).
  await page.getByRole('button', { name: '删除 patrol.e2e' }).click();
  await expect(confirmDialog(page)).toContainText('patrol.e2e');
  await confirmDialog(page).getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(row(page, '用户管理', 'patrol.e2e')).toHaveCount(0);
  await expect(table(page, '用户管理').getByText('暂无数据')).toBeVisible();
});

test('departments: add one, see the refusal for one in use, delete the new one', async ({ page }) => {
  await signIn(page, ADMIN, { path: '/deptConfig' });
  // Escape closes a dialog without saving.
  await page.getByRole('button', { name: '新增部门', exact: true }).click();
  await expect(dialog(page).getByLabel(/^部门名称/)).toBeFocused();
  await dialog(page).getByLabel(/^部门名称/).fill('不保存');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await page.getByRole('button', { name: '新增部门', exact: true }).click();
  await expect(dialog(page).getByLabel(/^部门名称/)).toBeFocused();
  await expect(dialog(page).getByLabel(/^部门名称/)).toHaveValue('');
  await dialog(page).getByLabel(/^部门名称/).fill('测试部');
  await dialog(page).getByLabel(/^负责人/).fill('赵六');
  await dialog(page).getByLabel(/^联系电话/).fill('0755-1234');
  await dialog(page).getByLabel(/^联系电话/).press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(row(page, '部门管理', '测试部')).toContainText('赵六');

  // The head office still has sub-departments: the server says so, nothing is deleted.
  await page.getByRole('button', { name: '删除 总部' }).click();
  await confirmDialog(page).getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page).getByRole('alert')).not.toBeEmpty();
  await confirmDialog(page).getByRole('button', { name: '取消' }).click();
  // Gone before the next row's Delete: clicked while this one was leaving (the click retried until the leaving
  // dialog let it through), the next confirmation never showed on a loaded clean clone.
  await expect(confirmDialog(page)).toBeHidden();
  await expect(row(page, '部门管理', '总部')).toBeVisible();

  await page.getByRole('button', { name: '删除 测试部' }).click();
  await confirmDialog(page).getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(row(page, '部门管理', '测试部')).toHaveCount(0);
  await expect(row(page, '部门管理', '不保存')).toHaveCount(0);
});

test('a new system name and version title show in the preview, then in the header and the page title', async ({ page }) => {
  await signIn(page, ADMIN, { path: '/logoConfig' });
  const name = page.getByLabel(/^显示名称/);
  await expect(name).toBeVisible();
  await name.fill('城市视频平台');
  await page.getByLabel(/^版本标题/).fill('Argus V2.0');
  await expect(page.getByTestId('logo-preview-header')).toContainText('城市视频平台');
  await expect(page.getByRole('banner')).not.toContainText('城市视频平台'); // not saved yet
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('banner')).toContainText('城市视频平台');
  await expect(page.getByRole('banner')).toContainText('Argus V2.0');
  await expect(page).toHaveTitle(/城市视频平台/);
});

test('the operation log filters by user and result, and exports an .xlsx file', async ({ page }) => {
  await signIn(page, ADMIN, { path: '/logConfig' });
  const log = table(page, '日志管理');
  await expect(log.getByRole('row').filter({ hasText: 'login' }).first()).toBeVisible();

  await page.getByLabel('用户', { exact: true }).fill('admin');
  await page.getByRole('combobox', { name: '结果' }).click();
  await page.getByRole('option', { name: '成功' }).click();
  await expect(page).toHaveURL(/username=admin/);
  await expect(page).toHaveURL(/result=success/);
  await expect(log.getByRole('row').filter({ hasText: '失败' })).toHaveCount(0);
  await expect(log.getByRole('row').filter({ hasText: 'admin' }).first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  expect((await download).suggestedFilename()).toMatch(/^operation-log-\d{8}\.xlsx$/);
});
