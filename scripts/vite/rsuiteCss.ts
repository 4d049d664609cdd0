// Kept (issue 37 review): no Vite setting or maintained plugin merges rsuite's per-component sheets into sheets in
// which each rule exists once (Lightning CSS minifies a sheet, it does not deduplicate across the build's sheets).
// Vite plugin: rsuite's styles load once. Each rsuite component ships a sheet of its own that repeats the base
// rules, the palette and every sheet it depends on (Button's rules sat in 16 of the build's sheets), so a screen
// importing ten components loaded the same rules ten times. The console keeps importing
// `rsuite/<Component>/styles/index.css` where it uses a component; this plugin rewrites each such import into
// imports of combined sheets built from the component sheets the source uses, in which every rule is in one sheet:
//   base   — the components the boot and the sign-in page use (src/main.tsx, the login screen); every import
//            brings it, so the palette is always there;
//   shell  — the components of the signed-in shell (protected layout, main layout); every import of a non-base
//            component brings it;
//   groups — the other components' rules, grouped by the components that use them (see combineTiers): an
//            import brings the groups of its component.
// The palette (the :root custom properties of every sheet) is merged into one :root per sheet (each property with
// its readers, rsuitePalette.ts), and the selectors of variants the console never renders are left out
// (UNUSED_VARIANTS: themes, appearances, colours, right-to-left, the Uploader's file list).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { cssRules, parseRule, ruleText, splitSelectors } from '../cssRules.ts';
import { BOOT, LOGIN_SCREEN, SHELL } from './entryModules.ts';
import { placeProperties, propertiesNamedIn } from './rsuitePalette.ts';
import { moduleClosure, source } from '../moduleGraph.ts';

