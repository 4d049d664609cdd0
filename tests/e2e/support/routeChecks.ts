// What the route walk (routeWalk.spec.ts) checks on every screen besides its probe (walkProbe.js): the screen is the
// one asked for (its title, as the server menu or the shell names it), it logs no error, it neither fetches the base
// sheet again nor keeps an animation running once loaded, and at 1366×768 every list keeps its actions and times in
// view with its headers whole. (One walk of every route: these were three walks of their own — routes, list fit and
// the polish walk — each loading every screen again.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ShellRoute } from '../../support/shellRoutes.ts';
import { type APIRequestContext, expect, type Page } from './fixtures.ts';

const shellTexts = (language: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../src/i18n/${language}/shell.json`), 'utf8')) as { routes: Record<string, string> };
const zhShell = shellTexts('zh-CN');
const enShell = shellTexts('en');
const HAN = /\p{Script=Han}/u;

/**
 * In the page: the animations that run forever (a spinner). Once a screen has loaded none may run: an invisible
 * spinner (rsuite's table loader) restyled every list screen ~35 times a second while idle.
 */
export const ENDLESS_ANIMATIONS = `document.getAnimations()
  .filter((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().iterations === Infinity)
  .map((a) => (a.animationName || 'animation') + ' on ' + (a.effect.target ? a.effect.target.className : '?'))`;

/** The base sheet is in every page (scripts/vite/inlineBaseStyle.ts): no screen's chunk may fetch it again. */
export const BASE_SHEET_REQUEST = /\/assets\/style-base-[\w-]+\.css/;
export const BASE_SHEETS_IN_PAGE = `document.querySelectorAll('style[data-sheet="style-base"]').length`;

/**
 * In the page: what is wrong with each list table (issue 37: on ~20 list screens at 1366×768 the Actions or time
 * columns sat under the table's own sideways scrollbar, and English headers broke inside words, "Confiden ce"). A
 * column is out of view when any of it lies beyond the frame's visible box while the frame is scrolled to its start;
 * a header breaks inside a word when one of its words has its letters on two lines. Source text: the specs are
 * compiled for Node, without the DOM's types. Answers the number of list tables too.
 */
export const LIST_PROBLEMS = `(() => {
  const found = [];
  const frames = [...document.querySelectorAll('.data-table-frame')];
  for (const frame of frames) {
    const box = frame.getBoundingClientRect();
    if (box.width === 0) continue;
    frame.scrollLeft = 0;
    const name = frame.querySelector('table')?.getAttribute('aria-label') ?? '';
    for (const th of frame.querySelectorAll('thead th')) {
      const kept = th.classList.contains('data-table-sticky-right') || th.classList.contains('data-table-time');
      const cell = th.getBoundingClientRect();
      if (kept && (cell.right > box.right + 1 || cell.left < box.left - 1)) {
        found.push(name + ': "' + th.textContent.trim() + '" is outside the view (' + Math.round(cell.left) + '–' + Math.round(cell.right) + ' of ' + Math.round(box.left) + '–' + Math.round(box.right) + ')');
      }
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest('.sr-only')) continue;
        // A word, hyphenated compounds ("sign-in") included.
        for (const match of node.textContent.matchAll(/[A-Za-z0-9]+(?:[-\\u2011][A-Za-z0-9]+)*/g)) {
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
  return { tables: frames.length, found };
})()`;

/** The errors a page logs or throws from now on, each with the page's address (a test expects none). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** The Chinese names the server menu gives its items (by path), which the breadcrumbs show. */
export async function menuNames(request: APIRequestContext, token: string): Promise<Map<string, string>> {
  const nav = await (await request.post('/api/user/nav', { headers: { token } })).json();
  const names = new Map<string, string>();
  const walk = (items: { moduleNumber: string; moduleName: string; children: unknown[] }[]) => {
    for (const item of items) {
      if (!names.has(`/${item.moduleNumber}`)) names.set(`/${item.moduleNumber}`, item.moduleName);
      walk(item.children as typeof items);
    }
  };
  walk(nav.data.menuList);
  return names;
}

/**
 * Whether the screen shown is the one asked for, waiting for it (a screen outside the main frame draws its own part
 * after its chunk has loaded, when nothing says it is loading) up to the expect limit. Null when it is, else what is
 * wrong. In Chinese: in the main frame the current breadcrumb names it as the menu does; a public screen has its
 * title as its heading; the others show their title. In English (the menu's names follow the language; the probe
 * flags any Chinese left on the screen): the breadcrumb names it, in English; a public screen has its English title
 * as its heading; the others show their English title or a heading of their own ("Second identify"), in English.
 */
export async function titleProblem(page: Page, route: ShellRoute, names: ReadonlyMap<string, string>, language: 'zh-CN' | 'en' = 'zh-CN'): Promise<string | null> {
  const shown = (check: Promise<void>, problem: string | (() => Promise<string>)) =>
    check.then(() => null, async () => (typeof problem === 'string' ? problem : problem()));
  const crumb = page.locator('.shell-breadcrumbs [aria-current="page"]');
  const crumbText = async () => (await crumb.textContent())?.trim();
  if (language === 'en') {
    const title = enShell.routes[route.titleKey];
    if (route.layout === 'main') return shown(expect(crumb).toHaveText(/^[^\p{Script=Han}]+$/u), async () => `the breadcrumb says "${await crumbText()}", not an English name`);
    if (route.layout === 'public') return shown(expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible(), `no heading "${title}"`);
    const named = page.getByText(title, { exact: true }).or(page.getByRole('heading', { level: 1 })).filter({ visible: true }).first();
    try {
      await expect(named).toBeVisible();
    } catch {
      return `neither the title "${title}" nor a heading is shown`;
    }
    const text = (await named.textContent()) ?? '';
    return HAN.test(text) ? `the title "${text.trim()}" is not in English` : null;
  }
  const title = zhShell.routes[route.titleKey];
  const named = names.get(route.path) ?? title;
  switch (route.layout) {
    case 'main': {
      const wanted = route.path === '/welcome' ? title : named;
      return shown(expect(crumb).toHaveText(wanted), async () => `the breadcrumb says "${await crumbText()}", not "${wanted}"`);
    }
    case 'public':
      return shown(expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible(), `no heading "${title}"`);
    default:
      // Any of the texts so named in view (at a phone's width the first may be one kept for a wider screen).
      return shown(expect(page.getByText(named, { exact: true }).filter({ visible: true }).first()).toBeVisible(), `the title "${named}" is not shown`);
  }
}
