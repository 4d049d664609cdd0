// The demo site as a newcomer finds it (issue 8, items 14–17), in Chromium against the real server started as
// `npm start` starts it: its edge boxes are simulated boxes heartbeating through the box API (online, marked
// simulated), so a seeded task is started and stopped; /eventStatistics counts the demo's simulated alarms by
// default and the switch still leaves them out; an image camera takes an uploaded picture and an area is drawn on
// it; a live alarm plays the shipped sound, and a missing sound is silent (no failed request, no console error).
import sharp from 'sharp';
import { expect, type Locator, type Page, test } from './support/fixtures.ts';
import { ADMIN, signIn } from './support/session.ts';
import { postTestAlarm } from './support/alarmBox.ts';
import { marksOf, recordMarks } from './support/messageMarks.ts';
import { chooseFiles } from './support/upload.ts';

async function token(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('argus.session') ?? '{}').token as string);
}

async function clickAt(page: Page, canvas: Locator, x: number, y: number) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the drawing surface is not visible');
  await page.mouse.click(box.x + x * box.width, box.y + y * box.height);
}

test('the demo boxes are online and simulated, a box restarts, a seeded task is started and stopped', async ({ page }) => {
  await signIn(page, ADMIN, { path: '/edgeDevice/box' });
  for (const serial of ['ARGUS-BOX-0001', 'ARGUS-BOX-0002']) {
    const row = page.getByRole('row').filter({ hasText: serial });
    await expect(row).toContainText('在线');
    await expect(row).toContainText('模拟');
  }
  // An online box can be restarted: the command goes out with its next heartbeat answer.
  const box = page.getByRole('row').filter({ hasText: 'ARGUS-BOX-0002' });
  await box.getByRole('button', { name: '重启' }).click();
  // Messages live a few seconds: the page records them (support/messageMarks.ts), a loaded machine's polls may not.
  await recordMarks(page, /已发送重启指令/);
  await page.getByRole('alertdialog').getByRole('button', { name: '重启' }).click();
  await expect.poll(async () => (await marksOf(page)).shown).toBeDefined();

  await page.goto('/taskConfig');
  const row = page.getByRole('row').filter({ hasText: '登良路口违法抓拍' });
  await expect(row).toContainText('未启动');
  await row.getByRole('button', { name: '启动', exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await recordMarks(page, /已启动 1 个任务/);
  await confirm.getByRole('button', { name: '启动' }).click();
  await expect(row).toContainText('运行中');
  await expect.poll(async () => (await marksOf(page)).shown).toBeDefined();
  await row.getByRole('button', { name: '停止', exact: true }).click();
  await recordMarks(page, /已停止 1 个任务/);
  await confirm.getByRole('button', { name: '停止' }).click();
  await expect(row).toContainText('未启动');
  await expect.poll(async () => (await marksOf(page)).shown).toBeDefined();
});

test('/eventStatistics counts the demo alarms by default; the switch leaves them out', async ({ page, baseURL }) => {
  await postTestAlarm(baseURL!, 16);
  await signIn(page, ADMIN, { path: '/eventStatistics' });
  const simulated = page.getByRole('switch', { name: '包含模拟数据' });
  await expect(simulated).toBeChecked();
  const total = page.locator('.alarm-card').filter({ hasText: '告警总数' }).locator('.alarm-card-value');
  await expect(total).toHaveText(/^[1-9]\d*$/);
  const withSimulated = Number(await total.textContent());
  await simulated.click();
  await expect(simulated).not.toBeChecked();
  await expect(page).toHaveURL(/simulated=0/);
  // The simulated boxes' alarms are left out; what remains are the real ones (the in-process edge box analysing the
  // demo video raises a few), far fewer than the simulated boxes' hundreds.
  await expect.poll(async () => Number(await total.textContent()), { timeout: 30_000 }).toBeLessThan(withSimulated / 2);
});

test('an image camera takes an uploaded picture, and an area is drawn on it', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN, { path: '/imgTaskConfig' });
  await expect(page.getByRole('row').filter({ hasText: '科技园停车场抓拍机' })).toBeVisible();
  await page.goto('/deviceConfigImage');
  await page.getByRole('row').filter({ hasText: '科技园停车场抓拍机' }).getByRole('button', { name: '配置' }).click();
  await expect(page.getByRole('heading', { name: '科技园停车场抓拍机' })).toBeVisible();
  const cameraId = Number(new URL(page.url()).searchParams.get('camera'));

  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 110, b: 130 } } }).png().toBuffer();
  await chooseFiles(page, page.getByRole('button', { name: '上传图片' }), { name: 'car-park.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByRole('img', { name: '“科技园停车场抓拍机”的截图' })).toBeVisible();
  await expect(page.getByText('800 × 600 像素')).toBeVisible();

  await page.getByRole('button', { name: '在截图上绘制区域' }).click();
  const editor = page.getByRole('dialog', { name: '区域' });
  const canvas = editor.locator('.shape-editor-surface canvas').first();
  await expect(canvas).toBeVisible();
  await editor.getByRole('button', { name: '绘制区域' }).click();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.7, 0.3],
    [0.7, 0.8],
    [0.2, 0.3],
  ] as const)
    await clickAt(page, canvas, x, y);
  await expect(editor.getByText('区域 1（3 个点）')).toBeVisible();
  await editor.getByRole('button', { name: '确定' }).click();
  await page.getByRole('button', { name: '保存配置' }).click();
  await expect(page.getByText('事件“区域入侵”的配置已保存')).toBeVisible();

  const answer = await page.request.get(`/api/device/eventConfig/byPoint?cameraId=${cameraId}&type=2`, { headers: { token: await token(page) } });
  const saved = (await answer.json()).data.find((config: { eventId: number }) => config.eventId === 51);
  expect(saved.areas).toHaveLength(1);
  // In pixels of the uploaded picture (800 × 600).
  const pixels = saved.area.split(',').map(Number);
  for (const [index, expected] of [160, 180, 560, 180, 560, 480].entries()) expect(Math.abs(pixels[index] - expected)).toBeLessThanOrEqual(4);
});

