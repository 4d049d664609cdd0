// Target retrieval in the real console against the real server: an alarm posted through the ingest API as a box,
// with a detected motor vehicle's attributes and its own snapshot, is found by attributes (plate and the body
// colour check box, in the folded attribute panel) and, by one image — its object, dropped on the Uploader — first,
// with its similarity and the matched object outlined; the card links to the alarm. The query leads the screen at
// 1366×768 and at a phone's width.
import { join } from 'node:path';
import sharp from 'sharp';
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
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN, { path: '/targetRetrieval' });
  await expect(page.getByText('拖入最多 3 张目标图片按相似度检索')).toBeVisible();
  // The query leads: the drop zone and the search button are in the first screenful, the attributes folded.
  const searchButton = page.getByRole('button', { name: '检索', exact: true });
  expect((await searchButton.boundingBox())?.y ?? 9999).toBeLessThan(768);
  await expect(page.getByRole('group', { name: '车身颜色' })).toHaveCount(0);

  // By attributes: the plate and the purple body colour (a colour key: check boxes, §9).
  await page.getByLabel('车牌号码').fill(PLATE);
  await page.getByTestId('retrieval-attributes-header').click();
  const colour = page.getByRole('group', { name: '车身颜色' });
  await colour.getByLabel('紫色').check();
  await expect(page.getByTestId('retrieval-attributes-header')).toHaveText('属性筛选（已设 1 项）');
  await searchButton.click();
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

  // By one image: the alarm's object (the crop of its box), dropped on the Uploader, without the attribute filters.
  await page.getByRole('button', { name: '重置' }).click();
  const object = await sharp(SHOT.png).extract({ left: SHOT.box.x, top: SHOT.box.y, width: SHOT.box.w, height: SHOT.box.h }).png().toBuffer();
  const dropzone = page.locator('.retrieval-dropzone input[type="file"]');
  await dropzone.setInputFiles({ name: 'query.png', mimeType: 'image/png', buffer: object });
  await expect(page.getByRole('img', { name: '检索图片 1' })).toBeVisible();
  await searchButton.click();
  await expect(page.getByText(/共找到 \d+ 个目标，按相似度排序/)).toBeVisible({ timeout: 120_000 });
  const first = page.locator('.retrieval-card').first();
  await expect(first).toHaveAttribute('data-alarm-id', String(id));
  await expect(first.locator('.retrieval-score')).toHaveText('100.0%');
  await expect(first.locator('.retrieval-matched')).toHaveText('告警目标本身');
  await expect(first.getByTestId('retrieval-outline')).toBeVisible();
  // What was compared, at the threshold shown beside the query images (this server runs no background index: the
  // search indexes the newest candidates itself, a bounded number at a time).
  await expect(page.getByLabel('相似度阈值')).toBeVisible();
  await expect(page.getByTestId('retrieval-compared')).toHaveText(/^已比对 \d+ 个候选中的 \d+ 个，共 \d+ 个目标与图片中的 \d+ 个目标比对（阈值 [\d.]+）。/);

  // At a phone's width nothing is wider than the screen, and the hits stay in view under the query.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(first).toBeVisible();
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);

  // The query image is removable; a fourth image is refused before anything is sent.
  await page.getByRole('button', { name: '移除检索图片 1' }).click();
  await expect(page.getByRole('img', { name: '检索图片 1' })).toHaveCount(0);
  const other = (n: number) => ({ name: `q${n}.png`, mimeType: 'image/png', buffer: drawSnapshot(49, n).png });
  await dropzone.setInputFiles([other(1), other(2), other(3), other(4)]);
  await expect(page.getByText('以图搜图最多 3 张图片')).toBeVisible();
});
