// Dashboards follow the session's one alarm socket: every change the socket brings (new alarms, status changes)
// asks for a refresh, at most one per `minGapMs` — a burst of 200 alarms a second costs one reload per gap, not
// 200 redraws. A reconnect refreshes too (what changed while away is not replayed).
import { useEffect, useRef } from 'react';
import { useAlarmTopic } from '../../../realtime/useRealtime.ts';

export const LIVE_REFRESH_GAP_MS = 3000;

/** live: the socket is open; connecting: not yet (the page has just opened); down: it was lost or refused. */
export type LiveState = 'live' | 'connecting' | 'down';

export function useLiveRefresh(refresh: () => void, minGapMs = LIVE_REFRESH_GAP_MS): { live: boolean; state: LiveState } {
  const alarms = useAlarmTopic('alarms');
  const connection = useAlarmTopic('connection');
  const first = useRef(true);
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new alarm list or a new connection epoch is the trigger
  useEffect(() => {
    if (first.current) {
      // The first render is the screen's own load.
      first.current = false;
      last.current = Date.now();
      return;
    }
    if (timer.current) return;
    const wait = Math.max(0, last.current + minGapMs - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      refreshRef.current();
    }, wait);
  }, [alarms, connection.epoch, minGapMs]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const state: LiveState = connection.status === 'open' ? 'live' : connection.status === 'idle' || connection.status === 'connecting' ? 'connecting' : 'down';
  return { live: state === 'live', state };
}
