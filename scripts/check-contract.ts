// Contract rules a generic OpenAPI linter does not know (docs/contract-conventions.md): every operation declares
// exactly one kind of access, its x-permission names real module numbers (route keys), one tag from the list, a
// summary in English and in Chinese (x-summary-zh); every value a client sends is bounded (scripts/contractBounds.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContract } from '../server/contract/loadContract.ts';
import { collectUnbounded, plainAccess, requestRoots, type Unbounded } from './contractBounds.ts';
import { menuTree, type SeedModule } from '../server/db/seed/menuTree.ts';

const numbers = new Set<string>();
const walk = (list: SeedModule[]) => {
  for (const m of list) {
    numbers.add(m.number);
    if (m.children) walk(m.children);
  }
};
walk(menuTree);

const problems: string[] = [];
const { document, operations } = loadContract();
const tags = new Set((document.tags ?? []).map((t: { name: string }) => t.name));
const ids = new Set<string>();
for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
  for (const [method, op] of Object.entries<Record<string, any>>(item)) {
    if (method === 'parameters') continue;
    const where = `${method.toUpperCase()} ${path}`;
    const kinds = ['x-public', 'x-session-only', 'x-permission'].filter((k) => op[k] !== undefined);
    if (kinds.length !== 1) problems.push(`${where}: declares ${kinds.length} access kinds (${kinds.join(', ') || 'none'})`);
    for (const n of [op['x-permission'] ?? []].flat()) {
      if (!numbers.has(n)) problems.push(`${where}: x-permission ${n} is not a module number of the menu`);
    }
    if (op.tags?.length !== 1 || !tags.has(op.tags[0])) problems.push(`${where}: needs exactly one declared tag`);
    // The operation log shows what an operation did in the user's language: the summary and its Chinese twin.
    if (typeof op.summary !== 'string' || typeof op['x-summary-zh'] !== 'string' || !/\p{Script=Han}/u.test(op['x-summary-zh'])) {
      problems.push(`${where}: needs a summary and a Chinese x-summary-zh`);
    }
    if (ids.has(op.operationId)) problems.push(`${where}: duplicate operationId ${op.operationId}`);
    ids.add(op.operationId);
  }
}
// Bounds: integers and numbers min and max, strings maxLength, arrays maxItems (enum/const, date formats exempt).
const schemaDir = join(import.meta.dirname, '..', 'schemas');
const files = Object.fromEntries(
  readdirSync(schemaDir)
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => [f, JSON.parse(readFileSync(join(schemaDir, f), 'utf8'))]),
);
const access = plainAccess(document, files);
const unbounded: Unbounded<unknown>[] = [];
const seen = new Set<unknown>();
for (const root of requestRoots(access, document)) collectUnbounded(access, root.node, { file: '' }, root.where, seen, unbounded);
for (const u of unbounded) problems.push(`${u.where}: ${u.type} without ${u.missing.join(', ')} (npm run bound:contract adds defaults)`);
if (problems.length > 0) {
  console.error(`Contract check failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`Contract check: ${operations.length} operations, each with one tag and one declared access; every request value bounded.`);
