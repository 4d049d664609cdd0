// The time window of the statistics screens (spec §5): start not after end, end not later than now, at most 15
// days. Buckets are whole hours or local days; a window is widened to whole buckets.
import { ApiError } from '../../http/apiError.ts';
import { parseTime } from '../../http/format.ts';

export const WINDOW_MAX_DAYS = 15;
/** A window up to this long is shown per hour, a longer one per day. */
export const HOURLY_MAX_HOURS = 48;
/** The clocks of the browser and the server may differ a little. */
const CLOCK_SLACK_MS = 60_000;

export interface StatsWindow {
  start: Date;
  end: Date;
  granularity: 'hour' | 'day';
}

export function statsWindow(body: { startTime: string; endTime: string }, now = new Date()): StatsWindow {
  const start = parseTime(body.startTime);
  const end = parseTime(body.endTime);
  if (start.getTime() > end.getTime()) throw new ApiError(400, 'stats.timeOrder');
  if (end.getTime() > now.getTime() + CLOCK_SLACK_MS) throw new ApiError(400, 'stats.futureDate', { field: 'endTime' });
  if (end.getTime() - start.getTime() > WINDOW_MAX_DAYS * 86400_000) throw new ApiError(400, 'stats.windowTooLong', { max: WINDOW_MAX_DAYS });
  return { start, end, granularity: end.getTime() - start.getTime() <= HOURLY_MAX_HOURS * 3600_000 ? 'hour' : 'day' };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The bucket keys of a window, oldest first: "YYYY-MM-DD HH:00" per hour or "YYYY-MM-DD" per local day. */
export function bucketKeys(window: StatsWindow): string[] {
  const keys: string[] = [];
  if (window.granularity === 'hour') {
    const d = new Date(window.start);
    d.setMinutes(0, 0, 0);
    for (; d.getTime() <= window.end.getTime(); d.setHours(d.getHours() + 1)) keys.push(hourKey(d));
  } else {
    const d = new Date(window.start.getFullYear(), window.start.getMonth(), window.start.getDate());
    for (; d.getTime() <= window.end.getTime(); d.setDate(d.getDate() + 1)) keys.push(dayKey(d));
  }
  return keys;
}

export const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const hourKey = (d: Date) => `${dayKey(d)} ${pad(d.getHours())}:00`;

/** The window widened to whole buckets: [first bucket's start, last bucket's end). */
export function wholeBuckets(window: StatsWindow): { from: Date; until: Date } {
  if (window.granularity === 'hour') {
    const from = new Date(window.start);
    from.setMinutes(0, 0, 0);
    const until = new Date(window.end);
    until.setMinutes(0, 0, 0);
    until.setHours(until.getHours() + 1);
    return { from, until };
  }
  const from = new Date(window.start.getFullYear(), window.start.getMonth(), window.start.getDate());
  const until = new Date(window.end.getFullYear(), window.end.getMonth(), window.end.getDate() + 1);
  return { from, until };
}
