// The statistics screens against the real server, in Chinese and English: alarm trend, outlet and site statistics,
// large-model statistics and resource analysis open with data, keep their window in the URL, refuse a window over
// 15 days, and export .xlsx; the home tiles lead to them.
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { postTestAlarm } from './support/alarmBox.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { ADMIN, signIn } from './support/session.ts';

async function toEnglish(page: Page) {
  await page.getByRole('button', { name: '系统管理员' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

async function sheetText(file: string): Promise<string> {
  const zip = await JSZip.loadAsync(await readFile(file));
  return (await zip.file('xl/worksheets/sheet1.xml')?.async('string')) ?? '';
}

test('alarm trend and site statistics open with data, export, and refuse a window over 15 days', async ({ page, baseURL }) => {
  await postTestAlarm(baseURL!, 16);
  await postTestAlarm(baseURL!, 1004);
  await signIn(page, ADMIN, { path: '/alarmTrend?simulated=1' });
  await expect(page.getByRole('heading', { level: 1, name: '告警趋势' })).toBeVisible();
  await expect(page.getByTestId('trend-total').locator('.stats-tile-value')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByRole('img', { name: /共 \d+ 条告警，已处理 \d+ 条/ })).toBeAttached();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^alarm-trend-\d{14}\.xlsx$/);
  expect(await sheetText((await file.path())!)).toContain('交通违法');

  await page.goto('/alarmTrend?start=2026-01-01&end=2026-01-31');
  await expect(page.getByRole('alert').filter({ hasText: '时间范围最多 15 天' })).toBeVisible();

  await page.goto('/configTotal?simulated=1');
  await expect(page.getByRole('heading', { level: 1, name: '网点统计' })).toBeVisible();
  const sites = page.getByRole('table', { name: '场景（网点）统计' });
  await expect(sites.getByRole('rowheader', { name: '城市道路' })).toBeVisible();
  await expect(page.getByRole('table', { name: '告警最多的点位' }).getByRole('row')).not.toHaveCount(0);

  await toEnglish(page);
  await expect(page.getByRole('table', { name: 'Sites (outlets)' })).toBeVisible();
  await page.goto('/alarmTrend?simulated=1');
  await expect(page.getByRole('img', { name: /alarms from .* handled/ })).toBeAttached();
});

test('resource analysis shows the real host and its history; large-model statistics open', async ({ page }) => {
  await signIn(page, ADMIN, { path: '/resourceInfo' });
  await expect(page.getByRole('heading', { level: 1, name: '资源分析' })).toBeVisible();
  const host = page.locator('.resource-nodes tbody tr').first();
  await expect(host).toContainText('平台服务器');
  await expect(host).toContainText(/\d+ 核/);
  await expect(host).toContainText(/无 GPU|\d+ 块 GPU/);
  // The demo's simulated boxes report their figures with their heartbeats (marked simulated) and are online.
  const boxRow = page.locator('.resource-nodes tbody tr').filter({ hasText: '边缘盒子' }).first();
  await expect(boxRow).toContainText('模拟');
  await expect(boxRow).toContainText('在线');
  await expect(page.getByRole('region', { name: /的资源历史/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /CPU、内存等使用率，[1-9]\d* 个点/ })).toBeAttached();

  await page.goto('/identifyTotal');
  await expect(page.getByRole('heading', { level: 1, name: '大模型统计' })).toBeVisible();
  // The demo's seeded detector calls (simulated, counted by the site's default).
  await expect(page.getByTestId('calls-total').locator('.stats-tile-value')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByRole('table', { name: '各模型调用' }).getByRole('rowheader', { name: 'NanoDet-g' })).toBeVisible();
  await toEnglish(page);
  await expect(page.getByText('Calls per model')).toBeVisible();
  await page.goto('/resourceInfo');
  await expect(page.locator('.resource-nodes tbody tr').first()).toContainText('Platform server');
});

test('the four passenger-flow screens open with the seeded counts, by site, unit, outlet and line', async ({ page }) => {
  await signIn(page);
  for (const [path, title, group] of [
    ['/flowTotal', '客流统计', '按场景统计'],
    ['/flowUnitTotal', '单位客流统计', '按单位统计'],
    ['/flowNetworkTotal', '网点客流统计', '按网点统计'],
    ['/flowTotalSubway', '地铁客流统计', '按线路统计'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('flow-in').locator('.stats-tile-value')).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByRole('table', { name: group }).getByRole('row')).not.toHaveCount(1);
  }
  await expect(page.getByRole('table', { name: '按线路统计' }).getByRole('rowheader', { name: '1号线' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  expect((await download).suggestedFilename()).toMatch(/^passenger-flow-\d{14}\.xlsx$/);
  await toEnglish(page);
  await expect(page.getByRole('table', { name: 'By line' })).toBeVisible();
  await expect(page.getByRole('img', { name: /in and \d+ out from/ })).toBeAttached();
});