test('a live alarm plays the shipped sound; a missing sound is silent', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  // Every sound file the page loads, with the answer's status (a media load may be a range request: 206).
  const sounds: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/audio/')) sounds.push(`${path} ${response.status()}`);
  });

  await signIn(page, ADMIN, { path: '/actualTimeEvent' });
  await expect(page.locator('.alarm-connection[data-status="open"]')).toBeVisible();
  // A click on the page: the browser lets it play sound from then on.
  await page.getByRole('heading').first().click();
  // The first alarm on the page (this one, or one the demo boxes posted meanwhile) loads the sound.
  const first = await postTestAlarm(baseURL!, 16);
  await expect(page.locator(`[data-alarm-id="${first.id}"]`)).toBeVisible();
  await expect.poll(() => sounds).toContainEqual(expect.stringMatching(/^\/audio\/alarm\.wav 20[06]$/));

  // The sound configured is missing: the console is told so, plays its own beep and asks for nothing.
  const adminToken = await token(page);
  const update = (audioUrl: string) =>
    page.request.put('/api/config/updateConfigMap', { headers: { token: adminToken }, data: { audioUrl } }).then((r) => r.json());
  expect(await update('/audio/missing.wav')).toMatchObject({ code: 0 });
  try {
    // A new sign-in loads the configuration again.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, ADMIN, { path: '/actualTimeEvent' });
    await expect(page.locator('.alarm-connection[data-status="open"]')).toBeVisible();
    await page.getByRole('heading').first().click();
    const second = await postTestAlarm(baseURL!, 16);
    await expect(page.locator(`[data-alarm-id="${second.id}"]`)).toBeVisible();
    await expect(page.getByRole('dialog', { name: /新告警/ })).toBeVisible();
  } finally {
    expect(await update('/audio/alarm.wav')).toMatchObject({ code: 0 });
  }
  expect(sounds.filter((sound) => sound.startsWith('/audio/missing.wav'))).toEqual([]);
  expect(errors).toEqual([]);
});
