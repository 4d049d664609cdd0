// Not a plugin: where rsuiteCss.ts puts rsuite's custom properties (the :root palette), computed from the sheets.
// Every component sheet repeats the :root properties it was built with, and combined they all went to the shell
// sheet: 328 properties, 2.9 kB gzip on every signed-in page, though about half are read only by the rules of one
// group (the calendar's by the date pickers' sheet, the table's by the table's) or by nothing at all (those of the
// variants UNUSED_VARIANTS leaves out, palette shades no rule uses). A property that only one group's rules read goes
// to that group's :root; one that nothing reads — no rule, no other property's value, no module of the console or of
// rsuite naming it — is left out. The others stay where they were.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Parts {
  root: Map<string, string>;
  rules: string[];
}

const READ = /var\(\s*(--[\w-]+)/g;
const NAMED = /--rs-[\w-]+/g;

function reads(texts: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(READ)) found.add(m[1]);
  return found;
}

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

/** The rsuite custom properties that code and sheets outside rsuite's sheets name (the console's, rsuite's scripts). */
export function propertiesNamedIn(srcDir: string, rsuiteDir: string): Set<string> {
  const named = new Set<string>();
  const texts = [...files(srcDir, /\.(tsx?|css)$/), ...files(join(rsuiteDir, 'esm'), /\.js$/)];
  for (const file of texts) for (const m of readFileSync(file, 'utf8').matchAll(NAMED)) named.add(m[0]);
  return named;
}

/**
 * Moves the shell's :root properties that one group alone reads (its rules, or the values of its own :root) into that
 * group's :root, and drops those none reads; again until nothing moves (a moved property's value is read where it went).
 */
export function placeProperties(base: Parts, shell: Parts, groups: Parts[], named: ReadonlySet<string>): void {
  for (let moved = true; moved; ) {
    moved = false;
    const kept = reads([...base.rules, ...shell.rules, ...base.root.values(), ...shell.root.values()]);
    const readers = new Map<string, Parts[]>();
    for (const group of groups) {
      for (const name of reads([...group.rules, ...group.root.values()])) {
        const list = readers.get(name);
        if (list) list.push(group);
        else readers.set(name, [group]);
      }
    }
    for (const [name, value] of [...shell.root]) {
      const by = readers.get(name) ?? [];
      if (kept.has(name) || named.has(name) || by.length > 1) continue;
      shell.root.delete(name);
      if (by.length === 1) by[0].root.set(name, value);
      moved = true;
    }
  }
}
