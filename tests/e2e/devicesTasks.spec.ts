// Detection tasks, planned tasks and edge boxes end to end in Chromium against the real server: a task starts from
// the defaults of §9, a stop line is drawn on the camera's snapshot, the task is saved, read back after a reload
// and started; a weekly plan is created, run now and deleted; a box is registered (its secret shown once), and
// deleted.
import { expect, type Locator, type Page, test } from './support/fixtures.ts';
import { ADMIN, signIn } from './support/session.ts';

async function clickAt(page: Page, canvas: Locator, x: number, y: number) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the drawing surface is not visible');
  await page.mouse.click(box.x + x * box.width, box.y + y * box.height);
}

/**
 * The table sits in its frame. The frame is a native scroll container: when it is scrolled sideways (Playwright
 * scrolls a row button into view before clicking it), its own scroll bar is there to bring the first columns back.
 * rsuite's table used to shift inside a clipping root with nothing to scroll it back.
 */
async function expectTableInFrame(page: Page) {
  const frame = page.locator('.data-table-frame').first();
  const state = await frame.evaluate((element) => ({
    scrolled: element.scrollLeft,
    scrollable: element.scrollWidth > element.clientWidth,
    overflow: element.ownerDocument.defaultView?.getComputedStyle(element).overflowX,
    top: element.scrollTop,
  }));
  expect(state.top).toBe(0);
  expect(state.overflow).toBe('auto');
  if (state.scrolled > 0) expect(state.scrollable).toBe(true);
}

async function api(page: Page, path: string) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('argus.session') ?? '{}').token as string);
  const body = await (await page.request.get(`/api${path}`, { headers: { token } })).json();
  expect(body.code).toBe(0);
  return body.data;
}

test('a detection task: defaults of §9, a stop line drawn on the snapshot, saved, read back and started', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, ADMIN, { path: '/taskConfig' });
  await expect(page.getByRole('heading', { name: '任务配置' })).toBeVisible();

  await page.getByRole('button', { name: '新建任务' }).click();
  const create = page.getByRole('dialog', { name: '新建检测任务' });
  // A click that lands while the dialog is still taking focus can open the list and see it closed again: open it
  // until the camera is offered.
  const camera = page.getByRole('option', { name: '滨海大道高架桥' });
  await expect(async () => {
    if (!(await camera.isVisible())) await create.getByRole('combobox').click();
    await expect(camera).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await camera.click();
  await create.getByLabel('任务名称').fill('E2E 检测任务');
  await create.getByRole('button', { name: '创建' }).click();
  await expect(page.getByRole('heading', { name: 'E2E 检测任务' })).toBeVisible();
  const taskId = Number(new URL(page.url()).searchParams.get('task'));

  // The configuration starts from §9.
  await expect(page.getByLabel('车道统计周期（秒）')).toHaveValue('60');
  await expect(page.getByLabel('应急车道停车判定时长（秒）')).toHaveValue('15');
  await expect(page.getByLabel('测速线间距（米）')).toHaveValue('5');

  // The snapshot to draw on.
  await page.getByRole('button', { name: /获取截图/ }).first().click();
  await expect(page.getByRole('img', { name: '“滨海大道高架桥”的截图' })).toBeVisible();

  await page.getByRole('button', { name: '在截图上绘制停止线' }).click();
  const editor = page.getByRole('dialog', { name: '停止线' });
  const canvas = editor.locator('.shape-editor-surface canvas').first();
  await editor.getByRole('button', { name: '绘制线' }).click();
  await clickAt(page, canvas, 0.15, 0.7);
  await clickAt(page, canvas, 0.85, 0.75);
  await expect(editor.getByText('线 1')).toBeVisible();
  await editor.getByRole('button', { name: '确定' }).click();

  // 12 lane counts and "not set": more than 4 options, so a select (§9).
  await page.getByRole('combobox', { name: '车道数' }).click();
  await page.getByRole('option', { name: '3', exact: true }).click();
  await page.getByRole('button', { name: '保存任务' }).click();
  await expect(page.getByText('任务“E2E 检测任务”已保存')).toBeVisible();

  const stored = await api(page, `/task/query/${taskId}`);
  expect(stored.config.stopLine).toHaveLength(1);
  expect(stored.config.stopLine[0].points[0].x).toBeCloseTo(0.15, 2);
  expect(stored.config.stopLine[0].points[1].y).toBeCloseTo(0.75, 2);
  expect(stored.config).toMatchObject({ vehicleLanes: 3, laneStatCurrentFlowInSec: 60, vehicleStopOnEmerTime: 15 });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'E2E 检测任务' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '车道数' })).toContainText('3');
  await expect(page.getByRole('group', { name: '停止线' }).getByText('线 1')).toBeVisible();
  expect((await api(page, `/task/query/${taskId}`)).config.stopLine).toEqual(stored.config.stopLine);

  // Start it: confirmed (its box is a simulated demo box, online; were it offline, the dialog would say so).
  await page.getByRole('button', { name: '启动', exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: '启动' }).click();
  await expect(confirm.getByRole('alert').or(page.getByText('已启动 1 个任务'))).toBeVisible();
  if (await confirm.getByRole('alert').isVisible()) await expect(confirm.getByRole('alert')).toContainText('离线');
});

