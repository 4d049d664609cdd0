// ECharts options of the statistics screens (pure data, tested without a browser).
import type { AlarmTrend, ModelCallStats, ResourceHistory } from './statsApi.ts';

const PALETTE = ['#1675e0', '#f44336', '#ff9800', '#4caf50', '#9c27b0', '#00bcd4', '#795548', '#607d8b', '#e91e63', '#8bc34a'];
const grid = { left: 40, right: 24, top: 24, bottom: 48, containLabel: true } as const;
const axisLabel = (time: string) => (time.length > 10 ? time.slice(5) : time.slice(5));

export function trendOption(trend: AlarmTrend, names: { total: string; violation: string; road: string; handled: string }) {
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid,
    xAxis: { type: 'category', data: trend.points.map((p) => axisLabel(p.time)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: names.violation, type: 'bar', stack: 'kind', data: trend.points.map((p) => p.violation) },
      { name: names.road, type: 'bar', stack: 'kind', data: trend.points.map((p) => p.road) },
      { name: names.handled, type: 'line', data: trend.points.map((p) => p.handled) },
    ],
  };
}

export function typeSeriesOption(trend: AlarmTrend, typeName: (id: number) => string) {
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid,
    xAxis: { type: 'category', data: trend.points.map((p) => axisLabel(p.time)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: trend.types.map((t) => ({ name: typeName(t.eventType), type: 'line', smooth: true, data: t.counts })),
  };
}

export function barsOption(labels: string[], series: { name: string; data: number[] }[]) {
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid,
    xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, overflow: 'truncate', width: 96 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({ ...s, type: 'bar' })),
  };
}

export function callsPerDayOption(stats: ModelCallStats, names: { calls: string; failed: string }) {
  return barsOption(
    stats.perDay.map((d) => d.date.slice(5)),
    [
      { name: names.calls, data: stats.perDay.map((d) => d.calls) },
      { name: names.failed, data: stats.perDay.map((d) => d.failed) },
    ],
  );
}

/** Percent series of a node's history (a series a node does not report is left out). */
export function usageOption(history: ResourceHistory, names: { cpu: string; memory: string; disk: string; gpu: string; videoMemory: string }) {
  const time = history.points.map((p) => p.time.slice(5, 16));
  const series = (['cpu', 'memory', 'disk', 'gpu', 'videoMemory'] as const)
    .filter((key) => history.points.some((p) => p[key] !== null))
    .map((key) => ({ name: names[key], type: 'line', showSymbol: false, data: history.points.map((p) => p[key]) }));
  return { color: PALETTE, tooltip: { trigger: 'axis' }, legend: { bottom: 0 }, grid, xAxis: { type: 'category', data: time }, yAxis: { type: 'value', min: 0, max: 100 }, series };
}

export function networkOption(history: ResourceHistory, names: { rx: string; tx: string }) {
  const time = history.points.map((p) => p.time.slice(5, 16));
  const kib = (v: number | null) => (v === null ? null : Math.round(v / 102.4) / 10);
  return {
    color: [PALETTE[3], PALETTE[4]],
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid,
    xAxis: { type: 'category', data: time },
    yAxis: { type: 'value', name: 'KiB/s' },
    series: [
      { name: names.rx, type: 'line', showSymbol: false, data: history.points.map((p) => kib(p.rxBytesPerSec)) },
      { name: names.tx, type: 'line', showSymbol: false, data: history.points.map((p) => kib(p.txBytesPerSec)) },
    ],
  };
}
