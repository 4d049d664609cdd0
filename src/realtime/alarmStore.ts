// The session's live alarms, fed by the socket machine (pushes) and by screens (lists they load), read by screens
// per topic with useSyncExternalStore: a component re-renders only when its topic changes.
//
// Exactly once: alarms are kept by id; an alarm seen again (a replay after a reconnect, the same alarm in a loaded
// list) updates the one shown and is not a new arrival. Smooth under bursts: pushes are queued and applied once
// per animation frame (or after FALLBACK_FLUSH_MS when no frame comes, e.g. in a background tab), so 200 alarms
// a second cost a few renders a second, and the list is capped.
import { onNextFrame } from '../app/afterPaint.ts';
import type { ConnectionStatus, AlarmStatusNotice, WarnEvent } from '../machines/socket.machine.ts';
import { addUrgentMany, clearUrgent, removeUrgent, URGENT_LIST_CAP, updateUrgent } from '../machines/urgentList.ts';

export type { WarnEvent } from '../machines/socket.machine.ts';

/** Live alarms kept (newest first); older ones are in /historyEvent. */
export const LIVE_ALARM_CAP = 500;
/** How many recent ids are remembered for de-duplication (far more than a reconnect replays out of order). */
const SEEN_IDS_KEPT = 20_000;
/** A queued push waits at most this long for an animation frame. */
export const FALLBACK_FLUSH_MS = 100;

export interface ConnectionState {
  status: ConnectionStatus;
  /** Reconnect attempts since the last hello. */
  attempts: number;
  /** Connections that reached hello; a screen reloads its list when this grows past 1 (statuses are not replayed). */
  epoch: number;
  closeCode: number | null;
}

/** New alarms of one flush, oldest first (sound and dialog react to these). */
export interface Arrivals {
  /** Grows by one per flush that brought new alarms. */
  serial: number;
  alarms: readonly WarnEvent[];
}

export interface AlarmStoreSnapshot {
  alarms: readonly WarnEvent[];
  urgent: readonly WarnEvent[];
  connection: ConnectionState;
  arrivals: Arrivals;
}

export type AlarmTopic = keyof AlarmStoreSnapshot;

export type Scheduler = (flush: () => void) => () => void;

/** requestAnimationFrame, with a timer in case no frame comes (hidden tab, tests). */
export const frameScheduler: Scheduler = (flush) => onNextFrame(() => flush(), FALLBACK_FLUSH_MS);

export interface AlarmStore {
  get<T extends AlarmTopic>(topic: T): AlarmStoreSnapshot[T];
  subscribe(topic: AlarmTopic, listener: () => void): () => void;
  /** A pushed alarm (queued until the next flush). */
  push(alarm: WarnEvent): void;
  /** A pushed status change (queued with the alarms, applied in order). */
  pushStatus(notice: AlarmStatusNotice): void;
  /** Alarms a screen loaded (merged at once, never arrivals). */
  merge(alarms: readonly WarnEvent[]): void;
  /** An alarm as the server now has it (after an action); `null` removes it (deleted). */
  replace(id: number, alarm: WarnEvent | null): void;
  setConnection(connection: ConnectionState): void;
  /** Urgent alarms loaded from the server: the ones not in the list join it in seq order (newest first), capped. */
  addUrgent(alarms: readonly WarnEvent[]): void;
  removeUrgent(id: number): void;
  clearUrgent(): void;
  /** The highest seq seen (what a new socket resumes after). */
  lastSeq(): number | null;
  /** Applies queued pushes now. */
  flush(): void;
  /** Forgets everything (sign-out). */
  reset(): void;
}

type Queued = { kind: 'alarm'; alarm: WarnEvent } | { kind: 'status'; notice: AlarmStatusNotice };

const INITIAL_CONNECTION: ConnectionState = { status: 'idle', attempts: 0, epoch: 0, closeCode: null };
const NO_ARRIVALS: Arrivals = { serial: 0, alarms: [] };

const newestFirst = (a: WarnEvent, b: WarnEvent) => b.seq - a.seq || b.id - a.id;

