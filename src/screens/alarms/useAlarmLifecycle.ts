// One alarm's lifecycle machine in a component, with the server calls provided. It follows the status the screen
// shows (pushes and reloads move it), and tells the screen when an action has settled so lists can refresh.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import {
  type AlarmStatus,
  alarmLifecycleMachine,
  type LifecycleAction,
  type LifecycleEvent,
  type PerformRequest,
  type PerformResult,
  type Refusal,
} from '../../machines/alarmLifecycle.machine.ts';
import type { AlarmStore } from '../../realtime/alarmStore.ts';
import { performAlarmAction, type WarnEvent } from './alarmsApi.ts';

const machineWithServer = alarmLifecycleMachine.provide({
  actors: { perform: fromPromise<PerformResult, PerformRequest>(({ input }) => performAlarmAction(input)) },
});

export interface AlarmLifecycle {
  status: AlarmStatus;
  deleted: boolean;
  working: boolean;
  pending: LifecycleAction['type'] | null;
  refusal: Refusal | null;
  error: string | null;
  send: (event: LifecycleEvent) => void;
}

/**
 * `onSettled(status)` runs after each action the server accepted or refused (status null: deleted), not after a
 * failed call. `store` (the realtime store) gets the alarm as it now is.
 */
export function useAlarmLifecycle(alarm: WarnEvent, onSettled?: (status: AlarmStatus | null) => void, store?: AlarmStore): AlarmLifecycle {
  const actor = useActorRef(machineWithServer, { input: { id: alarm.id, status: alarm.status } });
  const status = useSelector(actor, (s) => s.context.status);
  const deleted = useSelector(actor, (s) => s.context.deleted);
  const working = useSelector(actor, (s) => s.matches('working'));
  const pending = useSelector(actor, (s) => s.context.pending?.type ?? null);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const error = useSelector(actor, (s) => s.context.error);

  useEffect(() => {
    actor.send({ type: 'SERVER_STATUS', status: alarm.status });
  }, [actor, alarm.status]);

  const latest = useRef({ alarm, onSettled, store });
  latest.current = { alarm, onSettled, store };
  useEffect(() => {
    let wasWorking = actor.getSnapshot().matches('working');
    const subscription = actor.subscribe((snapshot) => {
      const isWorking = snapshot.matches('working');
      if (wasWorking && !isWorking && snapshot.context.error === null) {
        const now = snapshot.context.deleted ? null : snapshot.context.status;
        const { alarm: current, onSettled: settled, store: live } = latest.current;
        live?.replace(current.id, now === null ? null : { ...current, status: now, handleUser: snapshot.context.refusal?.handleUser ?? current.handleUser });
        settled?.(now);
      }
      wasWorking = isWorking;
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  return { status, deleted, working, pending, refusal, error, send: actor.send };
}
