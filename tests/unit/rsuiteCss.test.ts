// Issue 9, item 3: rsuite's rules load once. Every rule of a component's own sheet is in one of the sheets its
// import brings (nothing lost, themes aside), and no rule is in two sheets (nothing repeated).
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssRules, parseRule, splitSelectors } from '../../scripts/cssRules.ts';
import { codeChunkTiers } from '../../scripts/vite/codeChunks.ts';
import { combineTiers, OWN_SHEET_COMPONENTS, rsuiteTiers, unusedSelector } from '../../scripts/vite/rsuiteCss.ts';
import { propertiesNamedIn } from '../../scripts/vite/rsuitePalette.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';

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
const named = propertiesNamedIn('src', rsuiteDir);
const reads = (texts: string[]) => new Set(texts.flatMap((text) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1])));
const sheets = combineTiers(tiers, rsuiteDir, named);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css)$/.test(entry.name) ? [path] : [];
  });
}
const sources = sourceFiles('src').map((file) => ({ file, text: readFileSync(file, 'utf8') }));

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
      // The properties the brought sheets read (a property nothing reads is left out, rsuitePalette.ts).
      const read = reads(brought.flatMap((p) => [...p.rules, ...p.root.values()]));
      for (const rule of cssRules(readFileSync(join(rsuiteDir, component, 'styles', 'index.css'), 'utf8'))) {
        const parsed = parseRule(rule);
        if (parsed?.prelude === ':root' && parsed.depth === 0) {
          for (const d of parsed.body.split(';')) {
            const name = d.slice(0, d.indexOf(':')).trim();
            if (name.startsWith('--') && (read.has(name) || named.has(name))) expect(properties.has(name), `${component} ${name}`).toBe(true);
          }
        } else if (parsed && !parsed.prelude.startsWith('@')) {
          // Every selector of the rule but those of unused variants is in a brought rule with the same body.
          for (const selector of splitSelectors(parsed.prelude).filter((s) => !unusedSelector(s))) {
            const kept = [...rules].some((r) => {
              const other = parseRule(r);
              return other?.body === parsed.body && other.context === parsed.context && splitSelectors(other.prelude).includes(selector);
            });
            expect(kept, `${component}: ${selector.slice(0, 80)} in ${rule.slice(0, 60)}`).toBe(true);
          }
        } else {
          expect(rules.has(rule), `${component}: ${rule.slice(0, 80)}`).toBe(true);
        }
      }
    }
  });

  it('leaves out only variants the console never renders', () => {
    // The reasons of UNUSED_VARIANTS, checked against the source.
    const literals = (pattern: RegExp) => sources.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((m) => `${file}: ${m[0]}`));
    // No appearance expression names inverse, tabs or pills; Tabs and Navbar are not imported.
    const appearances = sources.flatMap(({ text }) => [...text.matchAll(/appearance=(?:"([^"]*)"|\{([^}]*)\})/g)].flatMap((m) => (m[1] !== undefined ? [m[1]] : [...m[2].matchAll(/'([^']*)'/g)].map((q) => q[1]))));
    expect(appearances.length).toBeGreaterThan(50);
    expect(appearances.filter((a) => ['inverse', 'tabs', 'pills'].includes(a))).toEqual([]);
    expect(literals(/from 'rsuite\/(Tabs|Navbar)'/g)).toEqual([]);
    // The only Sidenav is the side menu's, and it is subtle.
    const sidenavs = sources.filter(({ text }) => text.includes('<Sidenav\n') || text.includes('<Sidenav '));
    expect(sidenavs.map((s) => s.file)).toEqual([join('src', 'app', 'layouts', 'SideMenu.tsx')]);
    const opening = sidenavs[0].text.slice(sidenavs[0].text.indexOf('<Sidenav'), sidenavs[0].text.indexOf('<Sidenav.Body'));
    expect(opening).toContain('appearance="subtle"');
    // No yellow or cyan component, no right-to-left text.
    expect(literals(/['"](yellow|cyan)['"]/g)).toEqual([]);
    expect(literals(/dir=["'{]*rtl|['"]rtl['"]/g)).toEqual([]);
    expect(LANGUAGES.filter((language) => /^(ar|he|fa|ur|yi)\b/.test(language))).toEqual([]);
  });

  it('has no rule in two sheets however its selector list is written', () => {
    // A rule whose unused selectors were taken out (the Uploader's copies of Button's rules) is Button's rule.
    const written = (rule: string) => {
      const parsed = parseRule(rule);
      return parsed && !parsed.prelude.startsWith('@') ? `${parsed.context}${splitSelectors(parsed.prelude).join(',')}{${parsed.body}}` : rule;
    };
    const all = [sheets.base, sheets.shell, ...sheets.groups.map((g) => g.parts)].flatMap((p) => p.rules.map(written));
    expect(all.filter((rule, index) => all.indexOf(rule) !== index)).toEqual([]);
  });

  it("leaves out the Uploader's own file list, which no upload field shows", () => {
    const uploaders = sources.flatMap(({ file, text }) => [...text.matchAll(/<Uploader\b[^>]*>/g)].map((m) => ({ file, opening: m[0] })));
    expect(uploaders.length).toBeGreaterThan(1);
    for (const { file, opening } of uploaders) {
      expect(opening, file).toContain('fileListVisible={false}');
      expect(opening, file).not.toContain('listType');
    }
    const selectors = [sheets.base, sheets.shell, ...sheets.groups.map((g) => g.parts)].flatMap((p) => p.rules.flatMap((rule) => splitSelectors(parseRule(rule)?.prelude ?? '')));
    expect(selectors.filter((selector) => /rs-uploader-file-item|data-list-type=["']?picture/.test(selector))).toEqual([]);
    expect(selectors.some((selector) => selector.includes('.rs-uploader-trigger'))).toBe(true);
  });

  it('keeps the rules of the upload field out of the shell sheet', () => {
    // Not used by the boot, the signed-in shell or the list kit (the code tiers most pages load), so its rules come
    // in a sheet of their own, with the screens that use it.
    for (const tier of codeChunkTiers(join(process.cwd(), 'src'))) {
      expect([...tier.components].filter((c) => OWN_SHEET_COMPONENTS.has(c)), tier.name).toEqual([]);
    }
    for (const component of OWN_SHEET_COMPONENTS) {
      const own = sheets.groups.find((g) => g.components.length === 1 && g.components[0] === component);
      expect(own?.parts.rules.length, component).toBeGreaterThan(0);
    }
    expect(sheets.shell.rules.join('\n')).not.toContain('.rs-uploader');
  });

  it('puts each custom property with the rules that read it', () => {
    // The shell keeps a property only when base's or its own sheet reads it, the console names it, or two groups read it.
    const byShell = reads([...sheets.base.rules, ...sheets.shell.rules, ...sheets.base.root.values(), ...sheets.shell.root.values()]);
    const groupsReading = (name: string) => sheets.groups.filter((g) => reads([...g.parts.rules, ...g.parts.root.values()]).has(name)).length;
    expect([...sheets.shell.root.keys()].filter((name) => !byShell.has(name) && !named.has(name) && groupsReading(name) < 2)).toEqual([]);
    // A group's rules find every palette property they read: in base, in the shell or in the group's own :root.
    const defined = new Set([sheets.base, sheets.shell, ...sheets.groups.map((g) => g.parts)].flatMap((p) => [...p.root.keys()]));
    for (const group of sheets.groups) {
      const there = new Set([...sheets.base.root.keys(), ...sheets.shell.root.keys(), ...group.parts.root.keys()]);
      expect([...reads([...group.parts.rules, ...group.parts.root.values()])].filter((name) => defined.has(name) && !there.has(name)), group.name).toEqual([]);
    }
    expect(sheets.shell.root.size).toBeLessThan(200);
    expect(sheets.groups.find((g) => g.components.includes('DatePicker') && g.parts.root.has('--rs-calendar-today-bg'))).toBeDefined();
  });

  it("puts the day picker's closed-field rules in the shell sheet, where LazyDatePicker's stand-in finds them", () => {
    const closedField = (rule: string) => /^\.rs-picker\[data-picker=["']?date["']?\] /.test(parseRule(rule)?.prelude ?? '');
    expect(sheets.shell.rules.filter(closedField).length).toBeGreaterThan(0);
    expect(sheets.groups.flatMap((g) => g.parts.rules.filter(closedField))).toEqual([]);
  });

  it("brings the lazy pickers' stand-in the closed picker's rules with its own import, without the calendar's", () => {
    // StandInField draws the picker's frame, input group and indicator until the picker loads. It found their rules
    // only because its pages loaded the list kit for something else; without the list kit (issue 37) the statistics
    // toolbar's range field lost its frame.
    const imported = [...readFileSync('src/components/dateRange/StandInField.tsx', 'utf8').matchAll(/rsuite\/(\w+)\/styles\/index\.css/g)].map((m) => m[1]);
    const brought = [sheets.base, sheets.shell, ...sheets.groups.filter((g) => g.components.some((c) => imported.includes(c))).map((g) => g.parts)];
    const selectors = new Set(brought.flatMap((p) => p.rules).flatMap((rule) => splitSelectors(parseRule(rule)?.prelude ?? '')));
    for (const drawn of ['.rs-picker', '.rs-input-group', '.rs-input-group[data-inside=true]', '.rs-picker-toggle-indicator', '.rs-input-group-addon']) {
      expect(selectors.has(drawn), drawn).toBe(true);
    }
    // The calendar's own rules (3.4 kB gzip) stay with the picker's module, loaded when it is reached for.
    const everywhere = [sheets.base, sheets.shell, ...sheets.groups.map((g) => g.parts)].flatMap((p) => p.rules);
    const calendar = everywhere.filter((rule) => splitSelectors(parseRule(rule)?.prelude ?? '').includes('.rs-calendar'));
    expect(calendar.length).toBeGreaterThan(0);
    expect(calendar.filter((rule) => brought.some((p) => p.rules.includes(rule)))).toEqual([]);
  });

  it('leaves the variants out of the sheets', () => {
    const all = [sheets.base, sheets.shell, ...sheets.groups.map((g) => g.parts)].flatMap((p) => p.rules);
    const selectors = all.flatMap((rule) => splitSelectors(parseRule(rule)?.prelude ?? ''));
    expect(selectors.filter(unusedSelector)).toEqual([]);
    expect(selectors.some((s) => s.includes('[data-appearance=subtle]'))).toBe(true);
  });
});
