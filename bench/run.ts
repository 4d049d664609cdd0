// `npm run bench`: measures the budgets of ARCHITECTURE.md that exist so far, prints them and writes
// bench/results/latest.json. Figures, not pass/fail: the budgets are compared in the output.
import { mkdirSync, writeFileSync } from 'node:fs';
import { measureBundle } from './bundleSizes.ts';
import { measureStartup } from './serverStartup.ts';

const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

const bundle = measureBundle();
results.bundle = bundle ?? 'not built (run npm run build first)';
if (bundle) {
  console.log(`login route initial JS (gzip): ${bundle.loginInitialJsKb} kB (budget 150 kB)`);
  console.log(`login route CSS (gzip): ${bundle.loginInitialCssKb} kB (budget 25 kB)`);
  console.log(`largest chunk (gzip): ${bundle.largestChunk.kb} kB ${bundle.largestChunk.file}`);
}

const startup = await measureStartup();
results.server = startup;
console.log(`server cold start on a fresh data dir: ${startup.coldStartMs} ms; warm start: ${startup.warmStartMs} ms`);
console.log(`server RSS after cold start: ${startup.rssAfterStartMb} MB`);
console.log(`login round trip: p50 ${startup.loginMs.p50} ms, p95 ${startup.loginMs.p95} ms (n=${startup.loginMs.n})`);
console.log(`/user/nav round trip: p50 ${startup.navMs.p50} ms, p95 ${startup.navMs.p95} ms (n=${startup.navMs.n})`);

mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
console.log('written to bench/results/latest.json');
