// @vitest-environment node
// The home dashboard's ring of today's alarms by type, laid out by ECharts itself (rendered to SVG on the server
// side, the layout code the browser runs), in English at the widths its panel has at 1366×768 and narrower: every
// slice's label is whole — wrapped onto lines, never cut to "Phone call while dri…" (issue 37) — and inside the
// chart.
import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
import { byTypeOption } from '../../src/screens/home/homeCharts.ts';
import type { HomeOverview } from '../../src/screens/home/homeApi.ts';

use([PieChart, LegendComponent, TooltipComponent, SVGRenderer]);

const HEIGHT = 300;
// The demo's busiest types in English, longest names included (server/modules/alarms/eventTypes.ts).
const NAMES: Record<number, string> = {
  16: 'Running a red light',
  8: 'Wrong-way driving',
  13: 'Driving in bus lane',
  5: 'No seat belt',
  24: 'Bike violation',
  10: 'Illegal parking',
  1016: 'Breakdown',
  6: 'Phone call while driving',
  1003: 'Pothole',
  12: 'Not yielding to pedestrians',
  41: 'Stopping in the emergency lane',
};
const byType = [16, 8, 13, 5, 24, 10, 1016, 6, 1003, 12, 41].map((eventType, i) => ({ eventType, count: 30 - i * 2 })) as HomeOverview['byType'];

function render(option: EChartsCoreOption, width: number): string {
  const chart = init(null, undefined, { renderer: 'svg', ssr: true, width, height: HEIGHT });
  chart.setOption(option);
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

/** The texts of an SVG with their anchor and position (ECharts writes translate(x y) plus x/y offsets). */
function texts(svg: string): { text: string; x: number; y: number; anchor: string }[] {
  return [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map(([, attributes, text]) => {
    const [tx, ty] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(attributes)?.slice(1).map(Number) ?? [0, 0];
    const dx = Number(/ x="([-\d.]+)"/.exec(attributes)?.[1] ?? 0);
    const dy = Number(/ y="([-\d.]+)"/.exec(attributes)?.[1] ?? 0);
    return { text: text.replace(/&amp;/g, '&'), x: tx + dx, y: ty + dy, anchor: /text-anchor="(\w+)"/.exec(attributes)?.[1] ?? 'start' };
  });
}

describe('the alarms-by-type ring', () => {
  for (const width of [530, 420, 340]) {
    it(`names every slice in full at ${width} px`, () => {
      const option = byTypeOption(byType, (id) => NAMES[id] ?? String(id), 'Others');
      const shown = texts(render(option, width));
      const words = shown.map((t) => t.text).join(' ').replace(/\s+/g, ' ');
      expect(shown.some((t) => t.text.includes('...') || t.text.includes('…'))).toBe(false);
      // The nine largest types and "Others" are each named, every word of them (wrapped lines joined).
      for (const name of [...byType.slice(0, 9).map((t) => NAMES[t.eventType]), 'Others']) {
        for (const word of name.split(' ')) expect(words, name).toContain(word);
      }
      // Aligned to the chart's edges, inside it: left labels start at or after its left edge, right ones end at or
      // before its right edge, every line within its height.
      for (const t of shown) {
        if (t.anchor === 'end') expect(t.x).toBeLessThanOrEqual(width);
        else expect(t.x).toBeGreaterThanOrEqual(0);
        expect(t.y).toBeGreaterThanOrEqual(0);
        expect(t.y).toBeLessThanOrEqual(HEIGHT);
      }
    });
  }
});
