// The statistics screens' window in the URL (§5: start not after end, not later than today, at most 15 days) and
// the query it sends (whole days, never past now); the home dashboards' typeIds and peak hour.
import { describe, expect, it } from 'vitest';
import { peakHour } from '../../src/screens/home/homeCharts.ts';
import { typeIdsOf } from '../../src/screens/home/homeApi.ts';
import { readWindow, windowQuery, writeWindow } from '../../src/screens/stats/statsWindow.ts';

const now = new Date(2026, 10, 21, 8, 30, 5);
const read = (query: string) => readWindow(new URLSearchParams(query), now);

describe('the statistics window', () => {
  it('defaults to the last 7 days ending today, real records only', () => {
    expect(read('')).toEqual({ view: { start: '2026-11-15', end: '2026-11-21', includeSimulated: false }, problem: null });
  });

  it('names what is wrong with a window: a bad date, reversed, in the future, over 15 days', () => {
    expect(read('start=2026-11-31').problem).toBe('badDate');
    expect(read('start=2026-11-20&end=2026-11-19').problem).toBe('startAfterEnd');
    expect(read('start=2026-11-20&end=2026-11-22').problem).toBe('future');
    expect(read('start=2026-11-06&end=2026-11-21').problem).toBe('tooLong');
    expect(read('start=2026-11-07&end=2026-11-21').problem).toBeNull();
  });

  it('asks for whole days, the last one up to now at most', () => {
    expect(windowQuery(read('start=2026-11-01&end=2026-11-03&simulated=1').view, now)).toEqual({
      startTime: '2026-11-01 00:00:00',
      endTime: '2026-11-03 23:59:59',
      includeSimulated: true,
    });
    expect(windowQuery(read('').view, now).endTime).toBe('2026-11-21 08:30:05');
  });

  it('writes a patch into the URL, keeping other parameters', () => {
    const next = writeWindow(new URLSearchParams('node=host%3Aa&simulated=1'), { start: '2026-11-01', includeSimulated: false });
    expect(next.toString()).toBe('node=host%3Aa&simulated=0&start=2026-11-01');
  });

  it("counts simulated records by the site's default unless the URL says otherwise", () => {
    expect(readWindow(new URLSearchParams(''), now, true).view.includeSimulated).toBe(true);
    expect(readWindow(new URLSearchParams('simulated=0'), now, true).view.includeSimulated).toBe(false);
    expect(readWindow(new URLSearchParams('simulated=1'), now, false).view.includeSimulated).toBe(true);
  });
});

describe('home helpers', () => {
  it('reads known type ids from typeIds, once each', () => {
    expect(typeIdsOf('1001, 1009,abc,1009,99,16')).toEqual([1001, 1009, 16]);
    expect(typeIdsOf(null)).toEqual([]);
  });

  it('finds the busiest hour (the earliest of equals), or none', () => {
    expect(peakHour([0, 2, 5, 5, 1])).toEqual({ hour: 2, count: 5 });
    expect(peakHour(Array(24).fill(0))).toBeNull();
  });
});
