// The alarm centre end to end, against the real server: an edge box posts an alarm through the ingest API → it
// appears on /actualTimeEvent over the websocket → the operator confirms it → /historyEvent lists it confirmed →
// the .xlsx export holds it. Text a box sends renders inert.
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures.ts';
import { OPERATOR, signIn } from './support/session.ts';
import JSZip from 'jszip';
import { postTestAlarm } from './support/alarmBox.ts';

/** The worksheet row (its XML) whose first cell is the alarm id, or null. */
async function exportedRow(file: string, id: number): Promise<string | null> {
  const zip = await JSZip.loadAsync(await readFile(file));
  const sheet = await zip.file('xl/worksheets/sheet1.xml')?.async('string');
  const rows = sheet?.match(/<row\b[^>]*>[\s\S]*?<\/row>/g) ?? [];
  return rows.find((row) => new RegExp(`<c r="A\\d+"[^>]*><v>${id}</v></c>`).test(row)) ?? null;
}

const HOSTILE = '<img src=x onerror="window.__argusXss=1"><b>bold</b>';

test('an alarm posted by a box appears live, is confirmed, shows confirmed in history and is in the export', async ({ page, baseURL }) => {
  await signIn(page, OPERATOR, { path: '/actualTimeEvent' });
  await expect(page.locator('.alarm-connection[data-status="open"]')).toBeVisible();

  const alarm = await postTestAlarm(baseURL!, 16, { note: HOSTILE });

  // Live, over the socket (the screen does not reload).
  const row = page.locator(`[data-alarm-id="${alarm.id}"] button.alarm-row`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('机动车闯红灯');
  await expect(row).toContainText('未处理');
  await expect(page.getByRole('dialog', { name: /新告警/ })).toBeVisible();

  await row.click();
  const detail = page.locator('.alarm-live-detail');
  await expect(detail.getByRole('img', { name: /机动车闯红灯/ })).toHaveAttribute('data-drawn', 'true'); // snapshot + box drawn
  // The attribute text is shown as text: no element was made of it, no handler ran.
  await expect(detail.getByText(HOSTILE, { exact: true })).toBeVisible();
  await expect(detail.locator('b', { hasText: 'bold' })).toHaveCount(0);
  expect(await page.evaluate(() => (globalThis as { __argusXss?: number }).__argusXss)).toBeUndefined();

  // Confirm asks first, with an optional remark; the confirmation is said with Undo, which takes it back.
  await detail.getByRole('button', { name: '确认', exact: true }).click();
  let confirming = page.getByRole('dialog', { name: '确认告警' });
  await confirming.getByRole('textbox', { name: '备注' }).fill('现场核实');
  await confirming.getByRole('button', { name: '确认', exact: true }).click();
  await expect(detail.getByRole('heading').getByText('已确认')).toBeVisible();
  const toast = page.locator('.message-area-success').filter({ hasText: `告警 ${alarm.id} 已确认` });
  await toast.getByRole('button', { name: '撤销' }).click();
  await expect(row).toContainText('未处理');
  await expect(detail.locator('.alarm-history')).toContainText('撤销了确认');
  // The history names the handler by display name (the seeded operator's is 值班员).
  await expect(detail.locator('.alarm-history-user').first()).toHaveText('值班员 (operator)');
  await detail.getByRole('button', { name: '确认', exact: true }).click();
  confirming = page.getByRole('dialog', { name: '确认告警' });
  await confirming.getByRole('button', { name: '确认', exact: true }).click();
  await expect(detail.getByRole('heading').getByText('已确认')).toBeVisible();
  await expect(row).toContainText('已确认');

  // History: the alarm, confirmed, by the operator.
  await page.goto('/historyEvent');
  const historyRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(alarm.id), exact: true }) });
  await expect(historyRow).toContainText('已确认');
  await expect(historyRow).toContainText('operator');

  // Export: the first pages of the same filters, as .xlsx.
  await page.getByRole('button', { name: '导出', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导出告警' });
  await expect(dialog.getByText(/将导出第 1–\d+ 条/)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '导出', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^alarms-\d{14}\.xlsx$/);
  const exported = await exportedRow(await download.path(), alarm.id);
  expect(exported).not.toBeNull();
  expect(exported).toContain('已确认');
  await expect(dialog).toBeHidden();
});

test('the live list holds still while the pointer is on it: an arrival is announced, waits above, and comes in on leaving', async ({ page, baseURL }) => {
  await signIn(page, OPERATOR, { path: '/actualTimeEvent' });
  await expect(page.locator('.alarm-connection[data-status="open"]')).toBeVisible();
  const first = await postTestAlarm(baseURL!, 16);
  const firstRow = page.locator(`[data-alarm-id="${first.id}"] button.alarm-row`);
  await expect(firstRow).toBeVisible();
  await firstRow.hover();
  const before = await firstRow.boundingBox();
  const next = await postTestAlarm(baseURL!, 8);
  await expect(page.getByRole('dialog', { name: /新告警/ })).toBeVisible(); // still announced
  await expect(page.getByText(/新到 \d+ 条，离开列表后显示/)).toBeVisible();
  await expect(page.locator(`[data-alarm-id="${next.id}"]`)).toHaveCount(0);
  expect((await firstRow.boundingBox())?.y).toBe(before?.y);
  await page.mouse.move(1, 1);
  await expect(page.locator(`[data-alarm-id="${next.id}"]`)).toBeVisible();
  await expect(page.getByText(/离开列表后显示/)).toHaveCount(0);
});

