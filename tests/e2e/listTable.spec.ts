// The list table on a wide screen and on a phone: the growing columns fill the frame (no sideways scroll where the
// columns fit); the row buttons stay in view while a wide table scrolls sideways; on a phone, where the checkbox and
// button columns together would cover most of the frame, they scroll with the row so its other cells can be read;
// a header sorts the page. Every wait is for a condition.
import { expect, test } from './support/fixtures.ts';
import { signIn } from './support/session.ts';

const frame = (page: import('@playwright/test').Page) => page.locator('.data-table-frame').first();

test('wide: the columns fill the frame, the actions column is sticky, a header sorts the page', async ({ page }) => {
  await page.setViewportSize({ width: 1800, height: 900 });
  await signIn(page, undefined, { path: '/deviceConfig' });
  const table = page.locator('.data-table').first();
  await expect(table.locator('tbody tr').nth(2)).toBeVisible();
  const [frameWidth, tableWidth] = await frame(page).evaluate((element) => [element.clientWidth, element.scrollWidth]);
  expect(tableWidth).toBe(frameWidth);
  await expect(table).not.toHaveAttribute('data-unstuck');
  const actions = table.locator('thead th').last();
  // (The specs are compiled for Node, without the DOM's globals: the page's window is reached through the element.)
  expect(await actions.evaluate((element) => element.ownerDocument.defaultView?.getComputedStyle(element).position)).toBe('sticky');

  const header = table.getByRole('columnheader', { name: /设备编号/ });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const numbers = await table.locator('tbody tr td:nth-child(4)').allTextContents();
  expect(numbers).toEqual([...numbers].sort().reverse());
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
});

test('phone: sticky columns that would cover the frame scroll with the row', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await signIn(page, undefined, { path: '/edgeDevice/box' });
  const table = page.locator('.data-table').first();
  await expect(table.locator('tbody tr').nth(1)).toBeVisible();
  await expect(table).toHaveAttribute('data-unstuck', '');
  // The name column shows beside the checkboxes, not under the buttons.
  const name = table.getByRole('columnheader', { name: /名称/ });
  const [nameBox, frameBox] = [await name.boundingBox(), await frame(page).boundingBox()];
  expect(nameBox!.x + nameBox!.width).toBeLessThan(frameBox!.x + frameBox!.width);
  // The buttons are reached by scrolling the frame sideways.
  const restart = table.locator('tbody tr').first().getByRole('button', { name: '重启' });
  await restart.scrollIntoViewIfNeeded();
  await expect(restart).toBeInViewport();
  expect(await frame(page).evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
});
