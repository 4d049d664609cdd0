// The page clocks its own moments — when a message appeared, when /login was reached — with a MutationObserver
// installed in every document the page opens. On a loaded machine a message that lives 1.5 s before the redirect
// can come and go between two polls of a locator; the page's own record cannot miss it.
import type { Page } from '@playwright/test';

export interface Marks {
  shown?: number;
  login?: number;
}

/**
 * Records in window.marks the first time `pattern` is on screen and the first time the path ends with /login.
 * The path is looked at on every DOM change and on every history change: the router moves to /login before the
 * login screen renders (its chunk may still be loading), and a test that waited for the URL reads the marks then.
 */
export async function recordMarks(page: Page, pattern: RegExp): Promise<void> {
  // A script string: the e2e specs are type-checked without the DOM library.
  const script = `(() => {
    const marks = (window.marks = {});
    const look = () => {
      if (marks.shown === undefined && ${pattern}.test(document.body ? document.body.textContent : '')) marks.shown = performance.now();
      if (marks.login === undefined && location.pathname.endsWith('/login')) marks.login = performance.now();
    };
    for (const name of ['pushState', 'replaceState']) {
      const change = history[name];
      history[name] = function (...args) {
        const result = change.apply(this, args);
        look();
        return result;
      };
    }
    addEventListener('popstate', look);
    const start = () => new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
    if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
  })()`;
  await page.addInitScript(script);
  await page.evaluate(script);
}

export async function marksOf(page: Page): Promise<Marks> {
  return (await page.evaluate('window.marks')) as Marks;
}
