// Live view in Chromium (issue 35): a fake box (tests/support/fakeLiveBox.ts) keeps the box socket open with a demo
// box's credentials and answers `watch` with a real H.264 fragmented MP4; the video centre plays the camera live in
// two pages at once (the video's currentTime advances in both), while the box was asked to watch once; when the box
// goes away the page says it is reconnecting, and with no socket the camera shows offline with the server's reason;
// the stream state the box reported (live) shows in the video centre and on the camera page, and turns offline
// ("its box disconnected") in both within 30 s of the box going away, by their 10-second refresh alone.
import { join } from 'node:path';
import { loadBoxes } from '../../server/simulator/edgeBox.ts';
import { FakeLiveBox, testStream } from '../support/fakeLiveBox.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { ADMIN, signIn } from './support/session.ts';

/** The first demo box's first camera with a stream (the seed gives the first box live cameras first). */
async function liveCamera(baseURL: string, token: string, boxId: number, cameraIds: number[]): Promise<number> {
  for (const id of cameraIds) {
    const res = await fetch(`${baseURL}/api/device/cameraInfo?cameraId=${id}`, { headers: { token } });
    const body = (await res.json()) as { code: number; data?: { kind: string; rtspUrl: string | null; boxId: number | null } };
    if (body.code === 0 && body.data?.kind === 'normal' && body.data.rtspUrl && body.data.boxId === boxId) return id;
  }
  throw new Error(`box ${boxId} has no camera with a stream`);
}

/** The box's heartbeat with one stream report (docs/edge-runtime.md, EdgeStreamReport). */
async function reportLive(baseURL: string, box: { boxId: number; secret: string }, cameraId: number) {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const lastFrameAt = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  const res = await fetch(`${baseURL}/api/ingest/heartbeat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-box-id': String(box.boxId), 'x-box-secret': box.secret },
    body: JSON.stringify({ streams: [{ cameraId, state: 'live', codec: 'h264', lastFrameAt }] }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
}

const currentTime = (page: Page) => page.locator('video').evaluate((v) => (v as unknown as { currentTime: number }).currentTime);

test('two pages play a camera live while the box was asked to watch once', async ({ browser, page, argusServer }) => {
  test.setTimeout(180_000);
  const [box] = loadBoxes(join(argusServer.dataDir, 'demo-boxes.json'));
  const stream = await testStream(180);
  const fake = await FakeLiveBox.connect({ url: `${argusServer.url.replace('http', 'ws')}/api/ingest/socket`, boxId: box.boxId, secret: box.secret, stream });
  try {
    const token = await signIn(page, ADMIN, { path: null });
    const camera = await liveCamera(argusServer.url, token, box.boxId, box.cameraIds);
    await reportLive(argusServer.url, box, camera);
    const path = `/videoPlayCenter?camera=${camera}&view=live`;
    const other = await browser.newContext();
    const second = await other.newPage();
    await signIn(second, ADMIN, { path: null });
    await Promise.all([page.goto(path), second.goto(path)]);
    for (const p of [page, second]) {
      await expect(p.getByRole('button', { name: '实时画面' })).toHaveAttribute('aria-pressed', 'true');
      await expect(p.locator('video')).toHaveAttribute('src', /^blob:/);
      // The picture moves: playback time advances by more than a second.
      await expect.poll(() => currentTime(p), { timeout: 30_000 }).toBeGreaterThan(0);
      const start = await currentTime(p);
      await expect.poll(() => currentTime(p), { timeout: 30_000 }).toBeGreaterThan(start + 1);
      await expect(p.locator('figcaption').getByText('实时', { exact: true })).toBeVisible();
    }
    expect(fake.watchesOn(camera)).toBe(1);
    // Reported again: on a loaded machine the first report may have gone stale (2 heartbeats + 5 s) by now.
    await reportLive(argusServer.url, box, camera);
    await expect(page.locator('.video-stream')).toContainText('在线', { timeout: 15_000 });
    await expect(page.getByRole('button', { pressed: true }).filter({ has: page.locator('[data-stream-state]') })).toContainText('在线');
    // The second page leaves the live view for the camera page, which shows the same state (without watching).
    await second.goto(`/deviceConfig?camera=${camera}`);
    await expect(second.locator('.camera-live-stream')).toContainText('在线');

    // The box goes away: the viewers' streams end and the pages reconnect, then say the box keeps no socket.
    fake.close();
    await fake.closed;
    // Both screens' 10-second refresh shows the stream offline, since when and why, within 30 s of the box leaving.
    await Promise.all(
      [page.locator('.video-stream'), second.locator('.camera-live-stream')].map(async (state) => {
        await expect(state).toContainText('离线', { timeout: 30_000 });
        await expect(state).toContainText('所在盒子已断开');
      }),
    );
    await expect(page.getByRole('alert')).toContainText('未与本平台保持实时连接', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: '重试' })).toBeVisible();
    await other.close();
  } finally {
    fake.close();
  }
});
