// The timeline of a video validation: each sampled frame's score by its second in the video, and the model's
// threshold as a dashed line across it (plain ECharts option data).
import type { EChartsCoreOption } from 'echarts/core';
import type { VideoValidationFrame } from './videoValidationApi.ts';

export function videoScoreOption(frames: readonly VideoValidationFrame[], threshold: number, names: { score: string; threshold: string; second: string }): EChartsCoreOption {
  const seconds = frames.map((f) => f.second);
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 32, bottom: 32 },
    tooltip: { trigger: 'axis' },
    legend: { data: [names.score, names.threshold] },
    xAxis: { type: 'category', name: names.second, data: seconds.map(String) },
    yAxis: { type: 'value', min: 0, max: 1 },
    series: [
      { name: names.score, type: 'line', data: frames.map((f) => f.score), showSymbol: true },
      { name: names.threshold, type: 'line', data: seconds.map(() => threshold), showSymbol: false, lineStyle: { type: 'dashed', color: '#e74c3c' }, itemStyle: { color: '#e74c3c' } },
    ],
  };
}
