// Issue 9, item 5: the built console uses the browser's ResizeObserver, not the @juggle ponyfill rsuite imports
// (a document-wide MutationObserver and hover/focus/key listeners polling sizes: 60 forced layouts on a cold
// /historyEvent, 36 without it). The alias catches every import rsuite makes of the package, and the module it
// resolves to hands out the browser's classes.
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESIZE_OBSERVER_PONYFILL, resizeObserverAlias } from '../../scripts/vite/resizeObserverAlias.ts';

function sourcesImporting(dir: string, specifierStart: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/from\s+['"]([^'"]+)['"]/g)) if (match[1].startsWith(specifierStart)) found.push(match[1]);
  }
  return found;
}

describe('the ResizeObserver alias', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('matches the bare specifier rsuite and rsuite-table import, and only it', () => {
    const { find, replacement } = resizeObserverAlias(resolve('src'));
    const imports = [...sourcesImporting(resolve('node_modules/rsuite/esm'), '@juggle/'), ...sourcesImporting(resolve('node_modules/rsuite-table/es'), '@juggle/')];
    expect(imports.length).toBeGreaterThan(0);
    for (const specifier of imports) expect(find.test(specifier), specifier).toBe(true);
    expect(find.test(RESIZE_OBSERVER_PONYFILL)).toBe(true);
    expect(find.test(`${RESIZE_OBSERVER_PONYFILL}/lib/exports/resize-observer`)).toBe(false);
    expect(replacement).toBe(resolve('src/app/resizeObserver.ts'));
  });

  it("resolves to the browser's own classes", async () => {
    class Observer {}
    class Entry {}
    class Size {}
    vi.stubGlobal('ResizeObserver', Observer);
    vi.stubGlobal('ResizeObserverEntry', Entry);
    vi.stubGlobal('ResizeObserverSize', Size);
    vi.resetModules();
    const shim = await import('../../src/app/resizeObserver.ts');
    expect(shim.ResizeObserver).toBe(Observer);
    expect(shim.ResizeObserverEntry).toBe(Entry);
    expect(shim.ResizeObserverSize).toBe(Size);
  });
});
