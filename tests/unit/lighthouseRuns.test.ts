// Issue 9: the bench's Lighthouse figures. A run Lighthouse could not measure (a runtime error such as NO_LCP, or
// no score) was read as zeros and sat in the median; it is now named and left out, and each route's figures carry
// the range of their runs beside the median.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type Lhr, readRun, runFailure, summariseRuns } from '../../bench/lighthouseRuns.ts';

function lhr(score: number | null, lcpMs: number, tbtMs: number, runtimeError?: Lhr['runtimeError']): Lhr {
  return {
    categories: { performance: { score } },
    audits: { 'largest-contentful-paint': { numericValue: lcpMs }, 'total-blocking-time': { numericValue: tbtMs } },
    runtimeError,
  };
}

describe('Lighthouse runs', () => {
  it('names a run that gave no figures instead of reading it as zeros', () => {
    expect(runFailure(lhr(null, 0, 0, { code: 'NO_LCP' }))).toBe('NO_LCP');
    expect(runFailure(lhr(null, 0, 0))).toBe('NO_SCORE');
    expect(runFailure(lhr(0.96, 2259, 83))).toBeNull();
  });

  it('takes the median and the range of the measured runs only', () => {
    const runs = [lhr(0.77, 3467, 567), lhr(0.69, 3590, 938), lhr(0.79, 3353, 469)].map(readRun);
    const figures = summariseRuns('/historyEvent', 'mobile', runs, ['NO_LCP'], [1.2, 1.3, 1.1, 1.4]);
    expect(figures.runs).toBe(3);
    expect(figures.failed).toEqual(['NO_LCP']);
    expect(figures.median).toMatchObject({ score: 77, lcpMs: 3467, tbtMs: 567 });
    expect(figures.spread).toEqual({ score: [69, 79], lcpMs: [3353, 3590], tbtMs: [469, 938] });
  });

  it('refuses to report a route whose every run failed', () => {
    expect(() => summariseRuns('/login', 'mobile', [], ['NO_FCP', 'NO_LCP'], [1])).toThrow('every Lighthouse run of /login mobile failed: NO_FCP, NO_LCP');
  });

  it('reads the host benchmark and the CPU slowdown each run used (4× when the report does not say)', () => {
    const run = readRun({ ...lhr(0.8, 3000, 400), environment: { benchmarkIndex: 1103.5 }, configSettings: { throttling: { cpuSlowdownMultiplier: 2.6 } } });
    expect(run).toMatchObject({ benchmarkIndex: 1104, cpuMultiplier: 2.6 });
    expect(readRun(lhr(0.8, 3000, 400))).toMatchObject({ benchmarkIndex: 0, cpuMultiplier: 4 });
  });
});
