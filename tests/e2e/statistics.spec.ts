// The statistics details (issue 8 item 19): the ranking panels draw their bars (by camera and by scene) from the
// same answer their table lists, and the page throws nothing. The 7-day chart's legend layout is measured in
// tests/unit/statsCharts.test.ts (ECharts' own layout, rendered to SVG).
import { expect, type Locator, test } from './support/fixtures.ts';
import { signIn } from './support/session.ts';
import { postTestAlarm } from './support/alarmBox.ts';

/** Pixels of the charts' first colour (#1675e0, the bars of a one-series chart) drawn in a panel's canvas. */
function barPixels(panel: Locator): Promise<number> {
  return panel
    .locator('canvas')
    .first()
    .evaluate((node) => {
      // The spec is type-checked without the DOM library: the canvas API it uses, spelled out.
      const canvas = node as unknown as {
        width: number;
        height: number;
        getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
      };
      const context = canvas.getContext('2d');
      if (!context) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] === 0x16 && data[i + 1] === 0x75 && data[i + 2] === 0xe0) count += 1;
      return count;
    });
}

test('the ranking panels of /eventStatisticsInfo draw the bars their tables list', async ({ page, baseURL }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await postTestAlarm(baseURL!, 16);
  await postTestAlarm(baseURL!, 1009);
  await signIn(page);

  for (const [rank, title] of [
    ['camera', '摄像机告警排行'],
    ['scene', '场景告警排行'],
    ['eventType', '事件类型排行'],
  ] as const) {
    await page.goto(`/eventStatisticsInfo?simulated=1&rank=${rank}`);
    const panel = page.getByRole('region', { name: title });
    const rows = panel.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible(); // a header row and at least one ranked row
    const first = (await rows.nth(1).getByRole('cell').nth(1).textContent())?.trim() ?? '';
    const chart = panel.getByRole('img');
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`^${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d+`));
    await expect.poll(() => barPixels(panel), { message: `bars drawn in the ${rank} ranking` }).toBeGreaterThan(200);
  }
  expect(errors).toEqual([]);
});
