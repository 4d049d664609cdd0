// The session's alarm store: exactly-once display, per-frame batching, status pushes, the urgent list, topics.
import { describe, expect, it, vi } from 'vitest';
import { createAlarmStore, type Scheduler } from '../../src/realtime/alarmStore.ts';
import { makeAlarm } from './alarmFixtures.ts';

/** A scheduler the test runs by hand (one "animation frame"). */
function manualFrames() {
  const frames: Array<() => void> = [];
  const schedule: Scheduler = (flush) => {
    frames.push(flush);
    return () => {
      const index = frames.indexOf(flush);
      if (index >= 0) frames.splice(index, 1);
    };
  };
  return {
    schedule,
    pending: () => frames.length,
    frame: () => {
      for (const flush of frames.splice(0)) flush();
    },
  };
}

describe('alarm store', () => {
  it('applies a burst of pushes in one frame, with one notification per topic', () => {
    const frames = manualFrames();
    const store = createAlarmStore({ schedule: frames.schedule });
    const onAlarms = vi.fn();
    const onArrivals = vi.fn();
    store.subscribe('alarms', onAlarms);
    store.subscribe('arrivals', onArrivals);
    for (let id = 1; id <= 200; id += 1) store.push(makeAlarm(id));
    expect(frames.pending()).toBe(1);
    expect(store.get('alarms')).toHaveLength(0);
    frames.frame();
    expect(onAlarms).toHaveBeenCalledTimes(1);
    expect(onArrivals).toHaveBeenCalledTimes(1);
    expect(store.get('alarms').map((a) => a.id).slice(0, 3)).toEqual([200, 199, 198]);
    expect(store.get('arrivals')).toMatchObject({ serial: 1 });
    expect(store.get('arrivals').alarms).toHaveLength(200);
  });

  it('shows an alarm once however often it arrives (replay after reconnect, loaded list)', () => {
    const frames = manualFrames();
    const store = createAlarmStore({ schedule: frames.schedule });
    store.push(makeAlarm(1));
    store.push(makeAlarm(2));
    frames.frame();
    store.push(makeAlarm(2, { status: 1, handleUser: 'admin' })); // replayed in its current state
    store.merge([makeAlarm(1), makeAlarm(2, { status: 1 })]);
    frames.frame();
    expect(store.get('alarms').map((a) => a.id)).toEqual([2, 1]);
    expect(store.get('alarms')[0].status).toBe(1);
    expect(store.get('arrivals').serial).toBe(1); // the replay was not a new arrival
    expect(store.lastSeq()).toBe(2);
  });

  it('takes seqs that skip values (a server crash skips up to 32) as they come, never waiting for the gap', () => {
    // Issue 34, point 6: seq is strictly increasing, not contiguous (contract: AlarmWsAlarmMessage.seq).
    const frames = manualFrames();
    const store = createAlarmStore({ schedule: frames.schedule });
    store.push(makeAlarm(1, { seq: 7 }));
    frames.frame();
    store.push(makeAlarm(2, { seq: 40 }));
    store.push(makeAlarm(3, { seq: 41 }));
    frames.frame();
    expect(store.get('alarms').map((a) => [a.id, a.seq])).toEqual([
      [3, 41],
      [2, 40],
      [1, 7],
    ]);
    expect(store.get('arrivals').alarms.map((a) => a.id)).toEqual([2, 3]);
    // A resume continues after the highest seq seen, whatever lies between.
    expect(store.lastSeq()).toBe(41);
    // A replay from before the gap is not a new arrival.
    store.push(makeAlarm(2, { seq: 40, status: 1 }));
    frames.frame();
    expect(store.get('arrivals').serial).toBe(2);
  });

  it('applies status pushes in order with the alarms, and removes deleted alarms', () => {
    const frames = manualFrames();
    const store = createAlarmStore({ schedule: frames.schedule });
    store.push(makeAlarm(1, { urgent: true }));
    store.pushStatus({ ids: [1], status: 1, deleted: false, handleUser: 'op', handleTime: '2026-11-21 08:31:00' });
    store.push(makeAlarm(2));
    frames.frame();
    expect(store.get('alarms').find((a) => a.id === 1)).toMatchObject({ status: 1, handleUser: 'op' });
    expect(store.get('urgent')[0]).toMatchObject({ id: 1, status: 1 });
    store.pushStatus({ ids: [1, 2], status: null, deleted: true, handleUser: 'op', handleTime: null });
    frames.frame();
    expect(store.get('alarms')).toEqual([]);
    expect(store.get('urgent')).toEqual([]);
  });

  it('keeps urgent arrivals in the urgent list (front insert, remove, clear)', () => {
    const frames = manualFrames();
    const store = createAlarmStore({ schedule: frames.schedule });
    store.push(makeAlarm(1, { urgent: true }));
    store.push(makeAlarm(2));
    store.push(makeAlarm(3, { urgent: true }));
    frames.frame();
    expect(store.get('urgent').map((a) => a.id)).toEqual([3, 1]);
    store.removeUrgent(3);
    expect(store.get('urgent').map((a) => a.id)).toEqual([1]);
    store.clearUrgent();
    expect(store.get('urgent')).toEqual([]);
  });

  it('caps the live list, newest kept', () => {
    const store = createAlarmStore({ schedule: manualFrames().schedule, cap: 10 });
    store.merge(Array.from({ length: 25 }, (_, i) => makeAlarm(i + 1)));
    expect(store.get('alarms').map((a) => a.id)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
  });

  it('notifies only the topics that changed, and only on a real connection change', () => {
    const store = createAlarmStore({ schedule: manualFrames().schedule });
    const onConnection = vi.fn();
    const onAlarms = vi.fn();
    store.subscribe('connection', onConnection);
    const off = store.subscribe('alarms', onAlarms);
    store.setConnection({ status: 'open', attempts: 0, epoch: 1, closeCode: null });
    store.setConnection({ status: 'open', attempts: 0, epoch: 1, closeCode: null });
    expect(onConnection).toHaveBeenCalledTimes(1);
    expect(onAlarms).not.toHaveBeenCalled();
    off();
    store.merge([makeAlarm(1)]);
    expect(onAlarms).not.toHaveBeenCalled();
  });

  it('replaces an alarm after an action, and forgets everything on reset', () => {
    const frames = manualFrames();
    const store = createAlarmStore({ schedule: frames.schedule });
    store.merge([makeAlarm(1), makeAlarm(2)]);
    store.replace(1, makeAlarm(1, { status: 2 }));
    expect(store.get('alarms').find((a) => a.id === 1)?.status).toBe(2);
    store.replace(2, null);
    expect(store.get('alarms').map((a) => a.id)).toEqual([1]);
    store.push(makeAlarm(3));
    store.reset();
    expect(frames.pending()).toBe(0);
    expect(store.get('alarms')).toEqual([]);
    expect(store.lastSeq()).toBeNull();
  });

  it('flushes by timer when no animation frame comes (background tab)', async () => {
    vi.useFakeTimers();
    try {
      const store = createAlarmStore();
      store.push(makeAlarm(1));
      expect(store.get('alarms')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(150);
      expect(store.get('alarms')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
