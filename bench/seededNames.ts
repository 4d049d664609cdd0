// Seeded names in the reader's language (server/http/seededNames.ts): what renaming an English answer costs beside
// serialising it, on list-shaped answers of 100, 1,000 and 10,000 rows (a third of their strings seeded names).
import { SEEDED_NAMES_EN } from '../server/db/seed/seedNames.ts';
import { inEnglish } from '../server/http/seededNames.ts';
import { loadAverage } from './benchServer.ts';

export interface SeededNamesFigures {
  rows: { rows: number; jsonKb: number; renameMs: number; stringifyMs: number }[];
  seededNames: number;
  loadAverage: number;
}

const seeded = Object.keys(SEEDED_NAMES_EN);
const row = (i: number) => ({
  id: i,
  eventName: seeded[i % seeded.length],
  deviceName: seeded[(i * 7) % seeded.length],
  typed: `Gate ${i}`,
  status: 1,
  level: 2,
  createTime: '2026-12-07 10:00:00',
  picUrl: `/files/alarms/2026-12-07/${i}.jpg`,
  attrs: { objType: 1, boxes: [[1, 2, 3, 4]], note: `n${i}` },
  remark: null,
  handler: 'admin',
  score: 0.87,
});

/** Mean of `reps` runs after 5 to warm up, in ms. */
function timed(reps: number, run: () => unknown): number {
  for (let i = 0; i < 5; i++) run();
  const start = performance.now();
  for (let i = 0; i < reps; i++) run();
  return Math.round(((performance.now() - start) / reps) * 100) / 100;
}

export function measureSeededNames(): SeededNamesFigures {
  const load = loadAverage();
  const rows = [100, 1_000, 10_000].map((n) => {
    const payload = { code: 200, data: { total: n, rows: Array.from({ length: n }, (_, i) => row(i)) } };
    const reps = Math.max(5, Math.round(4_000 / n));
    return {
      rows: n,
      jsonKb: Math.round(JSON.stringify(payload).length / 1024),
      renameMs: timed(reps, () => inEnglish(payload)),
      stringifyMs: timed(reps, () => JSON.stringify(payload)),
    };
  });
  return { rows, seededNames: seeded.length, loadAverage: load };
}
