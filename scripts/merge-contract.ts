// One-off build-out helper: merges openapi/parts/*.yaml (written per area) into one contract document.
// Usage: node scripts/merge-contract.ts [--out file] [--only part1,part2]
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

const args = process.argv.slice(2);
const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : 'openapi/console.yaml';
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const dir = 'openapi/parts';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .filter((f) => f === '_common.yaml' || !only || only.includes(f.replace(/\.yaml$/, '')))
  .sort();
type Doc = Record<string, any>;
let root: Doc | null = null;
for (const f of files) {
  const part = parse(readFileSync(`${dir}/${f}`, 'utf8')) as Doc;
  if (!root) { root = part; continue; }
  for (const [p, item] of Object.entries(part.paths ?? {})) {
    const target = (root.paths[p] ??= {});
    for (const [m, op] of Object.entries(item as Doc)) {
      if (target[m]) throw new Error(`${f}: duplicate ${m.toUpperCase()} ${p}`);
      target[m] = op;
    }
  }
  for (const [kind, entries] of Object.entries(part.components ?? {})) {
    const target = ((root.components ??= {})[kind] ??= {});
    for (const [name, value] of Object.entries(entries as Doc)) {
      if (target[name]) throw new Error(`${f}: duplicate components.${kind}.${name}`);
      target[name] = value;
    }
  }
  for (const [k, v] of Object.entries(part)) if (k.startsWith('x-')) root[k] = v;
}
writeFileSync(out, stringify(root, { lineWidth: 120 }));
console.log(`merged ${files.length} parts into ${out}: ${Object.keys(root!.paths).length} paths`);
