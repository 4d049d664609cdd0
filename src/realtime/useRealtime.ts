// React access to the session's alarm store: one topic per hook (useSyncExternalStore), so a component re-renders
// only when what it reads changes. Using any of these connects the session's socket (screens never open one).
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useSessionActor } from '../app/session.tsx';
import type { AlarmStoreSnapshot, AlarmTopic } from './alarmStore.ts';
import { type RealtimeService, realtimeFor } from './realtimeService.ts';

/** The session's realtime service, connected while the caller is mounted (and after, for the rest of the session). */
export function useRealtime(): RealtimeService {
  const service = realtimeFor(useSessionActor());
  useEffect(() => {
    service.start();
  }, [service]);
  return service;
}

export function useAlarmTopic<T extends AlarmTopic>(topic: T): AlarmStoreSnapshot[T] {
  const { store } = useRealtime();
  const subscribe = useCallback((listener: () => void) => store.subscribe(topic, listener), [store, topic]);
  const read = useCallback(() => store.get(topic), [store, topic]);
  return useSyncExternalStore(subscribe, read, read);
}

/** A narrow read of a topic: re-renders only when `select` answers something else (compared with Object.is). */
export function useAlarmSelector<T extends AlarmTopic, R>(topic: T, select: (value: AlarmStoreSnapshot[T]) => R): R {
  const { store } = useRealtime();
  const subscribe = useCallback((listener: () => void) => store.subscribe(topic, listener), [store, topic]);
  const read = useCallback(() => select(store.get(topic)), [store, topic, select]);
  return useSyncExternalStore(subscribe, read, read);
}

const reconnectCount = (connection: AlarmStoreSnapshot['connection']) => Math.max(0, connection.epoch - 1);

/**
 * How many times the socket has connected again after its first connection: what a screen that reloads after a
 * reconnect needs. Reading the whole connection re-rendered such a screen at every change of its status (idle,
 * connecting, open: two renders of a whole list screen during its first load).
 */
export function useReconnects(): number {
  return useAlarmSelector('connection', reconnectCount);
}
