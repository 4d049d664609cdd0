// A screen's first requests wait for its first frame to be painted (src/app/afterPaint.ts): after the frame's
// callbacks, in a task of their own; without frames (a hidden tab) after a bounded wait; never once cancelled.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_FALLBACK_MS, afterPaint } from '../../src/app/afterPaint.ts';

let frames: Map<number, () => void>;
let nextFrame: number;
const paintFrame = () => {
  const due = [...frames.values()];
  frames.clear();
  for (const callback of due) callback();
};

beforeEach(() => {
  vi.useFakeTimers();
  frames = new Map();
  nextFrame = 1;
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
    frames.set(nextFrame, callback);
    return nextFrame++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterPaint', () => {
  it('runs in the task after the next frame, not in the frame itself, and once', () => {
    const run = vi.fn();
    afterPaint(run);
    vi.advanceTimersByTime(0);
    expect(run).not.toHaveBeenCalled(); // no frame yet
    paintFrame();
    expect(run).not.toHaveBeenCalled(); // the frame's callbacks run before its paint
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS * 2);
    expect(run).toHaveBeenCalledTimes(1); // the fallback was cleared
  });

  it('runs after the bounded wait when no frame comes, and drops the frame request', () => {
    const run = vi.fn();
    afterPaint(run);
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(frames.size).toBe(0);
    paintFrame();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, before or after the frame', () => {
    const before = vi.fn();
    afterPaint(before)();
    const after = vi.fn();
    const cancel = afterPaint(after);
    paintFrame();
    cancel();
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS * 2);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });

  it('waits for the bounded wait alone where there are no frames at all', () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    const run = vi.fn();
    afterPaint(run);
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
