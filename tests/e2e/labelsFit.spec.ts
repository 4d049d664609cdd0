// English labels are not cut (issue 8 item 23: "Not runnin"): on every main screen, in English, no tag, label,
// button, heading, menu item or table header — nor a table cell holding badges or buttons — shows less text than it
// holds (scrollWidth > clientWidth), and no table cell's text runs on below its row (a row measured for one line). Long free text cut on purpose (a cell with its whole text in the tooltip) and
// text for screen readers only are not labels and are left out. Each main screen is also named in English in the
// breadcrumbs and logs no error here; every route's English title (and no error) is the route walk's (routeWalk.spec.ts).
import { type APIRequestContext, expect, test } from './support/fixtures.ts';
import { NAVIGATE } from './support/navigate.ts';
import { collectErrors } from './support/routeChecks.ts';
import { ADMIN, signIn } from './support/session.ts';
import { SHELL_ROUTES } from '../support/shellRoutes.ts';

const HAN = /\p{Script=Han}/u;

// Each screen once (/alarmCenter/… and /config_center/… show the same screens again).
const MAIN_SCREENS = SHELL_ROUTES.filter((route) => route.layout === 'main' && !/^\/(alarmCenter|config_center)\//.test(route.path)).map((route) => route.path);

/**
 * In the page: the labels whose text is cut, described. (Source text: the specs are compiled for Node, without the
 * DOM's types.)
 */
const CUT_LABELS = `(() => {
  const selector = [
    '.rs-tag', 'label', 'button', '.rs-btn', 'th', '.rs-table-cell-header .rs-table-cell-content', 'legend', 'h1', 'h2',
    '.rs-breadcrumb-item', '.rs-tabs-item', '.device-badge', '.rs-table-cell-content', '.data-table td', 'nav a',
  ].join(',');
  const screenReaderOnly = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width <= 2 || box.height <= 2 || style.visibility === 'hidden' || style.clipPath.startsWith('inset(50%')
      || el.closest('[aria-hidden="true"]') !== null;
  };
  const found = [];
  for (const el of document.querySelectorAll(selector)) {
    if (screenReaderOnly(el)) continue;
    // A plain data cell may cut a long value (it shows the rest in its tooltip); a cell of badges or buttons may not.
    if (el.matches('.rs-table-cell-content, .data-table td') && !el.querySelector('.rs-tag, .device-badge, .rs-btn, button')) continue;
    if (el.closest('.cell-ellipsis[title]')) continue;
    const text = (el.textContent || '').replace(/\\s+/g, ' ').trim();
    if (text && el.scrollWidth > el.clientWidth + 1) found.push('"' + text.slice(0, 60) + '" (' + el.scrollWidth + ' > ' + el.clientWidth + ' px)');
  }
  // A row kept the height of one line while its text wrapped to two: the text goes on below the cell (rsuite's
  // table, which positions its rows itself: the tree tables).
  for (const el of document.querySelectorAll('.rs-table-body-row-wrapper .rs-table-cell-content')) {
    if (screenReaderOnly(el) || el.closest('.cell-ellipsis[title]')) continue;
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    const below = Math.max(...rects.map((r) => r.bottom)) - el.getBoundingClientRect().bottom;
    const text = (el.textContent || '').replace(/\\s+/g, ' ').trim();
    if (below > 4) found.push('"' + text.slice(0, 60) + '" (' + Math.round(below) + ' px below its row)');
  }
  return found;
})()`;


/** A camera that is neither started nor running: its list row shows the longest pair of state badges. */
async function addIdleCamera(request: APIRequestContext) {
  const login = await (await request.post('/api/user/login', { data: { username: 'admin', password: 'Argus@2026' } })).json();
  const body = { name: 'Idle label check', kind: 'normal', rtspUrl: 'rtsp://192.0.2.10/live' };
  const added = await (await request.post('/api/device/add', { data: body, headers: { token: login.token } })).json();
  expect(added.code).toBe(0);
}

test('no label is cut on the main screens in English', async ({ page, request }) => {
  test.setTimeout(600_000); // every main screen in turn, on a loaded 2-core machine
  await addIdleCamera(request);
  const errors = collectErrors(page);
  await signIn(page, ADMIN, { language: 'en' });
  const cut: string[] = [];
  const notEnglish: string[] = [];
  const crumb = page.locator('.shell-breadcrumbs [aria-current="page"]');
  await expect(crumb).not.toHaveText('');
  for (const path of MAIN_SCREENS) {
    // In-app navigation (as a menu click does): the console stays loaded from one screen to the next. The screen
    // is there when the breadcrumbs name it (they follow the router, which commits once the screen has loaded).
    const before = (await crumb.textContent()) ?? '';
    await page.evaluate(NAVIGATE(path));
    await expect(crumb).not.toHaveText(before);
    const named = (await crumb.textContent()) ?? '';
    if (HAN.test(named)) notEnglish.push(`${path}: "${named}"`);
    // Measured once the screen has what it shows: nothing loading, the fonts in.
    await expect.poll(() => page.locator('[aria-busy="true"], .rs-loader').count()).toBe(0);
    await page.evaluate('document.fonts.ready.then(() => undefined)');
    for (const label of (await page.evaluate(CUT_LABELS)) as string[]) cut.push(`${path}: ${label}`);
  }
  expect(cut).toEqual([]);
  expect(notEnglish).toEqual([]);
  expect(errors).toEqual([]);
});
