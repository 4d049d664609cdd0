// ECharts options of the statistics screens, built from the contract's answers (pure data, so they are tested
// without a browser). Names come in already translated; type names from the §3 tables.
import type { EventStatsDay, EventStatsRange, EventStatsTop, EventStatsWeek } from './statsApi.ts';

export interface SeriesNames {
  total: string;
  violation: string;
  road: string;
}

const PALETTE = ['#1675e0', '#f44336', '#ff9800', '#4caf50', '#9c27b0', '#00bcd4', '#795548', '#607d8b', '#e91e63', '#8bc34a'];

const tooltipAxis = { trigger: 'axis' } as const;
// One line of legend under the chart, paged when the names do not fit: a legend that wraps onto more lines grows
// upwards over the axis labels. The grid (labels included: outerBounds "same") ends above the legend's line.
const legend = { type: 'scroll', bottom: 0, left: 8, right: 8 } as const;
const grid = { left: 8, right: 16, top: 16, bottom: 36, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' } as const;

/** Alarms per day over the range: total, violations, road events. */
export function perDayOption(data: EventStatsRange, names: SeriesNames) {
  return {
    color: PALETTE,
    tooltip: tooltipAxis,
    legend,
    grid,
    xAxis: { type: 'category', data: data.points.map((p) => p.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: names.total, type: 'line', data: data.points.map((p) => p.total) },
      { name: names.violation, type: 'line', data: data.points.map((p) => p.violation) },
      { name: names.road, type: 'line', data: data.points.map((p) => p.road) },
    ],
  };
}

/** Alarms per hour of one day, stacked by kind. */
export function perHourOption(data: EventStatsDay, names: SeriesNames) {
  return {
    color: PALETTE.slice(1),
    tooltip: tooltipAxis,
    legend,
    grid,
    xAxis: { type: 'category', data: data.points.map((p) => `${String(p.hour).padStart(2, '0')}:00`) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: names.violation, type: 'bar', stack: 'kind', data: data.points.map((p) => p.violation) },
      { name: names.road, type: 'bar', stack: 'kind', data: data.points.map((p) => p.road) },
    ],
  };
}

/** The share of each type (top N) as a ring. */
export function byTypeOption(data: EventStatsTop, typeName: (id: number) => string) {
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend,
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { show: false },
        data: data.list.map((item) => ({ name: typeName(item.id), value: item.count })),
      },
    ],
  };
}

/** Bars of a ranking chart (a band per bar, plus the margins). */
export const RANK_BAR_HEIGHT = 28;
export function rankChartHeight(bars: number): number {
  return Math.max(1, bars) * RANK_BAR_HEIGHT + 32;
}

/**
 * The cameras, scenes or types with the most alarms, as horizontal bars, the first on top (at most `maxBars`;
 * the screens list them all in a table). `nameOf` names an item (a camera's or scene's name, a type's label).
 */
export function topOption(data: EventStatsTop, countName: string, nameOf: (item: EventStatsTop['list'][number]) => string = (item) => item.name, maxBars = 10) {
  const list = data.list.slice(0, maxBars).reverse();
  return {
    color: PALETTE,
    tooltip: tooltipAxis,
    grid: { left: 8, right: 32, top: 8, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: list.map(nameOf), axisLabel: { width: 140, overflow: 'truncate' } },
    series: [{ name: countName, type: 'bar', barMaxWidth: 20, data: list.map((item) => item.count), label: { show: true, position: 'right' } }],
  };
}

/** Seven days, one stacked bar series per type (the types with the most alarms first). */
export function weekOption(data: EventStatsWeek, typeName: (id: number) => string, maxTypes = 8) {
  return {
    color: PALETTE,
    tooltip: tooltipAxis,
    legend,
    grid,
    xAxis: { type: 'category', data: data.dates.map((date) => date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: data.series.slice(0, maxTypes).map((series) => ({ name: typeName(series.eventType), type: 'bar', stack: 'types', data: series.counts })),
  };
}

/** A sentence that says what a per-day series shows (the chart's accessible name). */
export function perDaySummary(data: EventStatsRange): { total: number; peakDate: string | null; peak: number } {
  let peak = 0;
  let peakDate: string | null = null;
  for (const point of data.points) {
    if (point.total > peak) {
      peak = point.total;
      peakDate = point.date;
    }
  }
  return { total: data.total, peakDate, peak };
}
