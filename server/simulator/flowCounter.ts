// Simulated passenger-flow counters: cameras of the demo boxes count people crossing a line, in and out, per minute,
// with the site's daily rhythm (people arrive in the morning rush and leave in the evening one), and post the
// counts through the box API (POST /api/ingest/flow, the box's own credentials, marked simulated). The seeded
// history draws its counts from the same function.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BoxCredentials } from './edgeBox.ts';
import { hourWeight, poisson, seededRandom } from './sitePatterns.ts';

export interface FlowCounter {
  boxId: number;
  cameraId: number;
  /** The counting line, as the box names it (a subway line). */
  line: string;
}

export interface FlowRecord {
  cameraId: number;
  line: string;
  direction: 'in' | 'out';
  minute: Date;
  count: number;
}

/** The demo's counters: the first camera of each box, each on its own line. */
export function demoFlowCounters(boxes: BoxCredentials[]): FlowCounter[] {
  return boxes.flatMap((box, index) => (box.cameraIds.length ? [{ boxId: box.boxId, cameraId: box.cameraIds[0], line: `${index + 1}号线` }] : []));
}

/** People per minute through a counter at a moment: ~30 at a rush peak, a handful at night; in leads in the morning, out in the evening. */
export function flowCounts(minute: Date, counterIndex: number, random: () => number): { in: number; out: number } {
  const hour = minute.getHours();
  const busy = hourWeight(minute) * (1 + counterIndex * 0.3);
  const morning = hour >= 6 && hour < 11;
  const evening = hour >= 16 && hour < 21;
  const base = 12 * busy;
  return { in: poisson(base * (morning ? 1.6 : evening ? 0.5 : 1), random), out: poisson(base * (evening ? 1.6 : morning ? 0.5 : 1), random) };
}

/** The records of one minute for every counter (zero counts are posted too: a quiet minute is a real reading). */
export function flowRecordsFor(minute: Date, counters: FlowCounter[], random: () => number): (FlowRecord & { boxId: number })[] {
  return counters.flatMap((c, i) => {
    const n = flowCounts(minute, i, random);
    return [
      { boxId: c.boxId, cameraId: c.cameraId, line: c.line, direction: 'in' as const, minute, count: n.in },
      { boxId: c.boxId, cameraId: c.cameraId, line: c.line, direction: 'out' as const, minute, count: n.out },
    ];
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
const minuteText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;

/** Posts one box's records (the ingest answers how many were stored and repeated). */
export async function postFlow(url: string, box: BoxCredentials, records: FlowRecord[]): Promise<{ ok: boolean; code: number; msg: string }> {
  try {
    const res = await fetch(`${url.replace(/\/+$/, '')}/api/ingest/flow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-box-id': String(box.boxId), 'x-box-secret': box.secret },
      body: JSON.stringify({ simulated: true, records: records.map((r) => ({ ...r, minute: minuteText(r.minute) })) }),
    });
    const body = (await res.json()) as { code: number; msg: string };
    return { ok: body.code === 0, code: body.code, msg: body.msg };
  } catch (error) {
    return { ok: false, code: -1, msg: (error as Error).message };
  }
}

/** Every minute, the counts of the minute just ended, per box. FLOW_SIMULATOR follows SIMULATOR=off. */
export function startFlowCounters(serverUrl: string, dataDir: string, log: (line: string) => void): { stop(): void } | null {
  let boxes: BoxCredentials[];
  try {
    boxes = JSON.parse(readFileSync(join(dataDir, 'demo-boxes.json'), 'utf8')) as BoxCredentials[];
  } catch {
    return null;
  }
  const counters = demoFlowCounters(boxes);
  if (counters.length === 0) return null;
  const random = seededRandom(Date.now() % 2 ** 31);
  const tick = async () => {
    const minute = new Date();
    minute.setSeconds(0, 0);
    minute.setMinutes(minute.getMinutes() - 1);
    const records = flowRecordsFor(minute, counters, random);
    for (const box of boxes) {
      const own = records.filter((r) => r.boxId === box.boxId).map(({ boxId: _, ...r }) => r);
      if (own.length === 0) continue;
      const result = await postFlow(serverUrl, box, own);
      if (!result.ok) log(`simulator: flow counts refused (${result.code} ${result.msg})`);
    }
  };
  // On the minute, a few seconds in (the minute just ended is complete).
  const wait = 60_000 - (Date.now() % 60_000) + 2000;
  let interval: NodeJS.Timeout | null = null;
  const first = setTimeout(() => {
    void tick();
    interval = setInterval(() => void tick(), 60_000);
    interval.unref();
  }, wait);
  first.unref();
  log(`simulator: ${counters.length} passenger-flow counters post their counts every minute`);
  return {
    stop() {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    },
  };
}
