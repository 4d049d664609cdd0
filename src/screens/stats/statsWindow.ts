// The window of the statistics screens, kept in the URL (start, end as YYYY-MM-DD; simulated=1 or 0, else the
// site's default): default the last
// 7 days ending today. §5: start not after end, not later than today, at most 15 days. Pure.
import type { StatsWindowQuery } from './statsApi.ts';

export const WINDOW_MAX_DAYS = 15;
export const DEFAULT_DAYS = 7;
const DAY_MS = 86400_000;
const pad = (n: number) => String(n).padStart(2, '0');

export const formatDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const formatTime = (d: Date) => `${formatDay(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

export function parseDay(text: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const [y, mo, d] = m.slice(1).map(Number);
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

export interface WindowView {
  start: string;
  end: string;
  includeSimulated: boolean;
}

export type WindowProblem = 'badDate' | 'startAfterEnd' | 'future' | 'tooLong';

export function readWindow(params: URLSearchParams, now = new Date(), simulatedByDefault = false): { view: WindowView; problem: WindowProblem | null } {
  const today = formatDay(now);
  const view: WindowView = {
    start: params.get('start') || formatDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DEFAULT_DAYS - 1))),
    end: params.get('end') || today,
    includeSimulated: params.get('simulated') === '1' || (simulatedByDefault && params.get('simulated') !== '0'),
  };
  const start = parseDay(view.start);
  const end = parseDay(view.end);
  if (!start || !end) return { view, problem: 'badDate' };
  if (start > end) return { view, problem: 'startAfterEnd' };
  if (end > parseDay(today)!) return { view, problem: 'future' };
  if (Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1 > WINDOW_MAX_DAYS) return { view, problem: 'tooLong' };
  return { view, problem: null };
}

export function writeWindow(params: URLSearchParams, patch: Partial<WindowView>): URLSearchParams {
  const next = new URLSearchParams(params);
  if (patch.start !== undefined) next.set('start', patch.start);
  if (patch.end !== undefined) next.set('end', patch.end);
  if (patch.includeSimulated !== undefined) next.set('simulated', patch.includeSimulated ? '1' : '0');
  return next;
}

/** The query of a valid view: whole days, the last one up to now at most (the server refuses the future). */
export function windowQuery(view: WindowView, now = new Date()): StatsWindowQuery {
  const endOfDay = new Date(parseDay(view.end)!.getTime() + DAY_MS - 1000);
  return { startTime: `${view.start} 00:00:00`, endTime: formatTime(endOfDay > now ? now : endOfDay), includeSimulated: view.includeSimulated };
}
