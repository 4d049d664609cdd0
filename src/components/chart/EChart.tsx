// A chart: ECharts loaded on first use (echartsSetup.ts, its own chunk), sized to its box and resized with it,
// disposed on unmount. The option is plain data (see the screens' option builders). For assistive technology
// the chart is an image with a summary label; screens show the numbers as text or tables too.
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import './chart.css';
import { observeSize } from './observeSize.ts';

/** A chart's height when its screen does not say (px). */
export const CHART_HEIGHT = 300;

export interface EChartProps {
  option: EChartsCoreOption;
  /** What the chart shows, in words (its accessible name). */
  label: string;
  height?: number;
  /** Shown while ECharts loads and when it cannot be loaded. */
  loadingText: string;
  failedText: string;
}

export function EChart({ option, label, height = CHART_HEIGHT, loadingText, failedText }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    import('./echartsSetup.ts').then(
      ({ init }) => {
        if (disposed || !box.current) return;
        chart.current = init(box.current, undefined, { renderer: 'canvas' });
        observer = observeSize(box.current, () => chart.current?.resize());
        setStatus('ready');
      },
      () => !disposed && setStatus('error'),
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (status === 'ready') chart.current?.setOption(option, { notMerge: true });
  }, [option, status]);

  return (
    <div className="echart" style={{ height }}>
      <div ref={box} className="echart-canvas" role="img" aria-label={label} />
      {status !== 'ready' ? (
        <p className="echart-state" role={status === 'error' ? 'alert' : undefined}>
          {status === 'error' ? failedText : loadingText}
        </p>
      ) : null}
    </div>
  );
}
