// CSS rules: splits style sheets into their rules (a rule inside @media/@supports/@layer keeps that context)
// and tells how much of a set of sheets is a rule that also appears elsewhere in the set.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The rules of one sheet, each as its text prefixed by its enclosing at-rule preludes. */
export function cssRules(css: string, context = ''): string[] {
  const rules: string[] = [];
  let start = 0;
  let i = 0;
  const n = css.length;
  while (i < n) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      if (css.slice(start, i).trim().startsWith('/*')) start = i;
      continue;
    }
    if (c === '"' || c === "'") {
      i = skipString(css, i);
      continue;
    }
    if (c === ';') {
      const text = css.slice(start, i + 1).trim();
      if (text) rules.push(context + text);
      start = ++i;
      continue;
    }
    if (c === '{') {
      const prelude = css.slice(start, i).trim();
      const close = matchingBrace(css, i);
      const body = css.slice(i + 1, close);
      if (/^@(media|supports|layer|container|document)\b/i.test(prelude)) rules.push(...cssRules(body, `${context}${prelude}{`));
      else rules.push(`${context}${prelude}{${body.trim()}}`);
      i = close + 1;
      start = i;
      continue;
    }
    i++;
  }
  return rules;
}

function skipString(css: string, i: number): number {
  const quote = css[i];
  let j = i + 1;
  while (j < css.length && css[j] !== quote) j += css[j] === '\\' ? 2 : 1;
  return j + 1;
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = skipString(css, i) - 1;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length;
}

export interface RepeatFigures {
  sheets: number;
  rules: number;
  /** Rules that are a second (or later) copy of a rule already in the set. */
  repeatedRules: number;
  repeatedRulePercent: number;
  /** Bytes of those copies, as a share of all the set's CSS bytes. */
  repeatedBytePercent: number;
  /** The rules found in the most sheets (for finding where repeats come from). */
  worst: { rule: string; sheets: number }[];
}

export function repeatedRules(sheets: string[]): RepeatFigures {
  const seen = new Map<string, number>();
  const inSheets = new Map<string, number>();
  let rules = 0;
  let repeated = 0;
  let repeatedBytes = 0;
  let bytes = 0;
  for (const sheet of sheets) {
    bytes += sheet.length;
    const own = new Set<string>();
    for (const rule of cssRules(sheet)) {
      rules++;
      if (seen.has(rule)) {
        repeated++;
        repeatedBytes += rule.length;
      }
      seen.set(rule, (seen.get(rule) ?? 0) + 1);
      if (!own.has(rule)) inSheets.set(rule, (inSheets.get(rule) ?? 0) + 1);
      own.add(rule);
    }
  }
  const worst = [...inSheets]
    .filter(([, k]) => k > 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([rule, k]) => ({ rule: rule.slice(0, 80), sheets: k }));
  const pct = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 10 : 0);
  return { sheets: sheets.length, rules, repeatedRules: repeated, repeatedRulePercent: pct(repeated, rules), repeatedBytePercent: pct(repeatedBytes, bytes), worst };
}

/** Every CSS file of the build (dist/assets/*.css). */
export function distSheets(dist = 'dist'): string[] {
  const dir = join(dist, 'assets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.css'))
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

/** Splits a selector list at its top-level commas (not those inside :is(), :not() or attribute values). */
export function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts.filter(Boolean);
}

/** A flattened rule (as cssRules gives it) written back as CSS: its at-rule context reopened and closed. */
export function ruleText(rule: string): string {
  const parsed = parseRule(rule);
  if (!parsed) return rule;
  return `${parsed.context}${parsed.prelude}{${parsed.body}}${'}'.repeat(parsed.depth)}`;
}

export interface ParsedRule {
  /** The enclosing at-rule preludes, each with its opening brace ("@media (x){"). */
  context: string;
  depth: number;
  prelude: string;
  body: string;
}

/** Splits a flattened rule into its context, its own prelude (selector list or at-rule) and its body. */
export function parseRule(rule: string): ParsedRule | null {
  let context = '';
  let depth = 0;
  let rest = rule;
  while (/^@(media|supports|layer|container|document)\b/i.test(rest)) {
    const open = topLevelBrace(rest);
    if (open < 0) return null;
    context += rest.slice(0, open + 1);
    rest = rest.slice(open + 1);
    depth++;
  }
  const open = topLevelBrace(rest);
  if (open < 0 || !rest.endsWith('}')) return null;
  return { context, depth, prelude: rest.slice(0, open).trim(), body: rest.slice(open + 1, -1) };
}

function topLevelBrace(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = skipString(text, i) - 1;
    else if (c === '{') return i;
  }
  return -1;
}
