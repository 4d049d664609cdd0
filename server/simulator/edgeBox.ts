// Simulated edge boxes: they post alarms through the same ingest API a real box uses (POST /api/ingest/alarm,
// x-box-id / x-box-secret), at a given rate, with generated snapshots. Everything they post is simulated.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { formatTime } from '../http/format.ts';
import { TokenBucket } from '../http/tokenBucket.ts';
import { EVENT_TYPE_IDS } from '../modules/alarms/eventTypes.ts';
import { postMultipart } from './multipartPost.ts';
import { simulatedObject } from './objectAttributes.ts';
import { drawSnapshot, type Snapshot } from './snapshot.ts';

export interface BoxCredentials {
  boxId: number;
  secret: string;
  cameraIds: number[];
}

export interface SimulatorOptions {
  /** Server base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  boxes: BoxCredentials[];
  /** Alarms per second over all boxes. */
  rate: number;
  /** Type ids to draw from, with weights. */
  types: { id: number; weight: number }[];
  /** Seconds; 0 runs until stopped. */
  duration: number;
  /** Extra attributes on every alarm (the bench stamps its send time). */
  attributes?: () => Record<string, string | number | boolean>;
  onResult?: (result: PostResult) => void;
}

export interface PostResult {
  ok: boolean;
  code: number;
  msg: string;
  id?: number;
  seq?: number;
  ms: number;
  /** What was posted (a recording of it is drawn from the same scene). */
  posted?: PostedAlarm;
}

export interface PostedAlarm {
  cameraId: number;
  eventType: number;
  variant: number;
  alarmTime: string;
  boxEventId: string;
}

/**
 * The simulator's pace per box: 16 alarms a second at most, a fifth under the server's limit (20 a second on
 * average, 20 at once: ingestHandler.ts), which leaves room for the box's own demo alarms under `npm start` and for
 * jitter. A box that falls behind (a stalled timer, slow answers) catches up at most PER_BOX_BURST at once and with at
 * most PER_BOX_IN_FLIGHT alarms unanswered: the simulator never sends a burst its own server refuses.
 */
export const PER_BOX_MAX_RATE = 16;
const PER_BOX_BURST = 4;
const PER_BOX_IN_FLIGHT = 8;
const MAX_IN_FLIGHT = 64;

export function loadBoxes(file: string): BoxCredentials[] {
  const list = JSON.parse(readFileSync(file, 'utf8')) as BoxCredentials[];
  const boxes = list.filter((b) => Number.isInteger(b.boxId) && typeof b.secret === 'string' && b.cameraIds?.length);
  if (boxes.length === 0) throw new Error(`${file} lists no box with cameras`);
  return boxes;
}

/**
 * The type mix: "all", "violation", "road", or a comma list of ids with optional weights ("16:5,1009:1,1020").
 * Unknown ids are refused.
 */
export function parseTypes(spec: string): { id: number; weight: number }[] {
  if (spec === 'all') return EVENT_TYPE_IDS.map((id) => ({ id, weight: 1 }));
  if (spec === 'violation') return EVENT_TYPE_IDS.filter((id) => id <= 50).map((id) => ({ id, weight: 1 }));
  if (spec === 'road') return EVENT_TYPE_IDS.filter((id) => id >= 1001).map((id) => ({ id, weight: 1 }));
  return spec.split(',').map((part) => {
    const [idText, weightText = '1'] = part.trim().split(':');
    const id = Number(idText);
    const weight = Number(weightText);
    if (!EVENT_TYPE_IDS.includes(id)) throw new Error(`unknown event type id ${idText} (1–50, 1001–1024)`);
    if (!(weight > 0)) throw new Error(`bad weight in ${part}`);
    return { id, weight };
  });
}

/** A type id drawn from the weighted mix. */
export function pickType(types: { id: number; weight: number }[]): number {
  const total = types.reduce((s, t) => s + t.weight, 0);
  let r = Math.random() * total;
  for (const t of types) {
    r -= t.weight;
    if (r <= 0) return t.id;
  }
  return types[types.length - 1].id;
}

/** Snapshots are drawn once per (type, variant) and reused: drawing costs a few milliseconds. */
const VARIANTS = 8;
const snapshots = new Map<string, Snapshot>();
export function snapshotFor(eventType: number, variant: number): Snapshot {
  const key = `${eventType}:${variant}`;
  let shot = snapshots.get(key);
  if (!shot) {
    shot = drawSnapshot(eventType, variant);
    if (snapshots.size < 500) snapshots.set(key, shot);
  }
  return shot;
}

