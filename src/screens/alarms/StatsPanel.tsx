// One panel of the statistics screens: a call, and its loading, failed (with Retry), empty and ready states.
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_HEIGHT, EChart } from '../../components/chart/EChart.tsx';
import { LoadProblem } from '../../components/data/LoadProblem.tsx';

export type Loaded<T> = { status: 'loading'; data: null } | { status: 'ready'; data: T } | { status: 'error'; data: null; message: string };

/** Loads `load()` whenever `key` changes (or Retry is pressed); a newer load wins over an older one. */
export function useLoaded<T>(key: string, load: (signal: AbortSignal) => Promise<T>, enabled = true): Loaded<T> & { retry(): void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading', data: null });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState({ status: 'loading', data: null });
    // `key` and `attempt` are what this effect reloads on.
    void key;
    void attempt;
    loadRef.current(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', data: null, message: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, [key, attempt, enabled]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

interface PanelProps<T> {
  title: string;
  loaded: Loaded<T> & { retry(): void };
  isEmpty(data: T): boolean;
  /** The height its content takes when shown, kept while loading, failed or empty, so the panels after it do not
   *  move when the figures arrive. A chart's height by default. */
  reserve?: number;
  children(data: T): ReactNode;
}

export function StatsPanel<T>({ title, loaded, isEmpty, reserve = CHART_HEIGHT, children }: PanelProps<T>) {
  const { t } = useTranslation('alarms');
  const id = `stats-${title.replace(/\W+/g, '-')}`;
  return (
    <section className="alarm-chart-panel" aria-labelledby={id} aria-busy={loaded.status === 'loading'}>
      <h2 id={id}>{title}</h2>
      <div style={{ minHeight: reserve }}>
        {loaded.status === 'loading' ? <p className="alarm-muted">{t('stats.loading')}</p> : null}
        {loaded.status === 'error' ? (
          <LoadProblem
            message={t('stats.loadFailed', { reason: loaded.message })}
            retryLabel={t('actions.retry')}
            onRetry={loaded.retry}
            className="alarm-problem"
            retryClassName="alarm-link-button"
          />
        ) : null}
        {loaded.status === 'ready' ? isEmpty(loaded.data) ? <p className="alarm-empty">{t('stats.empty')}</p> : children(loaded.data) : null}
      </div>
    </section>
  );
}

/** A chart with the screens' loading and failure texts. */
export function StatsChart({ option, label, height }: { option: EChartsCoreOption; label: string; height?: number }) {
  const { t } = useTranslation('alarms');
  return <EChart option={option} label={label} height={height} loadingText={t('stats.chartLoading')} failedText={t('stats.chartFailed')} />;
}