const SHEET_IMPORT = /['"]rsuite\/([A-Za-z]+)\/styles\/index\.css['"]/g;
const SHEET_STATEMENT = /import\s*['"]rsuite\/([A-Za-z]+)\/styles\/index\.css['"];?/g;
/**
 * Selectors of variants the console never renders, each with why; a selector matching one is left out of the sheets.
 * tests/unit/rsuiteCss.test.ts checks the console's source against each reason.
 */
export const UNUSED_VARIANTS: { pattern: RegExp; reason: string }[] = [
  { pattern: /\.rs-theme-(dark|high-contrast)\b|\[data-theme=["']?(dark|high-contrast)["']?\]/, reason: 'no dark or high-contrast theme is offered' },
  { pattern: /\[data-appearance=["']?(inverse|tabs|pills)["']?\]/, reason: 'no component is given the inverse, tabs or pills appearance (Tabs and Navbar are not used)' },
  { pattern: /\.rs-sidenav\[data-appearance=["']?default["']?\]/, reason: 'the side menu (the only Sidenav) is subtle' },
  { pattern: /\[data-color=["']?(yellow|cyan)["']?\]/, reason: 'no component is given the colour yellow or cyan' },
  { pattern: /\[dir=["']?rtl["']?\]|\.rs-rtl\b/, reason: 'both languages (zh-CN, en) are written left to right' },
  {
    pattern: /\[data-list-type=["']?picture(-text)?["']?\]|\.rs-uploader-(file-items?|picture)\b/,
    reason: "every Uploader hides its own file list (fileListVisible={false}, no listType): the console lists the chosen files itself (FileUploader's file rows)",
  },
];

/** Where the combined sheets are written (relative to the project; scripts/vite/styleChunks.ts groups two of them). */
export const RSUITE_SHEETS_DIR = 'node_modules/.cache/argus-rsuite-css';

export const unusedSelector = (selector: string) => UNUSED_VARIANTS.some((variant) => variant.pattern.test(selector));

export interface RsuiteTiers {
  base: string[];
  shell: string[];
  extras: string[];
}

interface Entry {
  file: string;
  dynamic: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function sheetsImportedBy(files: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const file of files) for (const m of source(file).matchAll(SHEET_IMPORT)) found.add(m[1]);
  return found;
}

function sheetsOfGraph(entries: Entry[]): Set<string> {
  const files = new Set<string>();
  for (const entry of entries) moduleClosure(entry.file, files, { dynamic: entry.dynamic });
  return sheetsImportedBy(files);
}

/** Which component sheets each tier holds. */
export function rsuiteTiers(srcDir: string, baseEntries: Entry[], shellEntries: Entry[]): RsuiteTiers {
  const base = sheetsOfGraph(baseEntries);
  const shell = [...sheetsOfGraph(shellEntries)].filter((c) => !base.has(c));
  const all = sheetsImportedBy(sourceFiles(srcDir));
  const extras = [...all].filter((c) => !base.has(c) && !shell.includes(c));
  return { base: [...base].sort(), shell: shell.sort(), extras: extras.sort() };
}

interface Parts {
  /** :root custom properties, name → value, first value kept. */
  root: Map<string, string>;
  /** Rules in order, each once (flattened form, see cssRules). */
  rules: string[];
}

/** The rules of the given components' sheets in order, each once, without those in `skip`, unused variants left out. */
export function sheetParts(components: string[], rsuiteDir: string, skip: Parts[] = []): Parts {
  const root = new Map<string, string>();
  const rules: string[] = [];
  const seen = new Set<string>();
  const skipRules = new Set(skip.flatMap((p) => p.rules));
  const skipRoot = new Set(skip.flatMap((p) => [...p.root.keys()]));
  for (const component of components) {
    for (const rule of cssRules(readFileSync(join(rsuiteDir, component, 'styles', 'index.css'), 'utf8'))) {
      const parsed = parseRule(rule);
      if (parsed && parsed.depth === 0 && parsed.prelude === ':root') {
        for (const declaration of parsed.body.split(';')) {
          const colon = declaration.indexOf(':');
          const name = declaration.slice(0, colon).trim();
          if (colon < 0 || !name.startsWith('--') || root.has(name) || skipRoot.has(name)) continue;
          root.set(name, declaration.slice(colon + 1).trim());
        }
        continue;
      }
      const kept = withoutUnusedVariants(rule);
      if (!kept || seen.has(kept) || skipRules.has(kept)) continue;
      seen.add(kept);
      rules.push(kept);
    }
  }
  return { root, rules };
}

export function sheetText(parts: Parts): string {
  const root = [...parts.root].map(([name, value]) => `${name}:${value}`).join(';');
  return `${root ? `:root{${root}}\n` : ''}${parts.rules.map(ruleText).join('\n')}\n`;
}

/**
 * The rule with the selectors of unused variants taken out of its selector list (null when none is left), the list
 * written one way (`a,b`): a rule left with the selectors of another sheet's rule is then that rule's text, and is
 * kept once (the Uploader's copies of Button's rules, once its picture-list selectors are out).
 */
function withoutUnusedVariants(rule: string): string | null {
  const parsed = parseRule(rule);
  if (!parsed || parsed.prelude.startsWith('@')) return rule;
  const selectors = splitSelectors(parsed.prelude).filter((s) => !unusedSelector(s));
  if (selectors.length === 0) return null;
  return `${parsed.context}${selectors.join(',')}{${parsed.body}}`;
}

export interface CombinedSheets {
  base: Parts;
  shell: Parts;
  /** Sheets of rules that only some of the other components use, each with the components that need it. */
  groups: { name: string; components: string[]; parts: Parts }[];
}

/** A group of rules smaller than this (gzip bytes) is not worth a request of its own: it joins the shell sheet. */
export const MIN_GROUP_BYTES = 1000;
/**
 * Components whose own rules keep a sheet of their own however small: in the shell sheet every signed-in page would
 * load them, and neither the shell nor the list kit uses them. Uploader: its rules without the file list it never
 * shows (UNUSED_VARIANTS) are 0.4 kB gzip, wanted by the upload fields only. (Not DateRangePicker, though its module
 * loads only when reached for: the stand-in drawn until then, LazyDateRangePicker.tsx, is dressed by its rules.)
 */
export const OWN_SHEET_COMPONENTS: ReadonlySet<string> = new Set(['Uploader']);
/**
 * Rules that draw a day picker's closed field (`.rs-picker[data-picker=date] …`: the calendar icon's colour and
 * pointer, the input's padding). LazyDatePicker.tsx draws that field with the picker's classes until the picker's
 * module — and with it the date pickers' sheet, mostly the calendar's rules — loads, so these go to the shell sheet,
 * as DateRangePicker's own rules do for LazyDateRangePicker's stand-in.
 */
export const STAND_IN_SELECTOR = /^\.rs-picker\[data-picker=["']?date["']?\](?![\w-])/;

const standInRule = (rule: string) => {
  const parsed = parseRule(rule);
  return parsed !== null && !parsed.prelude.startsWith('@') && splitSelectors(parsed.prelude).every((selector) => STAND_IN_SELECTOR.test(selector));
};

/**
 * The sheets of the tiers, every rule in exactly one of them. The rules of the components outside base and shell
 * are grouped by the set of components that use them (as a bundler groups modules by the chunks that import them):
 * a group big enough gets its own sheet, loaded wherever one of its components is imported; smaller ones go to
 * the shell sheet. So no two sheets share a rule, whichever screens a user opens.
 */
export function combineTiers(tiers: RsuiteTiers, rsuiteDir: string, named: ReadonlySet<string>): CombinedSheets {
  const base = sheetParts(tiers.base, rsuiteDir);
  const shell = sheetParts(tiers.shell, rsuiteDir, [base]);
  const own = new Map(tiers.extras.map((c) => [c, sheetParts([c], rsuiteDir, [base, shell])] as const));
  const usersOf = new Map<string, string[]>();
  const order: string[] = [];
  for (const [component, parts] of own) {
    for (const rule of parts.rules) {
      const users = usersOf.get(rule);
      if (users) users.push(component);
      else {
        usersOf.set(rule, [component]);
        order.push(rule);
      }
    }
    // Custom properties go to the shell's :root (one palette behind sign-in), then to their readers (below).
    for (const [name, value] of parts.root) if (!shell.root.has(name)) shell.root.set(name, value);
  }
  const bySignature = new Map<string, string[]>();
  for (const rule of order) {
    if (standInRule(rule)) {
      shell.rules.push(rule);
      continue;
    }
    const signature = usersOf.get(rule)!.join('+');
    const rules = bySignature.get(signature);
    if (rules) rules.push(rule);
    else bySignature.set(signature, [rule]);
  }
  const groups: CombinedSheets['groups'] = [];
  for (const [signature, rules] of bySignature) {
    const parts: Parts = { root: new Map(), rules };
    const ownSheet = signature.split('+').every((component) => OWN_SHEET_COMPONENTS.has(component));
    if (!ownSheet && gzipSync(sheetText(parts)).length < MIN_GROUP_BYTES) shell.rules.push(...rules);
    else {
      const components = signature.split('+');
      // Named after its components (shortened when many: the group's place in the list keeps names apart).
      const name = components.length <= 2 ? components.join('-') : `${components[0]}-${components.length - 1}more-${groups.length}`;
      groups.push({ name, components, parts });
    }
  }
  // Then each custom property where its readers are (rsuitePalette.ts); `named`: those the console's code names.
  placeProperties(base, shell, groups.map((group) => group.parts), named);
  return { base, shell, groups };
}

export interface RsuiteCssOptions {
  srcDir?: string;
  baseEntries?: Entry[];
  shellEntries?: Entry[];
  outDir?: string;
}

export function rsuiteCss(options: RsuiteCssOptions = {}): Plugin {
  const srcDir = resolve(options.srcDir ?? 'src');
  const baseEntries = options.baseEntries ?? [
    { file: join(srcDir, BOOT), dynamic: false },
    { file: join(srcDir, LOGIN_SCREEN), dynamic: true },
  ];
  const shellEntries = options.shellEntries ?? SHELL.map((module) => ({ file: join(srcDir, module), dynamic: false }));
  const outDir = resolve(options.outDir ?? RSUITE_SHEETS_DIR);
  const rsuiteDir = resolve('node_modules', 'rsuite');
  /** Component → the sheet files its import stands for, in cascade order. */
  let sheetsOf = new Map<string, string[]>();
  const build = () => {
    const tiers = rsuiteTiers(srcDir, baseEntries, shellEntries);
    const sheets = combineTiers(tiers, rsuiteDir, propertiesNamedIn(srcDir, rsuiteDir));
    mkdirSync(outDir, { recursive: true });
    const write = (name: string, parts: Parts) => {
      const path = join(outDir, `${name}.css`);
      writeFileSync(path, sheetText(parts));
      return path;
    };
    const base = write('rsuite-base', sheets.base);
    const shell = write('rsuite-shell', sheets.shell);
    const groupFiles = sheets.groups.map((group) => ({ components: group.components, file: write(`rsuite-${group.name}`, group.parts) }));
    sheetsOf = new Map<string, string[]>([
      ...tiers.base.map((c): [string, string[]] => [c, [base]]),
      ...tiers.shell.map((c): [string, string[]] => [c, [base, shell]]),
      ...tiers.extras.map((c): [string, string[]] => [c, [base, shell, ...groupFiles.filter((g) => g.components.includes(c)).map((g) => g.file)]]),
    ]);
  };
  return {
    name: 'argus-rsuite-css',
    enforce: 'pre',
    buildStart() {
      build();
    },
    transform(code, id) {
      if (!id.startsWith(srcDir) || !/\.tsx?$/.test(id) || !code.includes('/styles/index.css')) return null;
      const rewritten = code.replace(SHEET_STATEMENT, (statement, component: string) => {
        const files = sheetsOf.get(component);
        return files ? files.map((file) => `import ${JSON.stringify(file)};`).join(' ') : statement;
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
