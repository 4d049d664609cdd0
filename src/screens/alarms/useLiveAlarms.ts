// The live screen's data: the session store's alarms (filtered by the menu's typeIds), the recent ones loaded
// from the server on arrival and again after every reconnect (status changes are not replayed, §7 catch-up),
// pause (the list stops moving; arrivals are counted, and not announced), hold (the list stops moving while the
// pointer or keyboard focus is on it; arrivals are still announced), and each new batch of arrivals for the sound
// and dialog.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseTypeIds } from '../../domain/roadEventTypes.ts';
import type { Arrivals } from '../../realtime/alarmStore.ts';
import { useAlarmTopic, useRealtime } from '../../realtime/useRealtime.ts';
import { listAlarms, type WarnEvent } from './alarmsApi.ts';
import { heldView } from './liveHold.ts';

export const RECENT_ON_OPEN = 100;

export type RecentLoad = { status: 'loading' | 'ready' } | { status: 'error'; message: string };

export function useLiveAlarms(onArrivals: (alarms: readonly WarnEvent[]) => void) {
  const { store } = useRealtime();
  const [params] = useSearchParams();
  const typeIdsText = params.get('typeIds');
  const typeIds = useMemo(() => parseTypeIds(typeIdsText), [typeIdsText]);
  const all = useAlarmTopic('alarms');
  const connection = useAlarmTopic('connection');
  const arrivals = useAlarmTopic('arrivals');
  const [recent, setRecent] = useState<RecentLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The rows' order while paused, and while held (pointer or keyboard focus on the list).
  const [frozen, setFrozen] = useState<readonly number[] | null>(null);
  const [heldIds, setHeldIds] = useState<readonly number[] | null>(null);
  const [missed, setMissed] = useState(0);

  // The recent alarms from the server: on open, on Retry, and after each reconnect (epoch > 1).
  const reloadKey = `${typeIds.join(',')}|${attempt}|${connection.epoch > 1 ? connection.epoch : 0}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey stands for typeIds, Retry and reconnects
  useEffect(() => {
    const controller = new AbortController();
    setRecent({ status: 'loading' });
    listAlarms({ eventTypes: typeIds.length > 0 ? (typeIds as never) : undefined, sortField: 'seq', sortOrder: 'desc' }, 1, RECENT_ON_OPEN, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        store.merge(page.list);
        setRecent({ status: 'ready' });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setRecent({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [reloadKey, store]);

  const matches = useMemo(() => {
    const wanted = new Set(typeIds);
    return (alarm: WarnEvent) => wanted.size === 0 || wanted.has(alarm.eventType);
  }, [typeIds]);
  const visible = useMemo(() => (typeIds.length === 0 ? all : all.filter(matches)), [all, matches, typeIds.length]);

  // New arrivals (not replays): counted while paused, otherwise handed to the sound and the dialog.
  const lastSerial = useRef<Arrivals['serial']>(arrivals.serial);
  const paused = frozen !== null;
  const onArrivalsRef = useRef(onArrivals);
  onArrivalsRef.current = onArrivals;
  useEffect(() => {
    if (arrivals.serial === lastSerial.current) return;
    lastSerial.current = arrivals.serial;
    const fresh = arrivals.alarms.filter(matches);
    if (fresh.length === 0) return;
    if (paused) setMissed((n) => n + fresh.length);
    else onArrivalsRef.current(fresh);
  }, [arrivals, matches, paused]);

  const still = frozen ?? heldIds;
  const held = useMemo(() => (still ? heldView(visible, still) : null), [still, visible]);
  const ids = () => visible.map((alarm) => alarm.id);

  return {
    store,
    /** The menu's type ids the list is limited to (none: every type). */
    typeIds,
    alarms: held?.alarms ?? visible,
    total: visible.length,
    recent,
    retry: () => setAttempt((n) => n + 1),
    paused,
    missed,
    pause: () => setFrozen(heldIds ?? ids()),
    resume: () => {
      setFrozen(null);
      setMissed(0);
    },
    /** Alarms that arrived while the list was held by the pointer or keyboard focus (not paused), shown when it lets go. */
    waiting: frozen === null && heldIds !== null ? (held?.waiting ?? 0) : 0,
    hold: () => setHeldIds((current) => current ?? ids()),
    release: () => setHeldIds(null),
  };
}