export function createAlarmStore(options: { schedule?: Scheduler; cap?: number } = {}): AlarmStore {
  const schedule = options.schedule ?? frameScheduler;
  const cap = options.cap ?? LIVE_ALARM_CAP;
  let state: AlarmStoreSnapshot = { alarms: [], urgent: [], connection: INITIAL_CONNECTION, arrivals: NO_ARRIVALS };
  let byId = new Map<number, WarnEvent>();
  /** Ids seen lately (bounded; pushes arrive in seq order, so older replays are caught by `pushedMax`). */
  let seen = new Set<number>();
  /** The highest seq pushed: a push at or below it is a replay, never a new arrival. */
  let pushedMax: number | null = null;
  let queue: Queued[] = [];
  let cancelFlush: (() => void) | null = null;
  const listeners = new Map<AlarmTopic, Set<() => void>>();

  const emit = (changed: Iterable<AlarmTopic>) => {
    for (const topic of new Set(changed)) for (const listener of [...(listeners.get(topic) ?? [])]) listener();
  };

  const rebuildList = (): readonly WarnEvent[] => {
    const list = [...byId.values()].sort(newestFirst);
    if (list.length > cap) {
      for (const dropped of list.slice(cap)) byId.delete(dropped.id);
      return list.slice(0, cap);
    }
    return list;
  };

  const remember = (alarm: WarnEvent) => {
    seen.add(alarm.id);
    if (seen.size > SEEN_IDS_KEPT) {
      for (const id of seen) {
        seen.delete(id);
        if (seen.size <= SEEN_IDS_KEPT / 2) break;
      }
    }
  };

  const applyStatus = (notice: AlarmStatusNotice, urgent: readonly WarnEvent[]) => {
    for (const id of notice.ids) {
      if (notice.deleted) {
        byId.delete(id);
        urgent = removeUrgent(urgent, id);
        continue;
      }
      const patch = (alarm: WarnEvent): WarnEvent => ({
        ...alarm,
        status: notice.status ?? alarm.status,
        handleUser: notice.handleUser,
        handleTime: notice.handleTime,
      });
      const current = byId.get(id);
      if (current) byId.set(id, patch(current));
      urgent = updateUrgent(urgent, id, patch);
    }
    return urgent;
  };

  const flush = () => {
    cancelFlush?.();
    cancelFlush = null;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    const fresh: WarnEvent[] = [];
    let urgent = state.urgent;
    for (const item of batch) {
      if (item.kind === 'status') {
        urgent = applyStatus(item.notice, urgent);
        continue;
      }
      const { alarm } = item;
      const isNew = !seen.has(alarm.id) && (pushedMax === null || alarm.seq > pushedMax);
      remember(alarm);
      if (pushedMax === null || alarm.seq > pushedMax) pushedMax = alarm.seq;
      byId.set(alarm.id, alarm);
      if (isNew) fresh.push(alarm);
      else urgent = updateUrgent(urgent, alarm.id, () => alarm);
    }
    // As they are after this batch's status changes (a deleted one is gone).
    const freshUrgent = fresh.filter((alarm) => alarm.urgent && byId.has(alarm.id)).map((alarm) => byId.get(alarm.id)!);
    if (freshUrgent.length > 0) urgent = addUrgentMany(urgent, freshUrgent);
    const changed: AlarmTopic[] = ['alarms'];
    state = { ...state, alarms: rebuildList() };
    if (urgent !== state.urgent) {
      state = { ...state, urgent };
      changed.push('urgent');
    }
    if (fresh.length > 0) {
      state = { ...state, arrivals: { serial: state.arrivals.serial + 1, alarms: fresh } };
      changed.push('arrivals');
    }
    emit(changed);
  };

  const enqueue = (item: Queued) => {
    queue.push(item);
    cancelFlush ??= schedule(flush);
  };

  return {
    get: (topic) => state[topic],
    subscribe(topic, listener) {
      const set = listeners.get(topic) ?? new Set<() => void>();
      listeners.set(topic, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    push: (alarm) => enqueue({ kind: 'alarm', alarm }),
    pushStatus: (notice) => enqueue({ kind: 'status', notice }),
    merge(alarms) {
      if (alarms.length === 0) return;
      flush(); // keep arrival order: queued pushes first
      let urgent = state.urgent;
      for (const alarm of alarms) {
        remember(alarm);
        byId.set(alarm.id, alarm);
        urgent = updateUrgent(urgent, alarm.id, () => alarm);
      }
      const changed: AlarmTopic[] = ['alarms'];
      state = { ...state, alarms: rebuildList() };
      if (urgent !== state.urgent) {
        state = { ...state, urgent };
        changed.push('urgent');
      }
      emit(changed);
    },
    replace(id, alarm) {
      flush();
      const urgent = alarm ? updateUrgent(state.urgent, id, () => alarm) : removeUrgent(state.urgent, id);
      if (alarm) {
        remember(alarm);
        if (byId.has(id)) byId.set(id, alarm);
      } else byId.delete(id);
      state = { ...state, alarms: rebuildList(), urgent };
      emit(['alarms', 'urgent']);
    },
    setConnection(connection) {
      const current = state.connection;
      if (
        current.status === connection.status &&
        current.attempts === connection.attempts &&
        current.epoch === connection.epoch &&
        current.closeCode === connection.closeCode
      ) {
        return;
      }
      state = { ...state, connection };
      emit(['connection']);
    },
    addUrgent(alarms) {
      flush();
      const present = new Set(state.urgent.map((alarm) => alarm.id));
      const joining = alarms.filter((alarm) => !present.has(alarm.id));
      if (joining.length === 0) return;
      const urgent = [...state.urgent, ...joining].sort(newestFirst).slice(0, URGENT_LIST_CAP);
      state = { ...state, urgent };
      emit(['urgent']);
    },
    removeUrgent(id) {
      const urgent = removeUrgent(state.urgent, id);
      if (urgent === state.urgent) return;
      state = { ...state, urgent };
      emit(['urgent']);
    },
    clearUrgent() {
      const urgent = clearUrgent(state.urgent);
      if (urgent === state.urgent) return;
      state = { ...state, urgent };
      emit(['urgent']);
    },
    lastSeq: () => pushedMax,
    flush,
    reset() {
      cancelFlush?.();
      cancelFlush = null;
      queue = [];
      byId = new Map();
      seen = new Set();
      pushedMax = null;
      state = { alarms: [], urgent: [], connection: INITIAL_CONNECTION, arrivals: NO_ARRIVALS };
      emit(['alarms', 'urgent', 'connection', 'arrivals']);
    },
  };
}
