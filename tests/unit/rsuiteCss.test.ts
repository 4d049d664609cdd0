// Issue 9, item 3: rsuite's rules load once. Every rule of a component's own sheet is in one of the sheets its
// import brings (nothing lost, themes aside), and no rule is in two sheets (nothing repeated).
// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssRules, parseRule } from '../../scripts/cssRules.ts';
import { combineTiers, rsuiteTiers } from '../../scripts/vite/rsuiteCss.ts';

const rsuiteDir = 'node_modules/rsuite';
const tiers = rsuiteTiers(
  'src',
  [
    { file: 'src/main.tsx', dynamic: false },
    { file: 'src/screens/auth/LoginScreen.tsx', dynamic: true },
  ],
  [
    { file: 'src/app/ProtectedLayout.tsx', dynamic: false },
    { file: 'src/app/layouts/MainLayout.tsx', dynamic: false },
  ],
);
const sheets = combineTiers(tiers, rsuiteDir);
const isTheme = (rule: string) => /\[data-theme=(dark|high-contrast)\]|\.rs-theme-(dark|high-contrast)/.test(parseRule(rule)?.prelude ?? '');

describe('rsuite sheets', () => {
  it('puts the sign-in components in the base sheet and the side menu in the shell sheet', () => {
    expect(tiers.base).toEqual(expect.arrayContaining(['Button', 'Input']));
    expect(tiers.shell).toEqual(expect.arrayContaining(['Sidenav', 'Nav']));
    expect(tiers.extras).toEqual(expect.arrayContaining(['Table', 'DateRangePicker']));
  });

  it('has no rule in two sheets', () => {
    const all = [sheets.base, sheets.shell, ...sheets.groups.map((g) => g.parts)].flatMap((p) => p.rules);
    expect(all.length).toBeGreaterThan(500);
    expect(new Set(all).size).toBe(all.length);
  });

  it('brings every rule and custom property of each component with its import', () => {
    const bring = (component: string) => {
      if (tiers.base.includes(component)) return [sheets.base];
      const groups = sheets.groups.filter((g) => g.components.includes(component)).map((g) => g.parts);
      return [sheets.base, sheets.shell, ...groups];
    };
    for (const component of [...tiers.base, ...tiers.shell, ...tiers.extras]) {
      const brought = bring(component);
      const rules = new Set(brought.flatMap((p) => p.rules));
      const properties = new Set(brought.flatMap((p) => [...p.root.keys()]));
      for (const rule of cssRules(readFileSync(join(rsuiteDir, component, 'styles', 'index.css'), 'utf8'))) {
        const parsed = parseRule(rule);
        if (parsed?.prelude === ':root' && parsed.depth === 0) {
          for (const d of parsed.body.split(';')) {
            const name = d.slice(0, d.indexOf(':')).trim();
            if (name.startsWith('--')) expect(properties.has(name), `${component} ${name}`).toBe(true);
          }
        } else if (!isTheme(rule)) {
          // A mixed selector list loses only its theme selectors.
          const kept = [...rules].some((r) => r === rule || (parseRule(r)?.body === parsed?.body && rule.includes(parseRule(r)?.prelude ?? '\0')));
          expect(kept, `${component}: ${rule.slice(0, 80)}`).toBe(true);
        }
      }
    }
  });
});
