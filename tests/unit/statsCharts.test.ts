// @vitest-environment node
// The statistics charts laid out by ECharts itself (rendered to SVG on the server side, the same layout code the
// browser runs): on a narrow panel with long type names the legend stays on its own line below the axis labels
// (issue 8 item 19: the 7-day chart's wrapped legend covered them), and a ranking chart draws a bar per item.
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
import type { EventStatsRange, EventStatsTop, EventStatsWeek } from '../../src/screens/alarms/statsApi.ts';
import { byTypeOption, perDayOption, rankChartHeight, topOption, weekOption } from '../../src/screens/alarms/statsCharts.ts';

use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const WIDTH = 360;
const HEIGHT = 360;
const FONT = 12;

interface Text {
  text: string;
  x: number;
  y: number;
}

function render(option: EChartsCoreOption, height = HEIGHT): string {
  const chart = init(null, undefined, { renderer: 'svg', ssr: true, width: WIDTH, height });
  chart.setOption(option);
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

/** The texts of an SVG with their positions (ECharts writes translate(x y) plus x/y offsets). */
function texts(svg: string): Text[] {
  return [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map(([, attributes, text]) => {
    const [tx, ty] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(attributes)?.slice(1).map(Number) ?? [0, 0];
    const dx = Number(/ x="([-\d.]+)"/.exec(attributes)?.[1] ?? 0);
    const dy = Number(/ y="([-\d.]+)"/.exec(attributes)?.[1] ?? 0);
    return { text, x: tx + dx, y: ty + dy };
  });
}

const names = (ids: number[]) => ids.map((id) => `Vehicle occupying the emergency lane type ${id}`);
const typeName = (id: number) => `Vehicle occupying the emergency lane type ${id}`;
const dates = ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25'];

/** The lowest axis label's bottom and the legend's top, from the texts of a rendered chart. */
function legendBelowLabels(svg: string, legendNames: string[], labels: string[]) {
  const all = texts(svg);
  const legend = all.filter((t) => legendNames.includes(t.text));
  const axis = all.filter((t) => labels.includes(t.text));
  return {
    legendLines: new Set(legend.map((t) => t.y)).size,
    legendTop: Math.min(...legend.map((t) => t.y)) - FONT / 2,
    legendBottom: Math.max(...legend.map((t) => t.y)) + FONT / 2,
    labelsBottom: Math.max(...axis.map((t) => t.y)) + FONT / 2,
    legendShown: legend.length,
  };
}

describe('statistics chart layout', () => {
  it('keeps the 7-day chart legend on one line below the date labels, inside the chart', () => {
    const ids = [16, 1001, 3, 4, 5, 6, 7, 8];
    const week: EventStatsWeek = { dates, series: ids.map((eventType) => ({ eventType, total: 28, counts: [1, 2, 3, 4, 5, 6, 7] })) } as EventStatsWeek;
    const layout = legendBelowLabels(render(weekOption(week, typeName)), names(ids), dates.map((d) => d.slice(5)));
    expect(layout.legendShown).toBeGreaterThan(0);
    expect(layout.legendLines).toBe(1);
    expect(layout.legendTop).toBeGreaterThanOrEqual(layout.labelsBottom);
    expect(layout.legendBottom).toBeLessThanOrEqual(HEIGHT);
  });

  it('keeps the per-day legend below its labels too', () => {
    const range = { total: 7, points: dates.map((date) => ({ date, total: 1, violation: 1, road: 0 })) } as EventStatsRange;
    const series = { total: 'Alarms in total', violation: 'Traffic violations', road: 'Road events' };
    const layout = legendBelowLabels(render(perDayOption(range, series), 300), Object.values(series), dates.map((d) => d.slice(5)));
    expect(layout.legendLines).toBe(1);
    expect(layout.legendTop).toBeGreaterThanOrEqual(layout.labelsBottom);
  });

  it('keeps the by-type ring legend on one line inside the chart', () => {
    const top = { total: 80, list: [16, 1001, 3, 4, 5, 6, 7, 8].map((id, i) => ({ id, name: '', rank: i + 1, count: 10, share: 0.125 })) } as EventStatsTop;
    const legend = texts(render(byTypeOption(top, typeName), 300)).filter((t) => t.text.startsWith('Vehicle'));
    expect(new Set(legend.map((t) => t.y)).size).toBe(1);
    expect(Math.max(...legend.map((t) => t.y)) + FONT / 2).toBeLessThanOrEqual(300);
  });

  it('draws a ranking bar per item (at most ten), named and counted, the first on top', () => {
    const list = Array.from({ length: 14 }, (_, i) => ({ id: i + 1, name: `Camera ${i + 1}`, rank: i + 1, count: 40 - i, share: 0.05 }));
    const top = { total: 500, list } as EventStatsTop;
    const svg = render(topOption(top, 'Alarms'), rankChartHeight(10));
    const bars = svg.match(/<path[^>]*fill="#1675e0"/g) ?? [];
    expect(bars).toHaveLength(10);
    const labels = texts(svg);
    const first = labels.find((t) => t.text === 'Camera 1');
    const tenth = labels.find((t) => t.text === 'Camera 10');
    expect(first && tenth && first.y < tenth.y).toBe(true);
    expect(labels.some((t) => t.text === 'Camera 11')).toBe(false);
    expect(labels.some((t) => t.text === '40')).toBe(true); // the count beside the first bar
  });

  it('names the ranked items with the screen’s names (a type’s label, not its empty name)', () => {
    const top = { total: 3, list: [{ id: 16, name: '', rank: 1, count: 3, share: 1 }] } as EventStatsTop;
    const svg = render(topOption(top, 'Alarms', (item) => typeName(item.id)), rankChartHeight(1));
    expect(texts(svg).some((t) => t.text.startsWith('Vehicle'))).toBe(true);
  });
});