test('a weekly plan is created, run now and deleted', async ({ page }) => {
  await signIn(page, ADMIN, { path: '/batchTask' });
  await page.getByRole('button', { name: '新建计划' }).click();
  const form = page.getByRole('dialog', { name: '新建计划任务' });
  await form.getByLabel('计划名称').fill('E2E 夜间停止');
  await form.getByRole('combobox', { name: '摄像机' }).click();
  await page.getByRole('option', { name: '科技园地下车库入口' }).click();
  await form.getByRole('heading', { name: '新建计划任务' }).click(); // closes the picker
  await form.getByText('停止分析', { exact: true }).click();
  // The time of day is rsuite's TimePicker: typed segment by segment, then the picker closed.
  const time = form.getByLabel('执行时间');
  await time.click({ position: { x: 8, y: 12 } });
  await time.pressSequentially('233000', { delay: 80 });
  await expect(time).toHaveValue('23:30:00');
  // Closed by a click beside it: Escape would close the dialog too.
  await form.getByRole('heading', { name: '新建计划任务' }).click();
  await expect(page.locator('.rs-picker-popup')).toHaveCount(0);
  await expect(time).toHaveValue('23:30:00');
  await expect(form.getByRole('checkbox', { name: '周五' })).toBeChecked();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('计划已创建')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'E2E 夜间停止' });
  await expect(row).toContainText('每周 周一、周二、周三、周四、周五 23:30:00');

  await row.getByRole('button', { name: '立即执行' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: '立即执行' }).click();
  await expect(confirm.getByRole('alert').or(page.getByText('计划已执行：1 台摄像机'))).toBeVisible();
  if (await confirm.getByRole('alert').isVisible()) await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText(/成功|失败/);
  await expectTableInFrame(page);

  await row.getByRole('button', { name: '删除' }).click();
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('已删除 1 个计划')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an edge box is registered (its secret shown once), then deleted', async ({ page }) => {
  await signIn(page, ADMIN, { path: '/edgeDevice/box' });
  await expect(page.getByRole('row').filter({ hasText: 'ARGUS-BOX-0001' })).toBeVisible();
  await page.getByRole('button', { name: '注册盒子' }).click();
  const form = page.getByRole('dialog', { name: '注册边缘盒子' });
  await form.getByLabel('名称').fill('E2E 盒子');
  await form.getByLabel('序列号').fill('E2E BOX');
  await form.getByRole('button', { name: '注册盒子' }).click();
  await expect(form.getByText('只能包含字母、数字、_ 和 -').first()).toBeVisible();
  await form.getByLabel('序列号').fill('E2E-BOX-0001');
  await form.getByRole('button', { name: '注册盒子' }).click();

  const secret = page.getByRole('alertdialog', { name: '盒子“E2E 盒子”已注册' });
  await expect(secret.getByText('只显示这一次')).toBeVisible();
  await expect(secret.locator('code')).toHaveText(/^[A-Za-z0-9_-]{40,}$/);
  await secret.getByRole('button', { name: '复制密钥' }).click();
  await expect(secret.getByRole('status')).toBeVisible();
  await secret.getByRole('button', { name: '我已保存密钥' }).click();
  // Gone from the page, not only renamed: while it leaves, its title loses the box's name, and a click that its
  // leaving backdrop lets through at the end opened no confirmation in a clean-clone run under load.
  await expect(page.locator('.rs-modal-wrapper')).toHaveCount(0);

  const row = page.getByRole('row').filter({ hasText: 'E2E-BOX-0001' });
  await expect(row).toContainText('离线');
  await row.getByRole('button', { name: '重启' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: '重启' }).click();
  await expect(confirm.getByRole('alert')).toBeVisible(); // an offline box cannot be restarted: the server says so
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(page.locator('.rs-modal-wrapper')).toHaveCount(0);
  await expectTableInFrame(page);

  await row.getByRole('button', { name: '删除' }).click();
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('已删除 1 个盒子')).toBeVisible();
  await expect(row).toHaveCount(0);
});