test('at 1366×768 the new-alarm announcement never covers the open alarm’s detail', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, OPERATOR, { path: '/actualTimeEvent' });
  await expect(page.locator('.alarm-connection[data-status="open"]')).toBeVisible();
  const first = await postTestAlarm(baseURL!, 16);
  const firstRow = page.locator(`[data-alarm-id="${first.id}"] button.alarm-row`);
  await firstRow.click();
  const detail = page.locator('.alarm-live-detail');
  await expect(detail.getByRole('button', { name: '确认', exact: true })).toBeVisible();
  await page.mouse.move(1, 1); // the list holds still under the pointer
  await postTestAlarm(baseURL!, 8);
  const announcement = page.getByRole('dialog', { name: /新告警/ });
  await expect(announcement).toBeVisible();
  const a = (await announcement.boundingBox())!;
  const d = (await detail.boundingBox())!;
  const overlaps = a.x < d.x + d.width && d.x < a.x + a.width && a.y < d.y + d.height && d.y < a.y + a.height;
  expect(overlaps, `announcement ${JSON.stringify(a)} over detail ${JSON.stringify(d)}`).toBe(false);
});

test('urgent alarms join the urgent list live, and an operator can take one off it', async ({ page, baseURL }) => {
  await signIn(page, OPERATOR, { path: '/urgentEvent' });
  await expect(page.locator('.alarm-connection[data-status="open"]')).toBeVisible();
  const fire = await postTestAlarm(baseURL!, 1009);
  const item = page.locator(`.alarm-urgent-item[data-alarm-id="${fire.id}"]`);
  await expect(item).toContainText('火灾');
  // Newest in front (the e2e server's own simulated box may add urgent alarms too).
  const ids = (await page.locator('.alarm-urgent-item').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-alarm-id')))));
  expect(ids).toContain(fire.id);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  await item.getByRole('button', { name: `将告警 ${fire.id} 移出紧急事件列表` }).click();
  await expect(item).toHaveCount(0);
});

test('history refuses a backwards or too long time range before asking the server', async ({ page }) => {
  await signIn(page, OPERATOR, { path: '/historyEvent?startTime=2026-01-10%2000:00:00&endTime=2026-01-01%2000:00:00' });
  await expect(page.getByRole('alert').filter({ hasText: '开始时间不能晚于结束时间' }).first()).toBeVisible();
  await page.goto('/historyEvent?startTime=2026-01-01%2000:00:00&endTime=2026-01-20%2000:00:00');
  await expect(page.getByRole('alert').filter({ hasText: '时间范围最长 15 天' }).first()).toBeVisible();
});

test("the alarm drawer's code not arriving says so and keeps the list; after a reload it opens", async ({ page }) => {
  // Refused until the reload: the preload helper's <link rel=modulepreload> asks for the chunk first, and Chromium
  // 156.0.8078.108 asks again for import() after that request failed (156.0.8078.73 did not).
  let refusing = true;
  let refused = 0;
  await page.route(/\/assets\/AlarmDrawer-[^/]*\.js$/, async (route) => {
    if (refusing) {
      refused += 1;
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await signIn(page, OPERATOR, { path: '/historyEvent' });
  const first = page.locator('.data-table tbody .alarm-link-button').first();
  await first.click();
  await expect(page.getByText('对话框加载失败，请检查网络后刷新页面')).toBeVisible();
  await expect(page).not.toHaveURL(/alarm=\d+/);
  await expect(first).toBeVisible(); // the list stays: not the route's error screen
  expect(refused).toBeGreaterThan(0);
  refusing = false;
  await page.reload();
  await first.click();
  await expect(page.getByRole('dialog', { name: '告警详情' })).toBeVisible();
});

test("the alarm drawer's code loads at the first opening, which says so meanwhile", async ({ page }) => {
  // The drawer and the detail load when first wanted (AlarmDrawer.tsx): held back here, the list says it is opening.
  let release = () => {};
  const releasing = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\/assets\/AlarmDrawer-[^/]*\.js$/, async (route) => {
    await releasing;
    await route.continue();
  });
  await signIn(page, OPERATOR, { path: '/historyEvent' });
  await page.locator('.data-table tbody .alarm-link-button').first().click();
  await expect(page.getByRole('status', { name: '正在打开告警详情…' })).toBeVisible();
  await expect(page).toHaveURL(/alarm=\d+/);
  release();
  await expect(page.getByRole('dialog', { name: '告警详情' })).toBeVisible();
  await expect(page.getByRole('status', { name: '正在打开告警详情…' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/alarm=\d+/);
});
