// Target retrieval in the real console against the real server: an alarm posted through the ingest API as a box,
// with a detected motor vehicle's attributes and its own snapshot, is found by attributes (plate and the body
// colour check box) and, by one image — its own snapshot — first, with its similarity; the card links to the alarm.
import { join } from 'node:path';
import { formatTime } from '../../server/http/format.ts';
import { loadBoxes } from '../../server/simulator/edgeBox.ts';
import { drawSnapshot } from '../../server/simulator/snapshot.ts';
import { expect, test } from './support/fixtures.ts';
import { ADMIN, signIn } from './support/session.ts';

const SHOT = drawSnapshot(49, 7);
const PLATE = `沪E2E${String(Date.now() % 100000).padStart(5, '0')}`;

/** Posts the alarm as the demo site's first box, with exactly this snapshot and object. */
async function postAlarm(baseURL: string, dataDir: string): Promise<number> {
  const box = loadBoxes(join(dataDir, 'demo-boxes.json'))[0];
  const form = new FormData();
  form.set('cameraId', String(box.cameraIds[0]));
  form.set('eventType', '49');
  form.set('alarmTime', formatTime(new Date()) as string);
  form.set('confidence', '0.9');
  form.set('box', JSON.stringify(SHOT.box));
  form.set('attributes', JSON.stringify({ objType: 2, vehicleColor: 10, plateNo: PLATE }));
  form.set('snapshot', new Blob([new Uint8Array(SHOT.png)], { type: 'image/png' }), 'snapshot.png');
  const res = await fetch(`${baseURL}/api/ingest/alarm`, { method: 'POST', headers: { 'x-box-id': String(box.boxId), 'x-box-secret': box.secret }, body: form });
  const body = (await res.json()) as { code: number; msg: string; data?: { id: number } };
  if (body.code !== 0 || !body.data) throw new Error(`the ingest refused the test alarm: ${body.code} ${body.msg}`);
  return body.data.id;
}

test('finds an alarm’s detected vehicle by attributes, and by its snapshot first', async ({ page, argusServer }) => {
  test.setTimeout(180_000);
  const id = await postAlarm(argusServer.url, argusServer.dataDir);
  await signIn(page, ADMIN, { path: '/targetRetrieval' });
  await expect(page.getByText('选择目标类型、属性和时间范围')).toBeVisible();

  // By attributes: the plate and the purple body colour (a colour key: check boxes, §9).
  await page.getByLabel('车牌号码').fill(PLATE);
  const colour = page.getByRole('group', { name: '车身颜色' });
  await colour.getByLabel('紫色').check();
  await page.getByRole('button', { name: '检索', exact: true }).click();
  await expect(page.getByText('共找到 1 个目标，按时间倒序')).toBeVisible();
  const card = page.locator(`[data-alarm-id="${id}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByRole('img')).toBeVisible();
  await expect(card.getByRole('link', { name: `查看告警 ${id}` })).toHaveAttribute('href', `/historyEvent?alarm=${id}`);
  // A colour the alarm does not have: the empty state.
  await colour.getByLabel('紫色').uncheck();
  await colour.getByLabel('红色').check();
  await page.getByRole('button', { name: '检索', exact: true }).click();
  await expect(page.getByText('没有符合条件的目标。')).toBeVisible();

  // By one image: the alarm's own snapshot, over the last quarter hour's vehicles, without the attribute filters.
  await page.getByRole('button', { name: '重置' }).click();
  const start = new Date(Date.now() - 15 * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await page.getByLabel('开始时间').fill(`${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}T${pad(start.getHours())}:${pad(start.getMinutes())}`);
  await page.getByLabel('添加图片').setInputFiles({ name: 'query.png', mimeType: 'image/png', buffer: SHOT.png });
  await expect(page.getByRole('img', { name: '检索图片 1' })).toBeVisible();
  await page.getByRole('button', { name: '检索', exact: true }).click();
  await expect(page.getByText(/共找到 \d+ 个目标，按相似度排序/)).toBeVisible({ timeout: 120_000 });
  const first = page.locator('.retrieval-card').first();
  await expect(first).toHaveAttribute('data-alarm-id', String(id));
  await expect(first.locator('.retrieval-score')).toHaveText('100.0%');
  // What was compared, at the threshold shown beside the query images (this server runs no background index).
  await expect(page.getByRole('spinbutton', { name: '相似度阈值' })).toBeVisible();
  await expect(page.getByTestId('retrieval-compared')).toHaveText(/^已比对 (\d+) 个候选中的 \1 个（阈值 [\d.]+）。$/);

  // The query image is removable; a fourth image is refused before anything is sent.
  await page.getByRole('button', { name: '移除检索图片 1' }).click();
  await expect(page.getByRole('img', { name: '检索图片 1' })).toHaveCount(0);
  const other = (n: number) => ({ name: `q${n}.png`, mimeType: 'image/png', buffer: drawSnapshot(49, n).png });
  await page.getByLabel('添加图片').setInputFiles([other(1), other(2), other(3), other(4)]);
  await expect(page.getByText('以图搜图最多 3 张图片')).toBeVisible();
});
