import { readFileSync, readdirSync } from 'node:fs';
const dir = process.argv[2];
const file = readdirSync(dir).find(f => f.endsWith('.cpuprofile'))!;
const p = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
const self = new Map<number, number>();
const dt = p.timeDeltas as number[];
const parent = new Map<number, number>(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const under = (id: number, name: string) => { let cur: number | undefined = id; while (cur !== undefined) { if (byId.get(cur).callFrame.functionName === name) return true; cur = parent.get(cur); } return false; };
const first = p.samples.findIndex((s: number) => under(s, 'ingestAlarm'));
p.samples.forEach((s: number, i: number) => { if (i >= first) self.set(s, (self.get(s) ?? 0) + (dt[i] ?? 0)); });
const total = [...self.values()].reduce((a, b) => a + b, 0);
const agg = new Map<string, number>(); const incl = new Map<string, number>();
const key = (n: any) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*node_modules\//, 'nm:').replace(/^file:\/\/\/work\/wt\/perf\//, '')}:${n.callFrame.lineNumber}`;
for (const [id, t] of self) { const n = byId.get(id); agg.set(key(n), (agg.get(key(n)) ?? 0) + t);
  const seen = new Set<string>(); let cur: number | undefined = id; while (cur !== undefined) { const k = key(byId.get(cur)); if (!seen.has(k)) { incl.set(k, (incl.get(k) ?? 0) + t); seen.add(k); } cur = parent.get(cur); } }
console.log('total ms', Math.round(total / 1000));
console.log('--- self'); for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / total * 100).toFixed(1).padStart(5), k.slice(0, 140));
console.log('--- inclusive'); for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 60)) if (!/^\((root|program|idle)/.test(k)) console.log((v / total * 100).toFixed(1).padStart(5), k.slice(0, 140));
