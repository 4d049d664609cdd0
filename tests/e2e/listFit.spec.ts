// Issue 37: on ~20 list screens at 1366×768 the Actions or time columns sat under the table's own sideways
// scrollbar, and English headers broke inside words ("Confiden ce"). Every main screen is opened at 1366×768 in
// Chinese and in English; on each list table the actions (the right-hand sticky column) and every time column are
// inside the frame's view without scrolling it sideways, and no header breaks inside a word. A screenshot of each
// screen is kept with the test's output (test-results/…), to look at.
import { expect, test } from './support/fixtures.ts';
import { NAVIGATE } from './support/navigate.ts';
import { ADMIN, signIn } from './support/session.ts';
import { SHELL_ROUTES } from '../support/shellRoutes.ts';

const MAIN_SCREENS = SHELL_ROUTES.filter((route) => route.layout === 'main' && !/^\/(alarmCenter|config_center)\//.test(route.path)).map((route) => route.path);

/**
 * In the page: what is wrong with each list table (source text: the specs are compiled for Node, without the DOM's
 * types). A column is out of view when any of it lies beyond the frame's visible box while the frame is scrolled to
 * its start; a header breaks inside a word when one of its words has its letters on two lines.
 */
const LIST_PROBLEMS = `(() => {
  const found = [];
  for (const frame of document.querySelectorAll('.data-table-frame')) {
    const box = frame.getBoundingClientRect();
    if (box.width === 0) continue;
    frame.scrollLeft = 0;
    const name = frame.querySelector('table')?.getAttribute('aria-label') ?? '';
    const headers = [...frame.querySelectorAll('thead th')];
    for (const th of headers) {
      const kept = th.classList.contains('data-table-sticky-right') || th.classList.contains('data-table-time');
      const cell = th.getBoundingClientRect();
      if (kept && (cell.right > box.right + 1 || cell.left < box.left - 1)) {
        found.push(name + ': "' + th.textContent.trim() + '" is outside the view (' + Math.round(cell.left) + '–' + Math.round(cell.right) + ' of ' + Math.round(box.left) + '–' + Math.round(box.right) + ')');
      }
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest('.sr-only')) continue;
        // A word, hyphenated compounds ("sign-in") included.
        for (const match of node.textContent.matchAll(/[A-Za-z0-9]+(?:[-\u2011][A-Za-z0-9]+)*/g)) {
          if (match[0].length < 2) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) found.push(name + ': the header "' + th.textContent.trim() + '" breaks inside "' + match[0] + '"');
        }
      }
    }
  }
  return found;
})()`;

// The two languages on two workers (each ~3 min of main screens in turn): one after the other they were the run's
// slowest file.
test.describe.configure({ mode: 'parallel' });

for (const language of ['zh-CN', 'en'] as const) {
  test(`every list keeps its actions and times in view at 1366×768, headers whole — ${language}`, async ({ page }, testInfo) => {
    test.setTimeout(900_000); // every main screen in turn, on a loaded 2-core machine
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, ADMIN, { language });
    const crumb = page.locator('.shell-breadcrumbs [aria-current="page"]');
    await expect(crumb).not.toHaveText('');
    const problems: string[] = [];
    let lists = 0;
    for (const path of MAIN_SCREENS) {
      const before = (await crumb.textContent()) ?? '';
      await page.evaluate(NAVIGATE(path));
      await expect(crumb).not.toHaveText(before);
      await expect.poll(() => page.locator('[aria-busy="true"], .rs-loader').count()).toBe(0);
      await page.evaluate('document.fonts.ready.then(() => undefined)');
      // The column widths follow the frame's first measure, written before the next paint.
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      lists += await page.locator('.data-table-frame').count();
      for (const problem of (await page.evaluate(LIST_PROBLEMS)) as string[]) problems.push(`${path}: ${problem}`);
      await page.screenshot({ path: testInfo.outputPath(`${language}${path.replace(/\//g, '_')}.png`) });
    }
    expect(lists).toBeGreaterThanOrEqual(20);
    expect(problems).toEqual([]);
  });
}
