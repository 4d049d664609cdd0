// Typing into the time-range fields (issue 8 item 18): rsuite's picker reports every keystroke with ends that are
// missing or not yet dates; the screens take none of them as a time, throw nothing and keep what is typed, and a
// half-typed range is refused with a message instead of quietly searching something else.
import { expect, type Page, test } from './support/fixtures.ts';
import { ADMIN, signIn } from './support/session.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const day = (daysAgo: number) => {
  const date = new Date(Date.now() - daysAgo * 24 * 3_600_000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};
/**
 * Types `text` key by key as a person does: rsuite's date input moves its selection to the next segment in the
 * next animation frame, and reads it on the next key — so each key waits for the frames after it (on a loaded
 * 2-core machine frames can come slower than a robot's keys).
 */
async function typeKeys(page: Page, text: string) {
  for (const key of text) {
    await page.keyboard.type(key);
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null))))');
  }
}

/** The URL's query parameter `name`. */
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** The same day written without leading zeros ("2026-1-5"), as people type it. */
const loose = (text: string) => text.replace(/-0(\d)/g, '-$1');

test('typing a time range on /historyEvent throws nothing, keeps the text and applies the range', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, ADMIN, { path: '/historyEvent' });
  const field = page.locator('#alarm-filter-time');
  await expect(field).toBeVisible();

  // Digits only, then with separators and unpadded numbers, each key on its own.
  await field.click({ position: { x: 8, y: 8 } });
  const start = `${day(3)} 08:00:00`;
  const end = `${day(1)} 09:30:00`;
  await typeKeys(page, `${loose(day(3))} 8:00:00 ~ ${end}`);
  await expect(field).toHaveValue(`${start} ~ ${end}`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect.poll(() => [param(page, 'startTime'), param(page, 'endTime')]).toEqual([start, end]);
  await expect(field).toHaveValue(`${start} ~ ${end}`);
  expect(errors).toEqual([]);

  // Reset clears the field; a half-typed range is refused with a message, and the list keeps its filters.
  await page.getByRole('button', { name: '重置', exact: true }).click();
  await expect(page).toHaveURL(/\/historyEvent$/);
  await expect(field).toHaveValue('');
  await field.click({ position: { x: 8, y: 8 } });
  await typeKeys(page, '20260');
  await expect(field).toHaveValue('2026-00-dd HH:mm:ss ~ yyyy-MM-dd HH:mm:ss');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page.locator('#alarm-filter-time-problem')).toHaveText('时间格式应为 yyyy-MM-dd HH:mm:ss');
  await expect(page).toHaveURL(/\/historyEvent$/);
  expect(errors).toEqual([]);
});

for (const released of ['after the whole range', 'halfway through'] as const) {
  test(`a range typed while the time picker is still loading reaches it (chunk released ${released})`, async ({ page }) => {
    // The picker loads when the field is reached for (LazyDateRangePicker.tsx). Its chunk is held back here, so the
    // keys typed meanwhile land on the stand-in and are handed over; released halfway, the keys typed while those
    // are replayed must queue behind them.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    let release = () => {};
    const releasing = new Promise<void>((done) => {
      release = done;
    });
    let held = 0;
    await page.route(/\/assets\/TypedDateRangePicker-[^/]*\.js$/, async (route) => {
      held += 1;
      await releasing;
      await route.continue();
    });
    await signIn(page, ADMIN, { path: '/historyEvent' });
    const field = page.locator('#alarm-filter-time');
    await expect(field).toBeVisible();
    await expect(field).toHaveAttribute('readonly', ''); // still the stand-in

    await field.click({ position: { x: 8, y: 8 } });
    const start = `${day(4)} 07:15:00`;
    const end = `${day(2)} 18:45:30`;
    const typed = `${loose(day(4))} 7:15:00 ~ ${end}`;
    const half = released === 'halfway through' ? 12 : typed.length;
    await typeKeys(page, typed.slice(0, half));
    expect(held).toBe(1);
    await expect(field).toHaveValue(''); // nothing typed into the stand-in itself
    release();
    await typeKeys(page, typed.slice(half));

    await expect(field).not.toHaveAttribute('readonly'); // the picker
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(`${start} ~ ${end}`);
    await expect(page.getByRole('dialog')).toBeVisible(); // opened, as a click on the picker opens it
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await expect.poll(() => [param(page, 'startTime'), param(page, 'endTime')]).toEqual([start, end]);
    expect(errors).toEqual([]);
  });
}

test('a time picker that cannot be loaded says so and leaves the field as it was', async ({ page }) => {
  await page.route(/\/assets\/TypedDateRangePicker-[^/]*\.js$/, (route) => route.abort());
  await signIn(page, ADMIN, { path: '/historyEvent' });
  const field = page.locator('#alarm-filter-time');
  await field.click({ position: { x: 8, y: 8 } });
  await expect(page.getByText('时间选择器加载失败，请检查网络后再试')).toBeVisible();
  await expect(field).toHaveAttribute('readonly', '');
  await expect(field).toHaveValue('');
});

test('typing a time range on /logConfig and a date range on /eventStatistics throws nothing', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page);

  await page.goto('/logConfig');
  const logField = page.locator('#log-filter-time');
  await logField.click({ position: { x: 8, y: 8 } });
  const start = `${day(2)} 00:00:00`;
  const end = `${day(0)} 00:00:00`;
  await typeKeys(page, `${start} ~ ${end}`);
  await expect(logField).toHaveValue(`${start} ~ ${end}`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect.poll(() => [param(page, 'startTime'), param(page, 'endTime')]).toEqual([start, end]);

  // The statistics window applies at once: only a whole range, never a half-typed one.
  await page.goto('/eventStatistics');
  const range = page.locator('#stats-range');
  await expect(range).not.toHaveValue('');
  await range.click({ position: { x: 8, y: 8 } });
  await page.keyboard.press('Backspace');
  await typeKeys(page, `${day(5)} ~ ${day(1)}`);
  await expect(range).toHaveValue(`${day(5)} ~ ${day(1)}`);
  await expect.poll(() => [param(page, 'startDate'), param(page, 'endDate')]).toEqual([day(5), day(1)]);
  expect(errors).toEqual([]);
});
