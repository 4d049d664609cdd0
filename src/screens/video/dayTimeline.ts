// The day timeline's arithmetic, apart from the screen: where a time sits on the 24-hour bar, which recording plays
// a moment (the one covering it, else the next one that day), and how the keyboard moves the cursor.
import type { VideoDayAlarm as DayAlarm, VideoDaySpan as DaySpan } from '../../api/schema.gen.ts';

export type { DaySpan, DayAlarm };

/** A local day's start and length in ms (23 or 25 hours on a clock change). */
export function dayRange(day: string): { start: number; length: number } {
  const [y, m, d] = day.split('-').map(Number);
  const start = new Date(y, m - 1, d).getTime();
  return { start, length: new Date(y, m - 1, d + 1).getTime() - start };
}

/** 'YYYY-MM-DD HH:mm:ss' (local) in ms. */
export function timeMs(text: string): number {
  const [date, clock = '00:00:00'] = text.split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min, s] = clock.split(':').map(Number);
  return new Date(y, m - 1, d, h, min, s).getTime();
}

/** Seconds from the day's start as HH:mm:ss. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** A span cut to the day, as fractions of the bar (left, width). */
export function spanPlace(span: Pick<DaySpan, 'startTime' | 'endTime'>, day: { start: number; length: number }): { left: number; width: number } {
  const from = Math.max(0, timeMs(span.startTime) - day.start);
  const to = Math.min(day.length, timeMs(span.endTime) - day.start);
  return { left: from / day.length, width: Math.max(0, to - from) / day.length };
}

export interface PlayTarget {
  span: DaySpan;
  /** Seconds into the recording. */
  offset: number;
}

/** Whether a recording covers the moment `seconds` from the day's start. */
export function isRecorded(spans: readonly DaySpan[], day: { start: number }, seconds: number): boolean {
  const at = day.start + seconds * 1000;
  return spans.some((s) => timeMs(s.startTime) <= at && at < timeMs(s.endTime));
}

/**
 * The recording to play at `seconds` from the day's start: the one covering it (a continuous segment before an
 * alarm clip, which repeats part of it), at that moment; else the first one that starts later, from its start.
 */
export function spanAt(spans: readonly DaySpan[], day: { start: number }, seconds: number): PlayTarget | null {
  const at = day.start + seconds * 1000;
  const covering = spans.filter((s) => timeMs(s.startTime) <= at && at < timeMs(s.endTime));
  const chosen = covering.find((s) => s.kind === 'continuous') ?? covering[0];
  if (chosen) return { span: chosen, offset: (at - timeMs(chosen.startTime)) / 1000 };
  const next = spans.filter((s) => timeMs(s.startTime) > at).sort((a, b) => timeMs(a.startTime) - timeMs(b.startTime))[0];
  return next ? { span: next, offset: 0 } : null;
}

/** Where the cursor goes for a key: arrows 10 s (with Shift 1 min), Page Up/Down 10 min (with Shift 1 h), Home/End the day's ends. */
export function stepFor(key: string, shift: boolean, seconds: number, length: number): number | null {
  const last = length / 1000 - 1;
  const clamp = (n: number) => Math.min(last, Math.max(0, n));
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(seconds + (shift ? 60 : 10));
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(seconds - (shift ? 60 : 10));
    case 'PageUp':
      return clamp(seconds + (shift ? 3600 : 600));
    case 'PageDown':
      return clamp(seconds - (shift ? 3600 : 600));
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
