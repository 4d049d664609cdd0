// The home dashboards against the real server: the traffic home counts an alarm a box posts without a reload (the
// alarm socket), its tiles open the screens behind them, the traffic-live variant narrows to road events, and the
// algorithm dashboard shows the real host (a host without a GPU says so) — in Chinese and in English.
import { postTestAlarm } from './support/alarmBox.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { ADMIN, OPERATOR, signIn } from './support/session.ts';

async function toEnglish(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

const tileValue = (page: Page, id: string) => page.getByTestId(id).locator('.stats-tile-value');

test('the traffic home follows the alarm socket, and each tile opens its screen', async ({ page, baseURL }) => {
  // The demo site's alarms are simulated: the dashboard counts them when asked.
  await signIn(page, OPERATOR, { path: '/index_traffic?simulated=1' });
  await expect(page.getByRole('heading', { level: 1, name: '交通首页' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '实时' })).toBeVisible();
  await expect(tileValue(page, 'tile-today')).toHaveText(/^\d+$/);
  const before = Number(await tileValue(page, 'tile-today').textContent());

  // Two alarms from a box: the figures follow without a reload (one refresh for the burst).
  await postTestAlarm(baseURL!, 16);
  await postTestAlarm(baseURL!, 1009);
  await expect.poll(async () => Number(await tileValue(page, 'tile-today').textContent())).toBeGreaterThanOrEqual(before + 2);
  await expect(page.getByRole('region', { name: '最新紧急事件' }).getByRole('link', { name: '火灾' }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: /今日各类型告警：.*机动车闯红灯/ })).toBeAttached();

  // Tiles lead to their screens.
  await page.getByTestId('tile-unhandled').click();
  await expect(page).toHaveURL(/\/actualTimeEvent$/);
  await page.goBack();
  await expect(tileValue(page, 'tile-today')).toHaveText(/^\d+$/);
  await page.getByRole('region', { name: /近 7 天告警趋势/ }).getByRole('link', { name: '查看' }).click();
  await expect(page).toHaveURL(/\/alarmTrend$/);
});

test("traffic live narrows to road events and counts the demo's simulated records by default", async ({ page, baseURL }) => {
  await postTestAlarm(baseURL!, 1004);
  await signIn(page);
  // Traffic live: road events only (its menu's typeIds).
  await page.getByRole('link', { name: '交通实况' }).click();
  await expect(page).toHaveURL(/\/index_traffic_truth\?typeIds=/);
  await expect(page.getByRole('heading', { level: 1, name: '交通实况' })).toBeVisible();
  // The demo site counts its simulated records by default (its setting); the switch leaves them out.
  await expect(page.getByRole('switch', { name: '含模拟数据' })).toBeChecked();
  await expect(page.getByTestId('tile-today').locator('.stats-tile-detail')).toHaveText(/交通违法 0 · 道路事件 [1-9]\d*/);
  await page.getByRole('switch', { name: '含模拟数据' }).click();
  await expect(page).toHaveURL(/simulated=0/);
  await expect(page.getByTestId('tile-today').locator('.stats-tile-detail')).toHaveText('交通违法 0 · 道路事件 0');

  await toEnglish(page, '系统管理员');
  await expect(page.getByRole('heading', { level: 1, name: 'Traffic live' })).toBeVisible();
  await expect(page.getByTestId('tile-today')).toContainText('Alarms today');
});

test('the algorithm dashboard shows the counts and the real host, in both languages', async ({ page }) => {
  await signIn(page, ADMIN, { path: '/test' });
  await expect(page.getByRole('heading', { level: 1, name: '综合首页' })).toBeVisible();
  await expect(tileValue(page, 'tile-orchestration')).toHaveText(/^\d+$/);
  // The demo site trained an algorithm at its first start: the tile counts the training jobs.
  await expect(tileValue(page, 'tile-training')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('tile-training')).toContainText(/进行中 \d+/);
  await expect(page.getByTestId('tile-compute')).toContainText(/\d+ 个在线节点，\d+ 核/);
  // This machine has no GPU: the tile says so rather than showing 0 %.
  await expect(page.getByTestId('tile-gpu')).toContainText(/无 GPU|\d+ 块 GPU/);
  await expect(page.getByRole('img', { name: /近 7 天发布 \d+ 个版本/ })).toBeAttached();

  await page.getByTestId('tile-orchestration').click();
  await expect(page).toHaveURL(/\/algorithmicSetup$/);
  await page.goBack();
  await toEnglish(page, '系统管理员');
  await expect(page.getByTestId('tile-training')).toContainText(/\d+ running/);
  await expect(page.getByTestId('tile-gpu')).toContainText(/No GPU|\d+ GPUs?\b/);
});
