// Opening a screen inside the loaded console, as a menu click does: the router follows the history entry and loads
// the screen's chunk, without booting the console again. A full page load (page.goto) costs a whole boot — on a
// loaded 2-core machine about 4 s per screen — and is kept for the deep links a spec tests as such.
import type { Page } from '@playwright/test';

/** The script that moves the console's router to `path` (for page.evaluate). */
export const NAVIGATE = (path: string) => `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'));`;

/** Opens `path` in the console already loaded in `page` (the caller then waits for what the screen shows). */
export async function openInside(page: Page, path: string): Promise<void> {
  await page.evaluate(NAVIGATE(path));
}
