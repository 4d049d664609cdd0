// The alarm list filters as they live in the URL (time range, camera, type, status, keyword), the §5 time rules
// and the contract's WarnEventFilter they become. §5 says "time range at most 24 h, 12 h or 15 days (depending on
// screen)": the alarm lists take 15 days — history is looked at by the fortnight, and the list's count stays
// fast. Without a range in the URL a list shows the last 15 days.
import { eventKindOf, parseTypeIds } from '../../domain/roadEventTypes.ts';
import { dateTime, formatDateTime, type Problem, parseDateTime, RANGE_LIMIT_HOURS, timeRange } from '../../domain/validators.ts';
import type { AlarmStatus } from '../../machines/alarmLifecycle.machine.ts';
import type { WarnEventFilter } from './alarmsApi.ts';

export const ALARM_FILTERS = ['startTime', 'endTime', 'cameraId', 'eventType', 'status', 'keyword'] as const;
export type AlarmFilterKey = (typeof ALARM_FILTERS)[number];
export type AlarmFilterValues = Record<AlarmFilterKey, string>;

export const RANGE_LIMIT_DAYS = 15;
export const RANGE_LIMIT = RANGE_LIMIT_HOURS.fifteenDays;
export const KEYWORD_MAX = 64;

/** §5: at most 100 pages per export (the contract's pageCount bound). */
export const EXPORT_MAX_PAGES = 100;

const DAY_MS = 24 * 3_600_000;

export interface TimeWindow {
  startTime: string;
  endTime: string;
}

/** The window a list shows: the one in the URL, completed to 15 days when one end is missing; by default the last 15 days. */
export function effectiveWindow(values: Pick<AlarmFilterValues, 'startTime' | 'endTime'>, now: Date = new Date()): TimeWindow {
  const start = parseDateTime(values.startTime);
  const end = parseDateTime(values.endTime);
  if (start && end) return { startTime: values.startTime, endTime: values.endTime };
  if (start) {
    const limit = new Date(Math.min(now.getTime(), start.getTime() + RANGE_LIMIT_DAYS * DAY_MS));
    return { startTime: values.startTime, endTime: formatDateTime(limit) };
  }
  const last = end ?? now;
  return { startTime: formatDateTime(new Date(last.getTime() - RANGE_LIMIT_DAYS * DAY_MS)), endTime: formatDateTime(last) };
}

export type FilterProblems = Partial<Record<'startTime' | 'endTime' | 'keyword' | 'cameraId' | 'eventType' | 'status', Problem>>;

/** §5 time rules (start not after end, neither later than now, at most 15 days) and the bounds of the other fields. */
export function filterProblems(values: AlarmFilterValues, now: Date = new Date()): FilterProblems {
  const found: FilterProblems = {};
  // A malformed time is reported as such (the window would otherwise quietly replace it).
  const badStart = dateTime(values.startTime || undefined);
  const badEnd = dateTime(values.endTime || undefined);
  if (badStart || badEnd) {
    if (badStart) found.startTime = badStart;
    if (badEnd) found.endTime = badEnd;
  } else {
    const window = effectiveWindow(values, now);
    const time = timeRange(window.startTime, window.endTime, now, RANGE_LIMIT);
    if (time.start) found.startTime = time.start;
    if (time.end) found.endTime = time.end;
  }
  if (values.keyword.length > KEYWORD_MAX) found.keyword = { rule: 'maxLength', max: KEYWORD_MAX };
  if (values.cameraId && !/^[1-9]\d{0,9}$/.test(values.cameraId)) found.cameraId = { rule: 'integer' };
  if (values.eventType && !eventKindOf(Number(values.eventType))) found.eventType = { rule: 'integer' };
  if (values.status && !/^[0-4]$/.test(values.status)) found.status = { rule: 'between', min: 0, max: 4 };
  return found;
}

/**
 * The contract filter. `typeIds` is the menu's (§2: moduleDescription passed as a typeIds query): the list is
 * limited to those types; a type chosen in the filter must be one of them. `statuses` limits a screen to the
 * statuses it works on (process: confirmed; verify: dealt and checked).
 */
export function toWarnEventFilter(values: AlarmFilterValues, options: { typeIds?: string | null; statuses?: readonly AlarmStatus[] } = {}, now: Date = new Date()): WarnEventFilter {
  const window = effectiveWindow(values, now);
  const menuTypes = parseTypeIds(options.typeIds);
  const chosen = values.eventType ? Number(values.eventType) : null;
  const eventTypes = chosen !== null ? [chosen] : menuTypes.length > 0 ? menuTypes : undefined;
  const status = values.status !== '' ? (Number(values.status) as AlarmStatus) : options.statuses?.length === 1 ? options.statuses[0] : undefined;
  return {
    startTime: window.startTime,
    endTime: window.endTime,
    cameraId: values.cameraId ? Number(values.cameraId) : undefined,
    eventTypes: eventTypes as WarnEventFilter['eventTypes'],
    status,
    keyword: values.keyword.trim() || undefined,
  };
}

export interface ExportPlan {
  pageNo: number;
  pageCount: number;
  pageSize: number;
  /** 1-based positions of the first and last row exported. */
  from: number;
  to: number;
}

/** Problems of an export request: first page within the pages there are, at most `maxPages` pages. */
export function exportProblems(firstPage: string, pageCount: string, totalPages: number, maxPages: number): { firstPage?: Problem; pageCount?: Problem } {
  const found: { firstPage?: Problem; pageCount?: Problem } = {};
  const first = Number(firstPage);
  const count = Number(pageCount);
  if (!/^\d+$/.test(firstPage) || first < 1 || first > Math.max(1, totalPages)) found.firstPage = { rule: 'between', min: 1, max: Math.max(1, totalPages) };
  if (!/^\d+$/.test(pageCount) || count < 1 || count > maxPages) found.pageCount = { rule: 'between', min: 1, max: maxPages };
  return found;
}

/** What an export of `pageCount` pages from `pageNo` covers, given the total. */
export function exportPlan(pageNo: number, pageCount: number, pageSize: number, total: number): ExportPlan {
  const from = (pageNo - 1) * pageSize + 1;
  const to = Math.min(total, (pageNo - 1 + pageCount) * pageSize);
  return { pageNo, pageCount, pageSize, from: Math.min(from, total), to };
}
