// "Add to samples" from an alarm's detail (issue 35): an alarm posted by a box with a real photograph as its snapshot,
// opened in the history screen; the dialog lists the trained algorithm, the alarm's crop goes in as a negative
// sample, and the algorithm's samples count it.
import { join } from 'node:path';
import sharp from 'sharp';
import { formatTime } from '../../server/http/format.ts';
import { loadBoxes } from '../../server/simulator/edgeBox.ts';
import { readRealPhoto } from '../support/realPhotos.ts';
import { expect, test } from './support/fixtures.ts';
import { ADMIN, signIn } from './support/session.ts';
import { trainedAlgorithm } from './support/training.ts';

async function photoAlarm(baseURL: string, dataDir: string): Promise<number> {
  const [box] = loadBoxes(join(dataDir, 'demo-boxes.json'));
  const photo = await sharp(readRealPhoto('office')).resize(640, 360, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
  const form = new FormData();
  form.set('cameraId', String(box.cameraIds[0]));
  form.set('eventType', '28');
  form.set('alarmTime', formatTime(new Date()) as string);
  form.set('confidence', '0.8');
  form.set('box', JSON.stringify({ x: 220, y: 60, w: 180, h: 220 }));
  form.set('snapshot', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'snapshot.jpg');
  const res = await fetch(`${baseURL}/api/ingest/alarm`, { method: 'POST', headers: { 'x-box-id': String(box.boxId), 'x-box-secret': box.secret }, body: form });
  const body = (await res.json()) as { code: number; msg: string; data: { id: number } };
  if (body.code !== 0) throw new Error(`the alarm was refused: ${body.msg}`);
  return body.data.id;
}

test('an alarm’s crop goes into a trained algorithm’s samples as a negative', async ({ page, argusServer }) => {
  test.setTimeout(150_000);
  const [algorithm, id] = await Promise.all([trainedAlgorithm(argusServer.url, '误报样本'), photoAlarm(argusServer.url, argusServer.dataDir)]);
  const counts = async () => {
    const res = await fetch(`${argusServer.url}/api/warehouse/samples/list`, {
      method: 'POST',
      headers: { token: algorithm.token, 'content-type': 'application/json' },
      body: JSON.stringify({ algorithmId: algorithm.id, pageNo: 1, pageSize: 1 }),
    });
    return ((await res.json()) as { data: { counts: { negative: number; total: number } } }).data.counts;
  };
  const before = await counts();
  await signIn(page, ADMIN, { path: `/historyEvent?alarm=${id}` });
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText(String(id));
  await detail.getByRole('button', { name: '加入训练样本' }).click();
  const dialog = page.getByRole('dialog', { name: `将告警 ${id} 加入训练样本` });
  await expect(dialog).toBeVisible();
  await dialog.locator('#samples-algorithm').click();
  await page.getByRole('option', { name: new RegExp(algorithm.name) }).click();
  await expect(dialog.getByRole('radio', { name: '负样本（误报）' })).toBeChecked();
  await dialog.getByRole('button', { name: '加入', exact: true }).click();
  await expect(page.getByText(new RegExp(`已作为负样本加入 ${algorithm.name}（252×308 像素）`))).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await counts()).toEqual({ ...before, negative: before.negative + 1, total: before.total + 1 });
});
