// Live view in Chromium (issue 35): a fake box (tests/support/fakeLiveBox.ts) keeps the box socket open with a demo
// box's credentials and answers `watch` with a real H.264 fragmented MP4; the video centre plays the camera live in
// two pages at once (the video's currentTime advances in both), while the box was asked to watch once; when the box
// goes away the page says it is reconnecting, and with no socket the camera shows offline with the server's reason.
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

const currentTime = (page: Page) => page.locator('video').evaluate((v) => (v as unknown as { currentTime: number }).currentTime);

test('two pages play a camera live while the box was asked to watch once', async ({ browser, page, argusServer }) => {
  test.setTimeout(180_000);
  const [box] = loadBoxes(join(argusServer.dataDir, 'demo-boxes.json'));
  const stream = await testStream(180);
  const fake = await FakeLiveBox.connect({ url: `${argusServer.url.replace('http', 'ws')}/api/ingest/socket`, boxId: box.boxId, secret: box.secret, stream });
  try {
    const token = await signIn(page, ADMIN, { path: null });
    const camera = await liveCamera(argusServer.url, token, box.boxId, box.cameraIds);
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

    // The box goes away: the viewers' streams end and the pages reconnect, then say the box keeps no socket.
    fake.close();
    await fake.closed;
    await expect(page.getByRole('alert')).toContainText('未与本平台保持实时连接', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: '重试' })).toBeVisible();
    await other.close();
  } finally {
    fake.close();
  }
});
