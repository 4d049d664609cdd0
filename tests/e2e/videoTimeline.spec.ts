// The video centre's day timeline (issue 35): a continuous segment a box uploaded and an alarm of the same camera are
// drawn on the day's bar; clicking the bar plays the segment at that moment, the keyboard moves the cursor and Enter
// plays (or says nothing was recorded after it), and the alarm's marker opens the alarm.
import { join } from 'node:path';
import { formatTime } from '../../server/http/format.ts';
import { loadBoxes, postAlarm } from '../../server/simulator/edgeBox.ts';
import { testStream } from '../support/fakeLiveBox.ts';
import { expect, test } from './support/fixtures.ts';
import { ADMIN, signIn } from './support/session.ts';

test('the day timeline shows a segment and an alarm; a click plays that moment, keys move, the marker opens the alarm', async ({ page, argusServer }) => {
  test.setTimeout(120_000);
  const [box] = loadBoxes(join(argusServer.dataDir, 'demo-boxes.json'));
  const camera = box.cameraIds[1];
  const stream = await testStream(60);
  const ended = new Date(Date.now() - 5000);
  const form = new FormData();
  form.set('cameraId', String(camera));
  form.set('kind', 'continuous');
  form.set('startTime', formatTime(new Date(ended.getTime() - 60_000)) as string);
  form.set('endTime', formatTime(ended) as string);
  form.set('clip', new Blob([new Uint8Array(Buffer.concat([stream.init, ...stream.fragments.map((f) => f.data)]))], { type: 'video/mp4' }), 'segment.mp4');
  const uploaded = (await (await fetch(`${argusServer.url}/api/ingest/recording`, { method: 'POST', headers: { 'x-box-id': String(box.boxId), 'x-box-secret': box.secret }, body: form })).json()) as {
    code: number;
    msg: string;
    data: { id: number };
  };
  expect(uploaded.code, uploaded.msg).toBe(0);
  const alarm = await postAlarm(argusServer.url, box, 16, {}, camera);
  expect(alarm.ok).toBe(true);

  await signIn(page, ADMIN, { path: `/videoPlayCenter?camera=${camera}` });
  const bar = page.getByRole('slider', { name: /的录像：选择时刻播放/ });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('heading', { name: /当日时间轴 · 录像 \d+ 段，告警 \d+ 条/ })).toBeVisible();

  // A click at the bar's left end (after midnight) plays the day's first recording, ours, from its start.
  const track = (await bar.boundingBox())!;
  await page.mouse.click(track.x + 1, track.y + track.height / 2);
  await expect(page).toHaveURL(new RegExp(`clip=${uploaded.data.id}$`));
  const video = page.locator('.video-player video');
  await expect(video).toHaveAttribute('src', /\/files\/recordings\/.+\.mp4$/);
  await expect.poll(() => video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.locator('.video-player figcaption')).toContainText('连续录像');

  // From the keyboard, to the middle of the segment's part of today, and Enter plays it from that moment.
  const dayStart = new Date(ended);
  dayStart.setHours(0, 0, 0, 0);
  const seconds = (d: Date) => Math.floor((d.getTime() - dayStart.getTime()) / 1000);
  const start = seconds(new Date(ended.getTime() - 60_000));
  const from = Math.max(0, start);
  const target = Math.floor((from + seconds(ended)) / 2 / 10) * 10;
  await bar.focus();
  await page.keyboard.press('Home');
  let at = 0;
  for (const [step, key] of [[3600, 'Shift+PageUp'], [600, 'PageUp'], [60, 'Shift+ArrowRight'], [10, 'ArrowRight']] as const) {
    while (at + step <= target) {
      await page.keyboard.press(key);
      at += step;
    }
  }
  await expect(bar).toHaveAttribute('aria-valuenow', String(target));
  await expect(bar).toHaveAttribute('aria-valuetext', /, 有录像$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`clip=${uploaded.data.id}&at=${target - start}$`));
  await expect.poll(() => video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime), { timeout: 20_000 }).toBeGreaterThanOrEqual(target - start - 1);

  // From the keyboard: End goes to the day's last second, where nothing was recorded.
  await bar.focus();
  await page.keyboard.press('End');
  await expect(bar).toHaveAttribute('aria-valuetext', '23:59:59, 无录像');
  await page.keyboard.press('Enter');
  await expect(page.getByText('当天 23:59:59 及之后没有录像')).toBeVisible();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(bar).toHaveAttribute('aria-valuetext', /^00:00:10, /);

  // The alarm's marker opens the alarm.
  await page.getByRole('button', { name: new RegExp(`^告警 ${alarm.id}，`) }).click();
  await expect(page).toHaveURL(new RegExp(`/historyEvent\\?alarm=${alarm.id}$`));
});
