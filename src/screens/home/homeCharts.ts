// ECharts options of the home dashboards, from the contract's answers (pure data: tested without a browser).
import type { AlgoHomeSummary, HomeOverview } from './homeApi.ts';

const PALETTE = ['#1675e0', '#f44336', '#ff9800', '#4caf50', '#9c27b0', '#00bcd4', '#795548', '#607d8b', '#e91e63', '#8bc34a'];
const grid = { left: 40, right: 16, top: 16, bottom: 40, containLabel: true } as const;

/**
 * Today's alarms per type as a ring (the first nine types, the rest as one slice). Each slice is named beside it,
 * at the chart's edge, its name wrapped onto lines in the room left there (English names are long: cut to a few
 * letters, they said nothing). The labels name every slice, so there is no legend (its scrolling pages cut names
 * too).
 */
export function byTypeOption(byType: HomeOverview['byType'], typeName: (id: number) => string, others: string) {
  const top = byType.slice(0, 9).map((t) => ({ name: typeName(t.eventType), value: t.count }));
  const rest = byType.slice(9).reduce((s, t) => s + t.count, 0);
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    series: [
      {
        type: 'pie',
        radius: ['30%', '50%'],
        center: ['50%', '50%'],
        avoidLabelOverlap: true,
        label: { alignTo: 'edge', edgeDistance: 8, overflow: 'break', lineHeight: 14, minMargin: 4 },
        labelLine: { length: 10, length2: 8, maxSurfaceAngle: 80 },
        labelLayout: { hideOverlap: false },
        data: rest ? [...top, { name: others, value: rest }] : top,
      },
    ],
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
