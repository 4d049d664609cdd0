// The alarm list filters: §5 time rules with the 15-day limit, the default window, the contract filter, and the
// export page plans (100 pages for alarms, 10 for statistics).
import { describe, expect, it } from 'vitest';
import {
  type AlarmFilterValues,
  EXPORT_MAX_PAGES,
  effectiveWindow,
  exportPlan,
  exportProblems,
  filterProblems,
  toWarnEventFilter,
} from '../../src/screens/alarms/alarmFilters.ts';
import { readStatsView, STATS_EXPORT_MAX_PAGES, writeStatsView } from '../../src/screens/alarms/statsWindow.ts';

const now = new Date(2026, 10, 21, 12, 0, 0);
const empty: AlarmFilterValues = { startTime: '', endTime: '', cameraId: '', eventType: '', status: '', keyword: '' };

describe('alarm filters', () => {
  it('shows the last 15 days when no range is given, and completes a half range to 15 days', () => {
    expect(effectiveWindow(empty, now)).toEqual({ startTime: '2026-11-06 12:00:00', endTime: '2026-11-21 12:00:00' });
    expect(effectiveWindow({ startTime: '2026-11-01 00:00:00', endTime: '' }, now)).toEqual({ startTime: '2026-11-01 00:00:00', endTime: '2026-11-16 00:00:00' });
    expect(effectiveWindow({ startTime: '2026-11-20 00:00:00', endTime: '' }, now).endTime).toBe('2026-11-21 12:00:00'); // never past now
    expect(effectiveWindow({ startTime: '', endTime: '2026-11-10 00:00:00' }, now)).toEqual({ startTime: '2026-10-26 00:00:00', endTime: '2026-11-10 00:00:00' });
  });

  it('applies the §5 time rules: start not after end, not later than now, at most 15 days', () => {
    expect(filterProblems({ ...empty, startTime: '2026-11-10 00:00:00', endTime: '2026-11-01 00:00:00' }, now)).toEqual({ endTime: { rule: 'startAfterEnd' } });
    expect(filterProblems({ ...empty, startTime: '2026-11-20 00:00:00', endTime: '2026-11-22 00:00:00' }, now)).toEqual({ endTime: { rule: 'laterThanNow' } });
    expect(filterProblems({ ...empty, startTime: '2026-11-01 00:00:00', endTime: '2026-11-16 00:00:01' }, now)).toEqual({ endTime: { rule: 'rangeTooLong', hours: 360 } });
    expect(filterProblems({ ...empty, startTime: '2026-11-01 00:00:00', endTime: '2026-11-16 00:00:00' }, now)).toEqual({});
    expect(filterProblems({ ...empty, startTime: '2026-02-30 00:00:00', endTime: '2026-03-01 00:00:00' }, now).startTime).toEqual({ rule: 'badTime' });
  });

  it('checks the other fields against the contract bounds', () => {
    const found = filterProblems({ ...empty, keyword: 'x'.repeat(65), cameraId: 'abc', eventType: '77', status: '9' }, now);
    expect(Object.keys(found).sort()).toEqual(['cameraId', 'eventType', 'keyword', 'status']);
  });

  it('builds the contract filter: the window, a chosen type or the menu typeIds, a screen status', () => {
    expect(toWarnEventFilter({ ...empty, cameraId: '3', keyword: ' 南山 ' }, {}, now)).toEqual({
      startTime: '2026-11-06 12:00:00',
      endTime: '2026-11-21 12:00:00',
      cameraId: 3,
      eventTypes: undefined,
      status: undefined,
      keyword: '南山',
    });
    expect(toWarnEventFilter(empty, { typeIds: '16,1009' }, now).eventTypes).toEqual([16, 1009]);
    expect(toWarnEventFilter({ ...empty, eventType: '8' }, { typeIds: '16,1009' }, now).eventTypes).toEqual([8]);
    expect(toWarnEventFilter(empty, { statuses: [1] }, now).status).toBe(1);
    expect(toWarnEventFilter({ ...empty, status: '4' }, { statuses: [3, 4] }, now).status).toBe(4);
  });

  it('plans exports within the page limits', () => {
    expect(EXPORT_MAX_PAGES).toBe(100);
    expect(STATS_EXPORT_MAX_PAGES).toBe(10);
    expect(exportProblems('1', '100', 250, EXPORT_MAX_PAGES)).toEqual({});
    expect(exportProblems('1', '101', 250, EXPORT_MAX_PAGES)).toEqual({ pageCount: { rule: 'between', min: 1, max: 100 } });
    expect(exportProblems('0', '1', 5, EXPORT_MAX_PAGES).firstPage).toBeDefined();
    expect(exportProblems('6', '1', 5, EXPORT_MAX_PAGES).firstPage).toBeDefined();
    expect(exportProblems('2', '1.5', 5, EXPORT_MAX_PAGES).pageCount).toBeDefined();
    expect(exportPlan(2, 3, 20, 95)).toEqual({ pageNo: 2, pageCount: 3, pageSize: 20, from: 21, to: 80 });
    expect(exportPlan(4, 100, 20, 95)).toMatchObject({ from: 61, to: 95 });
  });
});

describe('statistics window', () => {
  it('defaults to the last 7 days and today, real alarms only', () => {
    expect(readStatsView(new URLSearchParams(), now)).toEqual({
      view: { startDate: '2026-11-15', endDate: '2026-11-21', day: '2026-11-21', includeSimulated: false },
      problem: null,
    });
  });

  it('refuses a backwards, future or longer than 31 days window', () => {
    const read = (query: string) => readStatsView(new URLSearchParams(query), now).problem;
    expect(read('startDate=2026-11-10&endDate=2026-11-01')).toBe('startAfterEnd');
    expect(read('startDate=2026-11-10&endDate=2026-11-22')).toBe('future');
    expect(read('startDate=2026-10-01&endDate=2026-11-01')).toBe('tooLong');
    expect(read('startDate=2026-10-02&endDate=2026-11-01')).toBeNull();
    expect(read('startDate=2026-02-30')).toBe('badDate');
  });

  it('writes the view to the URL, leaving the simulated flag out when off', () => {
    const written = writeStatsView(new URLSearchParams('rank=scene'), { startDate: '2026-11-01', includeSimulated: true });
    expect(written.toString()).toBe('rank=scene&startDate=2026-11-01&simulated=1');
    expect(writeStatsView(written, { includeSimulated: false }).has('simulated')).toBe(false);
  });

  it("counts simulated alarms by the site's default (the demo site: on) unless the URL says otherwise", () => {
    const read = (query: string, siteDefault: boolean) => readStatsView(new URLSearchParams(query), now, siteDefault).view.includeSimulated;
    expect(read('', true)).toBe(true);
    expect(read('simulated=0', true)).toBe(false);
    expect(read('simulated=1', false)).toBe(true);
    expect(read('simulated=0', false)).toBe(false);
    // The switch writes only what differs from the site's default.
    const off = writeStatsView(new URLSearchParams(), { includeSimulated: false }, true);
    expect(off.get('simulated')).toBe('0');
    expect(readStatsView(off, now, true).view.includeSimulated).toBe(false);
    expect(writeStatsView(off, { includeSimulated: true }, true).has('simulated')).toBe(false);
  });
});
