// When a rule is in force: its daily windows (`times`, local time of the box, 'HH:mm' or 'HH:mm:ss') on its
// weekdays (`weeks`, ISO: 1 Monday … 7 Sunday).
// - No windows: the whole day. A window is [start, end): 08:00–18:00 ends at 17:59:59.999.
// - A window whose end is before its start passes midnight (the night window 18:00–07:00). Its part after
//   midnight belongs to the day it started: a Friday-only 22:00–06:00 window covers Saturday 02:00, not Friday 02:00.
// - A window whose start equals its end is the whole day (24 hours from its start).
// - No weekdays: never.

export interface RuleTimes {
  times: readonly { start: string; end: string }[];
  weeks: readonly number[];
}

/** Milliseconds since midnight of 'HH:mm' or 'HH:mm:ss'; NaN when it is neither. */
export function clockMs(clock: string): number {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(clock);
  if (!m) return Number.NaN;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || min > 59 || s > 59) return Number.NaN;
  return ((h * 60 + min) * 60 + s) * 1000;
}

/** ISO weekday of a local date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: Date): number {
  const day = date.getDay();
  return day === 0 ? 7 : day;
}

/** Whether the rule is in force at this local time. */
export function inForce(rule: RuleTimes, at: Date): boolean {
  if (rule.weeks.length === 0) return false;
  const today = isoWeekday(at);
  const yesterday = today === 1 ? 7 : today - 1;
  if (rule.times.length === 0) return rule.weeks.includes(today);
  const now = ((at.getHours() * 60 + at.getMinutes()) * 60 + at.getSeconds()) * 1000 + at.getMilliseconds();
  return rule.times.some(({ start, end }) => {
    const s = clockMs(start);
    const e = clockMs(end);
    if (Number.isNaN(s) || Number.isNaN(e)) return false;
    if (s === e) return rule.weeks.includes(now >= s ? today : yesterday);
    if (s < e) return now >= s && now < e && rule.weeks.includes(today);
    // Passes midnight: the evening part is today's window, the morning part yesterday's.
    if (now >= s) return rule.weeks.includes(today);
    return now < e && rule.weeks.includes(yesterday);
  });
}
