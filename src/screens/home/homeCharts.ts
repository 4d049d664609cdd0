// ECharts options of the home dashboards, from the contract's answers (pure data: tested without a browser).
import type { AlgoHomeSummary, HomeOverview } from './homeApi.ts';

const PALETTE = ['#1675e0', '#f44336', '#ff9800', '#4caf50', '#9c27b0', '#00bcd4', '#795548', '#607d8b', '#e91e63', '#8bc34a'];
const grid = { left: 40, right: 16, top: 16, bottom: 40, containLabel: true } as const;

/** Today's alarms per type as a ring (the first nine types, the rest as one slice). */
export function byTypeOption(byType: HomeOverview['byType'], typeName: (id: number) => string, others: string) {
  const top = byType.slice(0, 9).map((t) => ({ name: typeName(t.eventType), value: t.count }));
  const rest = byType.slice(9).reduce((s, t) => s + t.count, 0);
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0 },
    series: [{ type: 'pie', radius: ['40%', '68%'], center: ['50%', '44%'], data: rest ? [...top, { name: others, value: rest }] : top }],
  };
}

/** Alarms per day (bars) with the handled ones (line). */
export function trendOption(trend: HomeOverview['trend'], names: { total: string; handled: string }) {
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid,
    xAxis: { type: 'category', data: trend.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: names.total, type: 'bar', data: trend.map((d) => d.total) },
      { name: names.handled, type: 'line', data: trend.map((d) => d.handled) },
    ],
  };
}

export function hourlyOption(hourly: number[], name: string) {
  return {
    color: [PALETTE[2]],
    tooltip: { trigger: 'axis' },
    grid,
    xAxis: { type: 'category', data: hourly.map((_, h) => `${String(h).padStart(2, '0')}`) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name, type: 'bar', data: hourly }],
  };
}

export function weeklyOption(weekly: AlgoHomeSummary['weeklyOutput'], name: string) {
  return {
    color: [PALETTE[3]],
    tooltip: { trigger: 'axis' },
    grid,
    xAxis: { type: 'category', data: weekly.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name, type: 'bar', data: weekly.map((d) => d.count) }],
  };
}

/** The hour with the most alarms (the earliest of equals); null when there is none. */
export function peakHour(hourly: number[]): { hour: number; count: number } | null {
  let best: { hour: number; count: number } | null = null;
  hourly.forEach((count, hour) => {
    if (count > 0 && (!best || count > best.count)) best = { hour, count };
  });
  return best;
}
