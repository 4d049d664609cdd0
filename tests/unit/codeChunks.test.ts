// Issue 9, item 5: what pages load together is one file each — the boot, the signed-in shell with the helpers most
// screens use, the list kit — so a signed-in page fetches ~20 scripts instead of ~70. The tiers hold no module
// twice, leave the page's and the route pages' own modules (entry, sign-in screen, layouts) as chunks of their own,
// and the sign-in page loads nothing of the signed-in tiers.
// @vitest-environment node
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeChunkGroups, codeChunkTiers } from '../../scripts/vite/codeChunks.ts';
import { AREA_HELPERS, BOOT, LIST_KIT, LOGIN_SCREEN, SHELL, SHELL_HELPERS, SHELL_RSUITE_PARTS } from '../../scripts/vite/entryModules.ts';

const srcDir = resolve('src');
const at = (module: string) => join(srcDir, module);
const tiers = codeChunkTiers(srcDir);
const tier = (name: string) => tiers.find((candidate) => candidate.name === name)!;
const rsuite = (component: string) => resolve('node_modules/rsuite/esm', component, 'index.js');

describe('code chunks', () => {
  it('has the three tiers, each module and component in one of them only', () => {
    expect(tiers.map((t) => t.name)).toEqual(['boot', 'signed-in', 'list-kit']);
    const modules = tiers.flatMap((t) => [...t.modules]);
    expect(new Set(modules).size).toBe(modules.length);
    const components = tiers.flatMap((t) => [...t.components]);
    expect(new Set(components).size).toBe(components.length);
  });

  it("keeps the entry, the sign-in screen and the layouts out of every tier", () => {
    for (const module of [BOOT, LOGIN_SCREEN, ...SHELL]) for (const t of tiers) expect(t.modules.has(at(module))).toBe(false);
  });

  it('puts the helpers most screens use with the shell, and the list kit with its tier', () => {
    for (const helper of SHELL_HELPERS) expect(tier('signed-in').modules.has(at(helper))).toBe(true);
    for (const module of LIST_KIT) expect(tier('list-kit').modules.has(at(module))).toBe(true);
    expect(tier('list-kit').components.has('Pagination')).toBe(true);
    // The lists are plain tables (DataTable); rsuite's table is the tree screens' own, in their chunks.
    expect(tiers.some((t) => t.components.has('Table'))).toBe(false);
    expect(tier('signed-in').components.has('Sidenav')).toBe(true);
  });

  it('leaves what the boot imports out of the signed-in tiers', () => {
    expect(tier('boot').modules.has(at('api/client.ts'))).toBe(true);
    expect(tier('signed-in').modules.has(at('api/client.ts'))).toBe(false);
    expect(tier('list-kit').modules.has(at('api/client.ts'))).toBe(false);
  });

  it('follows code imports only: a module named by `import type` alone stays out of the boot', () => {
    // The session machine and the bootstrap name the attribute dictionary's types; the bootstrap loads its code
    // after a sign-in (src/api/bootstrap.ts). Counted as a static import, it put ~2.8 kB (brotli) on the sign-in
    // page; it loads with the signed-in shell, which every signed-in page has on the wire already.
    expect(tier('boot').modules.has(at('machines/session.machine.ts'))).toBe(true);
    expect(tier('boot').modules.has(at('domain/attributeDictionary.ts'))).toBe(false);
    expect(tier('signed-in').modules.has(at('domain/attributeDictionary.ts'))).toBe(true);
  });

  it('matches module ids, with or without a query, and rsuite components by their module', () => {
    const [boot, signedIn, listKit] = codeChunkGroups(srcDir);
    expect(boot.priority).toBeGreaterThan(signedIn.priority);
    expect(signedIn.priority).toBeGreaterThan(listKit.priority);
    expect(signedIn.test(at('app/permissions.tsx'))).toBe(true);
    expect(signedIn.test(`${at('app/permissions.tsx')}?used`)).toBe(true);
    expect(listKit.test(rsuite('Pagination'))).toBe(true);
    expect(signedIn.test(rsuite('Pagination'))).toBe(false);
    expect(listKit.test(rsuite('Table'))).toBe(false);
    expect(listKit.test(at('screens/alarms/AlarmListScreen.tsx'))).toBe(false);
    expect(listKit.test(rsuite('TreePicker'))).toBe(false);
  });

  it('puts the rsuite parts that small controls share with the list kit in the shell, not in the list kit', () => {
    // Toggle (its loader, plain-text view and HTML props) and Tag (its close button): in the list-kit chunk, a page
    // with a toggle or a tag but no list (the live alarms, the home dashboards) loaded that chunk and its sheet for
    // them (issue 37).
    const [, signedIn, listKit] = codeChunkGroups(srcDir);
    for (const part of SHELL_RSUITE_PARTS) {
      const file = resolve('node_modules/rsuite/esm', part);
      expect(existsSync(file), `${part} is not in rsuite (moved in an upgrade?)`).toBe(true);
      expect(signedIn.test(file), part).toBe(true);
      expect(listKit.test(file), part).toBe(false);
    }
    expect(signedIn.test(resolve('node_modules/rsuite/esm/internals/Picker/PickerPopup.js'))).toBe(false);
    expect(tier('signed-in').modules.has(at('app/afterPaint.ts'))).toBe(true);
  });

  it("groups an area's small helpers in one chunk per area, below the tiers, each named helper a module no tier holds", () => {
    const groups = codeChunkGroups(srcDir);
    const alarms = groups.find((group) => group.name === 'alarms-helpers')!;
    expect(Math.max(...groups.filter((group) => group !== alarms).map((group) => group.priority))).toBeGreaterThan(alarms.priority);
    for (const module of AREA_HELPERS.alarms) {
      expect(existsSync(at(module)), module).toBe(true);
      for (const t of tiers) expect(t.modules.has(at(module)), `${module} in ${t.name}`).toBe(false);
      expect(alarms.test(`${at(module)}?used`)).toBe(true);
    }
    // The list screen itself and the realtime stack (shared with the home page) stay where the bundler puts them.
    expect(alarms.test(at('screens/alarms/AlarmListScreen.tsx'))).toBe(false);
    expect(alarms.test(at('realtime/useRealtime.ts'))).toBe(false);
    expect(alarms.test(rsuite('Tag'))).toBe(false);
  });
});
