// The statistics window in the URL: a date range (the per-day series allows at most 31 days, contract
// getEventStatsRange), the day of the hourly chart, and whether simulated alarms count. Default: the last 7 days,
// today, and simulated alarms as the site says (system config statsIncludeSimulated: on for the demo site, whose
// alarms are all simulated; off elsewhere). Pure.
import type { StatsWindow } from './statsApi.ts';

export const MAX_RANGE_DAYS = 31;
export const DEFAULT_RANGE_DAYS = 7;
/** §5: the event statistics export takes at most 10 pages. */
export const STATS_EXPORT_MAX_PAGES = 10;

const DAY_MS = 24 * 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function parseDate(text: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const [y, m, d] = match.slice(1).map(Number);
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

/** Whole days from `start` to `end`, both included. */
export function daysInclusive(start: Date, end: Date): number {
  return Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;
}

export interface StatsView extends StatsWindow {
  day: string;
}

export type WindowProblem = 'badDate' | 'startAfterEnd' | 'future' | 'tooLong';

/** Whether simulated alarms count: `simulated=1` or `0` in the URL, else the site's default. */
function readSimulated(params: URLSearchParams, siteDefault: boolean): boolean {
  const value = params.get('simulated');
  return value === '1' ? true : value === '0' ? false : siteDefault;
}

/** The view the URL asks for, and what is wrong with it (a wrong view is not loaded). */
export function readStatsView(
  params: URLSearchParams,
  now: Date = new Date(),
  siteIncludesSimulated = false,
): { view: StatsView; problem: WindowProblem | null } {
  const today = formatDate(now);
  const defaultStart = formatDate(new Date(now.getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  const startText = params.get('startDate') || defaultStart;
  const endText = params.get('endDate') || today;
  const dayText = params.get('day') || endText;
  const view: StatsView = { startDate: startText, endDate: endText, day: dayText, includeSimulated: readSimulated(params, siteIncludesSimulated) };
  const start = parseDate(startText);
  const end = parseDate(endText);
  const day = parseDate(dayText);
  const todayDate = parseDate(today)!;
  if (!start || !end || !day) return { view, problem: 'badDate' };
  if (start > end) return { view, problem: 'startAfterEnd' };
  if (end > todayDate || day > todayDate) return { view, problem: 'future' };
  if (daysInclusive(start, end) > MAX_RANGE_DAYS) return { view, problem: 'tooLong' };
  return { view, problem: null };
}

/** `params` with the view written (defaults left out, so a plain view has a plain URL). */
export function writeStatsView(params: URLSearchParams, patch: Partial<StatsView>, siteIncludesSimulated = false): URLSearchParams {
  const next = new URLSearchParams(params);
  if (patch.startDate !== undefined) next.set('startDate', patch.startDate);
  if (patch.endDate !== undefined) next.set('endDate', patch.endDate);
  if (patch.day !== undefined) next.set('day', patch.day);
  if (patch.includeSimulated !== undefined) {
    if (patch.includeSimulated === siteIncludesSimulated) next.delete('simulated');
    else next.set('simulated', patch.includeSimulated ? '1' : '0');
  }
  return next;
}
