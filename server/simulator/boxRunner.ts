// Simulated edge boxes that behave like real ones on the box API: each heartbeats (POST /api/ingest/heartbeat with
// its own id and secret), reports itself as simulated with its figures, apps and the run state of its cameras,
// obeys the commands handed back (a restart takes it away for a few seconds), and analyses only the cameras the
// platform has started — posting their alarms (POST /api/ingest/alarm, marked simulated) at a slow pace. Trained
// versions synced to a box are checked and kept (modelSync.ts) and acknowledged at once with an extra heartbeat.
// The demo site runs its boxes this way (server/simulator/demoBox.ts), so tasks and cameras can be started and
// stopped and boxes restarted from the console.
import { type BoxCredentials, parseTypes, pickType, postAlarm } from './edgeBox.ts';
import { applyModelSyncs, type HeldModel, type ModelSyncAck, type ModelSyncOffer } from './modelSync.ts';
import { postRecording } from './recordingPost.ts';

export interface BoxCameraWork {
  cameraId: number;
  kind: 'normal' | 'image' | 'offline';
  started: boolean;
  eventIds: number[];
}

interface HeartbeatAnswer {
  commands: { id: number; command: string; payload: unknown }[];
  cameras: BoxCameraWork[];
  heartbeatSeconds: number;
  /** Absent from a server that does not sync trained versions. */
  modelSyncs?: ModelSyncOffer[];
}

export type BoxEvent =
  | { type: 'heartbeat'; boxId: number; cameras: BoxCameraWork[] }
  | { type: 'command'; boxId: number; command: string }
  | { type: 'modelSync'; boxId: number; syncId: number; applied: boolean }
  | { type: 'restarted'; boxId: number }
  | { type: 'alarm'; boxId: number; cameraId: number; ok: boolean; msg: string }
  | { type: 'refused'; boxId: number; code: number; msg: string }
  | { type: 'recording'; boxId: number; ok: boolean; msg: string; bytes?: number; cpuMs?: number | null };

export interface SimulatedBoxesOptions {
  /** Server base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  boxes: BoxCredentials[];
  /** Heartbeat period; never longer than the platform's interval for the box (default 10 s). */
  heartbeatMs?: number;
  /** One alarm over all boxes every min–max ms, from a started camera (default 10–20 s); null posts none. */
  alarmGapMs?: { min: number; max: number } | null;
  /** How long a restart keeps a box away (default 5 s). */
  restartMs?: number;
  /** The alarm type mix (edgeBox.ts parseTypes). */
  types?: string;
  /** Record and upload a short clip of every alarm posted (ffmpeg; default false). */
  clips?: boolean;
  onEvent?: (event: BoxEvent) => void;
}

export interface SimulatedBoxes {
  /** The cameras each box was last told to run. */
  work(boxId: number): BoxCameraWork[];
  /** The trained models each box holds, by algorithm id. */
  models(boxId: number): Map<number, HeldModel>;
  stop(): Promise<void>;
}

/** Mostly everyday violations, some road events, rarely an urgent one. */
export const DEMO_TYPES = '16:6,8:4,13:4,10:3,5:3,6:2,24:2,1003:1,1004:1,1005:1,1016:1,1009:0.3,1020:0.5';
const SIM_VERSION = '2.4.1-sim';
const SDC_APPS = [
  { appName: 'argus-traffic', version: SIM_VERSION, state: 'running', description: '交通违法与道路事件（模拟）' },
  { appName: 'argus-general', version: SIM_VERSION, state: 'running', description: '通用事件（模拟）' },
];
const SDC_TOPICS = [
  { topic: 'argus/traffic/alarm', appName: 'argus-traffic', description: null },
  { topic: 'argus/general/alarm', appName: 'argus-general', description: null },
];

interface BoxState {
  box: BoxCredentials;
  work: BoxCameraWork[];
  intervalMs: number;
  awayUntil: number;
  timer: NodeJS.Timeout | null;
  load: { cpu: number; memory: number; disk: number };
  models: Map<number, HeldModel>;
  /** Acknowledgements the next heartbeat carries. */
  acks: ModelSyncAck[];
}