/** The snapshots of a type mix drawn ahead: a box holds its picture when it reports, and the bench draws them before
 *  its clock starts, so that its latencies never include the sender's drawing. */
export function drawSnapshots(types: { id: number }[]): void {
  for (const { id } of types) for (let variant = 0; variant < VARIANTS; variant++) snapshotFor(id, variant);
}

let counter = 0;
const runId = randomBytes(4).toString('hex');

/** Posts one simulated alarm as `box`, for `cameraId` (default: the box's cameras in turn). */
export async function postAlarm(
  url: string,
  box: BoxCredentials,
  eventType: number,
  attributes: Record<string, string | number | boolean> = {},
  cameraId?: number,
): Promise<PostResult> {
  const variant = counter % VARIANTS;
  const shot = snapshotFor(eventType, variant);
  counter += 1;
  const posted: PostedAlarm = {
    cameraId: cameraId ?? box.cameraIds[counter % box.cameraIds.length],
    eventType,
    variant,
    alarmTime: formatTime(new Date()) as string,
    boxEventId: `sim-${runId}-${box.boxId}-${counter}`,
  };
  const fields: Record<string, string> = {
    cameraId: String(posted.cameraId),
    eventType: String(eventType),
    alarmTime: posted.alarmTime,
    confidence: (0.6 + Math.random() * 0.39).toFixed(3),
    box: JSON.stringify(shot.box),
    attributes: JSON.stringify({ source: 'simulator', ...simulatedObject(), ...attributes }),
    simulated: 'true',
    boxEventId: posted.boxEventId,
  };
  const started = performance.now();
  try {
    const res = await postMultipart(
      `${url.replace(/\/+$/, '')}/api/ingest/alarm`,
      { 'x-box-id': String(box.boxId), 'x-box-secret': box.secret },
      fields,
      { field: 'snapshot', fileName: 'snapshot.png', type: 'image/png', bytes: shot.png },
    );
    const body = JSON.parse(res.body) as { code: number; msg: string; data?: { id: number; seq: number } };
    return { ok: body.code === 0, code: body.code, msg: body.msg, id: body.data?.id, seq: body.data?.seq, ms: performance.now() - started, posted };
  } catch (error) {
    return { ok: false, code: -1, msg: (error as Error).message, ms: performance.now() - started };
  }
}

/** Runs the boxes at `rate` alarms a second (spread over the boxes, each at most PER_BOX_MAX_RATE) until stopped or done. */
export function runSimulator(options: SimulatorOptions): { stop(): Promise<void>; done: Promise<void>; rate: number } {
  const rate = Math.min(options.rate, options.boxes.length * PER_BOX_MAX_RATE);
  const interval = 1000 / rate;
  const started = performance.now();
  let sent = 0;
  let inFlight = 0;
  let stopped = false;
  const paces = options.boxes.map(() => ({ bucket: new TokenBucket(PER_BOX_MAX_RATE, PER_BOX_BURST, started), inFlight: 0 }));
  let turn = 0;
  /** The next box in turn whose pace allows an alarm now (its token taken), or -1. */
  const nextBox = (now: number) => {
    for (let i = 0; i < paces.length; i++) {
      const index = (turn + i) % paces.length;
      const pace = paces[index];
      if (pace.inFlight < PER_BOX_IN_FLIGHT && pace.bucket.take(now)) {
        turn = index + 1;
        return index;
      }
    }
    return -1;
  };
  const pending = new Set<Promise<unknown>>();
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });

  const tick = () => {
    if (stopped) return;
    const elapsed = performance.now() - started;
    if (options.duration > 0 && elapsed >= options.duration * 1000) return end();
    // Catch up with the schedule (timers are coarse), each box within its pace and the in-flight bounds.
    const due = Math.floor(elapsed / interval) + 1;
    while (sent < due && inFlight < MAX_IN_FLIGHT) {
      const index = nextBox(performance.now());
      if (index < 0) break;
      const pace = paces[index];
      sent += 1;
      inFlight += 1;
      pace.inFlight += 1;
      const p = postAlarm(options.url, options.boxes[index], pickType(options.types), options.attributes?.()).then((result) => {
        inFlight -= 1;
        pace.inFlight -= 1;
        options.onResult?.(result);
      });
      pending.add(p);
      p.finally(() => pending.delete(p));
    }
    timer = setTimeout(tick, Math.max(1, Math.min(interval, 50)));
  };
  const end = async () => {
    stopped = true;
    clearTimeout(timer);
    await Promise.all(pending);
    finish();
  };
  let timer = setTimeout(tick, 0);
  return {
    rate,
    done,
    async stop() {
      await end();
    },
  };
}
