// The video centre against the real server: an alarm posted as a box, with its recording uploaded the way the
// simulated boxes do it (a real fMP4 clip encoded by ffmpeg, POST /api/ingest/recording); from the alarm's detail
// to its clip, which plays with the detection box drawn over it, and back to the alarm. Then validation on a video
// (/testVerify): a model trained through the API scores the frames of an uploaded clip.
import { join } from 'node:path';
import sharp from 'sharp';
import { labelledImage } from '../../scripts/trainingDataset.ts';
import { encodeClip } from '../../server/media/ffmpeg.ts';
import { loadBoxes, postAlarm } from '../../server/simulator/edgeBox.ts';
import { postRecording } from '../../server/simulator/recordingPost.ts';
import { expect, test } from './support/fixtures.ts';
import { ADMIN, signIn } from './support/session.ts';
import { trainedAlgorithm } from './support/training.ts';
import { chooseFiles } from './support/upload.ts';

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
  await signIn(page, ADMIN, { path: `/historyEvent?alarm=${id}` });
  const clipLink = page.getByRole('link', { name: /播放告警录像/ });
  await expect(clipLink).toHaveAttribute('href', `/videoPlayCenter?alarmId=${id}`);
  await clipLink.click();
  await expect(page).toHaveURL(new RegExp(`/videoPlayCenter\\?alarmId=${id}$`));

  const video = page.locator('video');
  await expect(video).toBeVisible();
  // The project's fmp4 player feeds it through Media Source Extensions.
  await expect(video).toHaveAttribute('src', /^blob:/);
  // The browser decodes it: enough data for the current frame, and playback moves on.
  await expect.poll(() => video.evaluate((v) => (v as unknown as { readyState: number }).readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByText('黄色框为告警检测框的轨迹')).toBeVisible();
  // The clip is listed under its camera and day, with its download.
  // The alarm's clip is the chosen record (the day timeline's marker of the same alarm is a button too, never pressed).
  await expect(page.getByRole('button', { name: new RegExp(`告警 ${id}`), pressed: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: /下载/ }).first()).toHaveAttribute('href', /^\/files\/recordings\/.+\.mp4$/);

  await page.getByRole('link', { name: `返回告警 ${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/historyEvent\\?alarm=${id}$`));
  await expect(page.getByRole('dialog')).toContainText(String(id));
});

test('in English: an alarm without a recording says so, and one with a clip lists it under its camera', async ({ page, argusServer }) => {
  const box = loadBoxes(join(argusServer.dataDir, 'demo-boxes.json'))[0];
  const alarm = await postAlarm(argusServer.url, box, 16, {}, box.cameraIds[0]);
  expect(alarm.ok).toBe(true);
  await signIn(page, ADMIN, { path: `/videoPlayCenter?alarmId=${alarm.id}`, language: 'en' });
  await expect(page.getByText(`Alarm ${alarm.id} has no recording (its box uploaded no clip)`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Back to alarm ${alarm.id}` })).toBeVisible();

  const id = await alarmWithClip(argusServer.url, argusServer.dataDir);
  await page.goto(`/videoPlayCenter?alarmId=${id}`);
  await expect(page.getByText("the yellow box is the track of the alarm's detection")).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`alarm ${id}`) })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: /Download/ }).first()).toHaveAttribute('href', /^\/files\/recordings\/.+\.mp4$/);
});

/** A 6 s clip at 1 fps: fire, clear, fire, clear, … (the generated scenes the model was trained on). */
async function fireClip(): Promise<Buffer> {
  const frames = await Promise.all(
    [true, false, true, false, true, false].map(async (fire, i) => new Uint8Array(await sharp(labelledImage(5000 + i, fire)).removeAlpha().raw().toBuffer())),
  );
  return (await encodeClip(frames, { width: 320, height: 240, fps: 1 })).output;
}

test('validation on a video: frames scored, a timeline with the threshold, the frames over it', async ({ page, argusServer }) => {
  test.setTimeout(150_000);
  const [{ name }, clip] = await Promise.all([trainedAlgorithm(argusServer.url), fireClip()]);
  await signIn(page, ADMIN, { path: '/testVerify' });
  const versions = page.getByRole('combobox', { name: '训练版本' });
  await expect(versions).toBeVisible();
  await versions.click();
  await page.getByRole('option', { name: new RegExp(name) }).first().click();
  await chooseFiles(page, page.locator('#video-validate-file'), { name: 'fire.mp4', mimeType: 'video/mp4', buffer: clip });
  await page.getByRole('button', { name: '开始视频验证' }).click();
  await expect(page.getByRole('img', { name: /6 帧的得分时间线/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /超过阈值 .* 的帧（[1-6]）/ })).toBeVisible();
  const frame = page.getByRole('img', { name: /第 \d+ 秒的画面/ }).first();
  await expect(frame).toBeVisible();
  // The frame's picture is private: it comes by a signed URL, and loads.
  expect(await frame.getAttribute('src')).toMatch(/^\/files\/private\/verify\/.+\?exp=\d+&sig=/);
  await expect.poll(() => frame.evaluate((img) => { const shown = img as unknown as { complete: boolean; naturalWidth: number }; return shown.complete ? shown.naturalWidth : 0; })).toBeGreaterThan(0);
});
