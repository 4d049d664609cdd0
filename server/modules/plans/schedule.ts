// When a planned task runs next: at executeTime (server local time) on its weekdays (1 Monday … 7 Sunday), or once
// on onceDate. Pure: the caller passes the instant to count from.

export interface PlanTiming {
  executeTime: string;
  weeks: number[];
  onceDate: string | null;
  enabled: boolean;
}

function at(day: Date, executeTime: string): Date {
  const [h, m, s] = executeTime.split(':').map(Number);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, m, s ?? 0, 0);
}

/** The first run strictly after `after`; null when disabled or nothing is left to run. */
export function nextRunTime(plan: PlanTiming, after: Date): Date | null {
  if (!plan.enabled) return null;
  if (plan.onceDate) {
    const [y, mo, d] = plan.onceDate.split('-').map(Number);
    const once = at(new Date(y, mo - 1, d), plan.executeTime);
    return once > after ? once : null;
  }
  if (plan.weeks.length === 0) return null;
  // Today counts if the time is still ahead; 7 days on is the same weekday next week.
  for (let offset = 0; offset <= 7; offset++) {
    const day = new Date(after.getFullYear(), after.getMonth(), after.getDate() + offset);
    const isoWeekday = day.getDay() === 0 ? 7 : day.getDay();
    if (!plan.weeks.includes(isoWeekday)) continue;
    const candidate = at(day, plan.executeTime);
    if (candidate > after) return candidate;
  }
  return null;
}
