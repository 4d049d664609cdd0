// Adds the default bounds (scripts/contractBounds.ts) to every request-side schema of openapi/console.yaml that lacks
// one, as new lines under the schema's `minimum` or `type` line, leaving the rest of the file as it is; schema files
// (schemas/*.schema.json) are rewritten with the same 2-space JSON. Run after adding operations, then review the
// diff: a default is a safe outer bound, the field's real range is better where it is known.
//   node scripts/bound-contract.ts [--dry-run]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isNode, isScalar, isSeq, type Node, parseDocument, type YAMLMap } from 'yaml';
import { collectUnbounded, defaultBound, type RefContext, requestRoots, type TreeAccess, type Unbounded } from './contractBounds.ts';

const root = join(import.meta.dirname, '..');
const contractFile = join(root, 'openapi', 'console.yaml');
const text = readFileSync(contractFile, 'utf8');
const doc = parseDocument(text, { keepSourceTokens: true });
const files: Record<string, Record<string, any>> = {};
for (const f of readdirSync(join(root, 'schemas'))) {
  if (f.endsWith('.schema.json')) files[f] = JSON.parse(readFileSync(join(root, 'schemas', f), 'utf8'));
}

const plainIsMap = (n: unknown) => Boolean(n) && typeof n === 'object' && !Array.isArray(n) && !isNode(n);
const access: TreeAccess<any> = {
  isMap: (n) => isMap(n) || plainIsMap(n),
  isSeq: (n) => isSeq(n) || Array.isArray(n),
  get: (n, k) => (isMap(n) ? (n.get(k, true) as unknown) : plainIsMap(n) && Object.hasOwn(n, k) ? n[k] : undefined),
  keys: (n) => (isMap(n) ? n.items.map((p) => String(isScalar(p.key) ? p.key.value : p.key)) : plainIsMap(n) ? Object.keys(n) : []),
  items: (n) => (isSeq(n) ? n.items : Array.isArray(n) ? n : []),
  scalar: (n) => (isScalar(n) ? n.value : n !== null && typeof n === 'object' ? undefined : n),
  resolve(ref: string, from: RefContext) {
    const [file, pointer] = ref.includes('#') ? ref.split('#') : [ref, ''];
    const fileName = file ? file.split('/').pop()! : from.file;
    const parts = pointer.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (!fileName) {
      const node = doc.getIn(parts, true);
      return node === undefined ? undefined : { node, context: { file: '' } };
    }
    let node: any = files[fileName];
    for (const part of parts) node = node?.[part];
    return node === undefined ? undefined : { node, context: { file: fileName } };
  },
};

const found: Unbounded<any>[] = [];
const seen = new Set<any>();
for (const r of requestRoots(access, doc.contents as Node)) collectUnbounded(access, r.node, { file: '' }, r.where, seen, found);

const boundFor = (entry: Unbounded<any>, missing: Unbounded<any>['missing'][number]) => {
  // A string with a pattern is bounded by it already; the length only spares the pattern a huge input.
  if (missing === 'maxLength' && access.get(entry.node, 'pattern') !== undefined) return 64;
  return defaultBound(entry, missing);
};

const inserts: { at: number; text: string }[] = [];
let jsonChanged = false;
for (const entry of found) {
  if (entry.context.file) {
    for (const m of entry.missing) entry.node[m] = boundFor(entry, m);
    jsonChanged = true;
    continue;
  }
  const map = entry.node as YAMLMap;
  if (map.flow || !map.range) {
    console.warn(`skipped (flow map): ${entry.where}`);
    continue;
  }
  const lineStart = text.lastIndexOf('\n', map.range[0]) + 1;
  const indent = ' '.repeat(map.range[0] - lineStart);
  const anchorKey = ['maximum', 'minimum', 'type'].find((k) => map.has(k)) ?? null;
  const anchor = anchorKey ? map.items.find((p) => isScalar(p.key) && p.key.value === anchorKey) : null;
  const valueEnd = (anchor?.value as Node | undefined)?.range?.[1];
  const at = valueEnd !== undefined ? text.indexOf('\n', valueEnd) + 1 : lineStart;
  inserts.push({ at, text: entry.missing.map((m) => `${indent}${m}: ${boundFor(entry, m)}\n`).join('') });
}

inserts.sort((a, b) => b.at - a.at);
let out = text;
for (const { at, text: lines } of inserts) out = out.slice(0, at) + lines + out.slice(at);
console.log(`${found.length} unbounded request schemas; ${inserts.length} in the contract, the rest in schema files`);
if (!process.argv.includes('--dry-run')) {
  writeFileSync(contractFile, out);
  if (jsonChanged) {
    for (const [name, body] of Object.entries(files)) writeFileSync(join(root, 'schemas', name), `${JSON.stringify(body, null, 2)}\n`);
  }
}
