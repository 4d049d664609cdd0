// The box map against the real server, offline: the base map comes from the console's own file, boxes and cameras
// are markers (clusters at a wide zoom, zooming in on a click), and a box opens its drawer — in both languages.
import { expect, test } from './support/fixtures.ts';
import { OPERATOR, signIn } from './support/session.ts';

test('the map draws offline, a cluster zooms in, and a box opens its drawer', async ({ page }) => {
  // Nothing outside the server is reached.
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(new URL(page.url() || 'http://127.0.0.1').origin) && !request.url().startsWith('data:')) outside.push(request.url());
  });
  await signIn(page, OPERATOR, { path: null });
  outside.length = 0;
  await page.goto('/boxMap');
  await expect(page.getByRole('heading', { level: 1, name: '盒子地图' })).toBeVisible();
  await expect(page.getByRole('img', { name: /盒子地图，共 \d+ 个盒子与摄像机/ })).toBeVisible();
  const boxMarker = page.locator('.box-map-marker[data-kind="box"]').first();
  // Zoom into clusters until a box marker shows (the demo's devices sit close together).
  for (let i = 0; i < 6 && !(await boxMarker.isVisible()); i++) {
    const cluster = page.locator('.box-map-marker[data-kind="cluster"]').first();
    await expect(cluster.or(boxMarker).first()).toBeVisible();
    if (await cluster.isVisible()) await cluster.click();
  }
  await expect(boxMarker).toBeVisible();
  const name = ((await boxMarker.getAttribute('aria-label')) ?? '').replace(/^边缘盒子 (.*)（.*）$/, '$1');
  await boxMarker.click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(/摄像机（[1-9]\d*）/)).toBeVisible();
  await expect(drawer.getByText('最近心跳')).toBeVisible();
  await drawer.getByRole('button', { name: /close|关闭/i }).click();
  expect(outside).toEqual([]);

  // The list beside the map opens the same drawer; English throughout.
  await page.getByRole('button', { name: '值班员' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('navigation', { name: 'Edge boxes' }).getByRole('button').first().click();
  await expect(page.getByRole('dialog').getByText('Last heartbeat')).toBeVisible();
});
