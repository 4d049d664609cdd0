// The video centre against the real server: an alarm posted as a box, with its recording uploaded the way the
// simulated boxes do it (a real fMP4 clip encoded by ffmpeg, POST /api/ingest/recording); from the alarm's detail
// to its clip, which plays with the detection box drawn over it, and back to the alarm.
import { join } from 'node:path';
import { loadBoxes, postAlarm } from '../../server/simulator/edgeBox.ts';
import { postRecording } from '../../server/simulator/recordingPost.ts';
import { expect, type Page, test } from './support/fixtures.ts';

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill('Argus@2026');
  await page.getByLabel('密码').press('Enter');
  await expect(page).not.toHaveURL(/\/login$/);
}

async function alarmWithClip(baseURL: string, dataDir: string): Promise<number> {
  const box = loadBoxes(join(dataDir, 'demo-boxes.json'))[0];
  const alarm = await postAlarm(baseURL, box, 16, {}, box.cameraIds[0]);
  if (!alarm.ok || !alarm.id || !alarm.posted) throw new Error(`the ingest refused the test alarm: ${alarm.code} ${alarm.msg}`);
  const recording = await postRecording(baseURL, box, alarm.posted);
  if (!recording.ok) throw new Error(`the recording was refused: ${recording.code} ${recording.msg}`);
  return alarm.id;
}

test('an alarm → its clip plays with the box track → back to the alarm', async ({ page, argusServer }) => {
  test.setTimeout(120_000);
  const id = await alarmWithClip(argusServer.url, argusServer.dataDir);
  await signIn(page);
  await page.goto(`/historyEvent?alarm=${id}`);
  const clipLink = page.getByRole('link', { name: /播放告警录像/ });
  await expect(clipLink).toHaveAttribute('href', `/videoPlayCenter?alarmId=${id}`);
  await clipLink.click();
  await expect(page).toHaveURL(new RegExp(`/videoPlayCenter\\?alarmId=${id}$`));

  const video = page.locator('video');
  await expect(video).toBeVisible();
  // The browser decodes it: enough data for the current frame, and playback moves on.
  await expect.poll(() => video.evaluate((v) => (v as unknown as { readyState: number }).readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByText('黄色框为告警检测框的轨迹')).toBeVisible();
  // The clip is listed under its camera and day, with its download.
  await expect(page.getByRole('button', { name: new RegExp(`告警 ${id}`) })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: /下载/ }).first()).toHaveAttribute('href', /^\/files\/recordings\/.+\.mp4$/);

  await page.getByRole('link', { name: `返回告警 ${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/historyEvent\\?alarm=${id}$`));
  await expect(page.getByRole('dialog')).toContainText(String(id));
});

test('an alarm without a recording says so in the video centre', async ({ page, argusServer }) => {
  const box = loadBoxes(join(argusServer.dataDir, 'demo-boxes.json'))[0];
  const alarm = await postAlarm(argusServer.url, box, 16, {}, box.cameraIds[0]);
  expect(alarm.ok).toBe(true);
  await signIn(page);
  await page.goto(`/videoPlayCenter?alarmId=${alarm.id}`);
  await expect(page.getByText(`告警 ${alarm.id} 没有录像（盒子未上传片段）`)).toBeVisible();
  await expect(page.getByRole('link', { name: `返回告警 ${alarm.id}` })).toBeVisible();
});
