// What a date range picker's keystrokes mean (issue 8 item 18): rsuite reports ends not typed yet as undefined,
// ends being typed as Invalid Dates and a year typed as "0202" as a real Date in the year 202 — none is a time.
import { describe, expect, it } from 'vitest';
import { DATE_TIME_TEXTS, INCOMPLETE_TIME, rangeTexts, rangeValue } from '../../src/components/dateRange/typedRange.ts';
import { filterProblems } from '../../src/screens/alarms/alarmFilters.ts';

const start = new Date(2026, 0, 5, 8, 0, 0);
const end = new Date(2026, 0, 6, 9, 30, 0);

describe('typed date ranges', () => {
  it('gives the texts of a whole range, and nothing for a cleared one', () => {
    expect(rangeTexts([start, end], DATE_TIME_TEXTS)).toEqual({ start: '2026-01-05 08:00:00', end: '2026-01-06 09:30:00', complete: true });
    expect(rangeTexts(null, DATE_TIME_TEXTS)).toEqual({ start: '', end: '', complete: false });
  });

  it('never turns an end being typed into a time', () => {
    expect(rangeTexts([undefined, new Date('')], DATE_TIME_TEXTS)).toEqual({ start: '', end: INCOMPLETE_TIME, complete: false });
    expect(rangeTexts([start, undefined], DATE_TIME_TEXTS)).toEqual({ start: '2026-01-05 08:00:00', end: '', complete: false });
    const year202 = new Date(2026, 0, 1);
    year202.setFullYear(202);
    expect(rangeTexts([year202, end], DATE_TIME_TEXTS)).toEqual({ start: INCOMPLETE_TIME, end: '2026-01-06 09:30:00', complete: false });
  });

  it('an end being typed is refused by the alarm filter checks (Search says so instead of searching)', () => {
    const values = { startTime: INCOMPLETE_TIME, endTime: '', cameraId: '', eventType: '', status: '', keyword: '' };
    expect(filterProblems(values, new Date(2026, 0, 10))).toEqual({ startTime: { rule: 'badTime' } });
  });

  it('reads a picker value back from two texts, or none', () => {
    expect(rangeValue('2026-01-05 08:00:00', '2026-01-06 09:30:00', DATE_TIME_TEXTS)).toEqual([start, end]);
    expect(rangeValue('2026-01-05 08:00:00', INCOMPLETE_TIME, DATE_TIME_TEXTS)).toBeNull();
  });
});