export function startSimulatedBoxes(options: SimulatedBoxesOptions): SimulatedBoxes {
  const base = options.url.replace(/\/+$/, '');
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const restartMs = options.restartMs ?? 5000;
  const gap = options.alarmGapMs === undefined ? { min: 10_000, max: 20_000 } : options.alarmGapMs;
  const types = parseTypes(options.types ?? DEMO_TYPES);
  const emit = (event: BoxEvent) => options.onEvent?.(event);
  const pending = new Set<Promise<unknown>>();
  let stopped = false;
  let alarmTimer: NodeJS.Timeout | null = null;

  const states = options.boxes.map(
    (box): BoxState => ({ box, work: [], intervalMs: heartbeatMs, awayUntil: 0, timer: null, load: { cpu: 20 + box.boxId * 7, memory: 35, disk: 41 }, models: new Map(), acks: [] }),
  );

  const track = <T>(p: Promise<T>): Promise<T> => {
    pending.add(p);
    p.finally(() => pending.delete(p)).catch(() => undefined);
    return p;
  };

  const schedule = (state: BoxState, ms: number) => {
    if (stopped) return;
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => void track(beat(state)), ms);
    state.timer.unref();
  };

  const report = (state: BoxState) => {
    // The figures drift a little between heartbeats, like a box at work.
    const drift = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value + (Math.random() - 0.5) * 6));
    state.load = { cpu: drift(state.load.cpu, 8, 85), memory: drift(state.load.memory, 25, 80), disk: drift(state.load.disk, 40, 43) };
    return {
      simulated: true,
      version: SIM_VERSION,
      cpuUsage: Math.round(state.load.cpu * 10) / 10,
      memoryUsage: Math.round(state.load.memory * 10) / 10,
      diskUsage: Math.round(state.load.disk * 10) / 10,
      sdcApps: SDC_APPS,
      sdcTopics: SDC_TOPICS,
      runStates: state.work.map((c) => ({ cameraId: c.cameraId, runState: c.started ? 1 : 0 })),
      ...(state.acks.length ? { modelSyncAcks: state.acks.slice(0, 100) } : {}),
    };
  };

  const beat = async (state: BoxState) => {
    if (stopped) return;
    const wait = state.awayUntil - Date.now();
    if (wait > 0) return schedule(state, wait);
    let answer: HeartbeatAnswer | null = null;
    const sending = [...state.acks];
    try {
      const res = await fetch(`${base}/api/ingest/heartbeat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-box-id': String(state.box.boxId), 'x-box-secret': state.box.secret },
        body: JSON.stringify(report(state)),
      });
      const body = (await res.json()) as { code: number; msg: string; data?: HeartbeatAnswer };
      if (body.code === 0 && body.data) {
        answer = body.data;
        // Taken by the platform: not sent again.
        state.acks = state.acks.filter((a) => !sending.includes(a));
      }
      else emit({ type: 'refused', boxId: state.box.boxId, code: body.code, msg: body.msg });
    } catch (error) {
      emit({ type: 'refused', boxId: state.box.boxId, code: -1, msg: (error as Error).message });
    }
    if (answer) {
      state.work = answer.cameras;
      state.intervalMs = Math.min(heartbeatMs, answer.heartbeatSeconds * 1000);
      emit({ type: 'heartbeat', boxId: state.box.boxId, cameras: answer.cameras });
      for (const command of answer.commands) {
        emit({ type: 'command', boxId: state.box.boxId, command: command.command });
        if (command.command === 'restart') state.awayUntil = Date.now() + restartMs;
      }
      const acks = applyModelSyncs(state.models, answer.modelSyncs ?? []);
      for (const ack of acks) emit({ type: 'modelSync', boxId: state.box.boxId, syncId: ack.syncId, applied: ack.applied });
      state.acks.push(...acks);
      if (state.awayUntil > Date.now()) {
        // Away while it restarts; back with a heartbeat of its own (the platform sees it online again).
        const back = state.awayUntil - Date.now();
        if (state.timer) clearTimeout(state.timer);
        state.timer = setTimeout(() => {
          emit({ type: 'restarted', boxId: state.box.boxId });
          void track(beat(state));
        }, back);
        state.timer.unref();
        return;
      }
    }
    // Acknowledge new models at once rather than a whole interval later.
    schedule(state, answer && state.acks.length ? 0 : state.intervalMs);
  };

  /** A started camera of a box that is up, chosen at random; null when nothing runs. */
  const pickCamera = (): { state: BoxState; cameraId: number } | null => {
    const now = Date.now();
    const candidates = states.flatMap((state) =>
      state.awayUntil > now ? [] : state.work.filter((c) => c.started && c.kind !== 'offline').map((c) => ({ state, cameraId: c.cameraId })),
    );
    return candidates.length ? candidates[Math.floor(Math.random() * candidates.length)] : null;
  };

  const nextAlarm = () => {
    if (stopped || !gap) return;
    alarmTimer = setTimeout(() => void track(postOne()), gap.min + Math.random() * (gap.max - gap.min));
    alarmTimer.unref();
  };
  const postOne = async () => {
    const picked = pickCamera();
    if (picked) {
      const result = await postAlarm(base, picked.state.box, pickType(types), {}, picked.cameraId);
      emit({ type: 'alarm', boxId: picked.state.box.boxId, cameraId: picked.cameraId, ok: result.ok, msg: result.msg });
      if (options.clips && result.ok && result.posted) {
        const recording = await postRecording(base, picked.state.box, result.posted);
        emit({ type: 'recording', boxId: picked.state.box.boxId, ok: recording.ok, msg: recording.msg, bytes: recording.bytes, cpuMs: recording.cpuMs });
      }
    }
    nextAlarm();
  };

  for (const state of states) schedule(state, 0);
  nextAlarm();

  return {
    work: (boxId) => states.find((s) => s.box.boxId === boxId)?.work ?? [],
    models: (boxId) => states.find((s) => s.box.boxId === boxId)?.models ?? new Map(),
    async stop() {
      stopped = true;
      for (const state of states) if (state.timer) clearTimeout(state.timer);
      if (alarmTimer) clearTimeout(alarmTimer);
      await Promise.allSettled([...pending]);
    },
  };
}
