// `npm run simulate -- [--url http://127.0.0.1:8080] [--rate 2] [--boxes data/demo-boxes.json] [--types all]
// [--duration 0]`: simulated edge boxes posting alarms to a running server through the ingest API.
import { parseArgs } from 'node:util';
import { loadBoxes, PER_BOX_MAX_RATE, type PostResult, parseTypes, runSimulator } from './edgeBox.ts';

const usage = `usage: npm run simulate -- [options]
  --url <url>        server address (default http://127.0.0.1:8080)
  --rate <n>         alarms per second over all boxes (default 2; each box at most ${PER_BOX_MAX_RATE}/s)
  --boxes <file>     box credentials, as the demo seed writes them (default data/demo-boxes.json)
  --types <mix>      all | violation | road | ids with optional weights, e.g. 16:5,1009,1020:2 (default all)
  --duration <s>     stop after this many seconds (default 0: until Ctrl-C)`;

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:8080' },
      rate: { type: 'string', default: '2' },
      boxes: { type: 'string', default: 'data/demo-boxes.json' },
      types: { type: 'string', default: 'all' },
      duration: { type: 'string', default: '0' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;
}
try {
  args = parse();
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}

const rate = Number(args.rate);
const duration = Number(args.duration);
if (!(rate > 0) || !(duration >= 0)) {
  console.error(`--rate must be > 0 and --duration ≥ 0\n${usage}`);
  process.exit(2);
}
let boxes: ReturnType<typeof loadBoxes>;
let types: ReturnType<typeof parseTypes>;
try {
  boxes = loadBoxes(args.boxes);
  types = parseTypes(args.types);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const counts = { ok: 0, failed: 0, byCode: new Map<string, number>() };
const latencies: number[] = [];
const onResult = (r: PostResult) => {
  if (r.ok) counts.ok += 1;
  else {
    counts.failed += 1;
    const key = `${r.code} ${r.msg}`;
    counts.byCode.set(key, (counts.byCode.get(key) ?? 0) + 1);
  }
  latencies.push(r.ms);
};
const sim = runSimulator({ url: args.url, boxes, rate, types, duration, onResult });
if (sim.rate < rate) console.warn(`rate capped at ${sim.rate}/s: ${boxes.length} ${boxes.length === 1 ? 'box' : 'boxes'} × ${PER_BOX_MAX_RATE}/s`);
console.log(`simulating ${boxes.length} ${boxes.length === 1 ? 'box' : 'boxes'} → ${args.url} at ${sim.rate} alarms/s${duration ? ` for ${duration} s` : ''} (types: ${args.types})`);

const report = () => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1) : '-');
  console.log(`sent ${counts.ok + counts.failed}: ${counts.ok} stored, ${counts.failed} refused; ingest p50 ${p(0.5)} ms, p95 ${p(0.95)} ms`);
  for (const [reason, n] of counts.byCode) console.log(`  ${n} × ${reason}`);
  latencies.length = 0;
};
const every = setInterval(report, 5000);
process.once('SIGINT', () => sim.stop());
await sim.done;
clearInterval(every);
report();
process.exit(counts.ok > 0 || counts.failed === 0 ? 0 : 1);
