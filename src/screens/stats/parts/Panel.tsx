// The building blocks of the dashboards and statistics screens: a panel with its loading, failed (Retry), empty
// and ready states; a number tile that links to the screen behind it when the user may open it; a chart with the
// screens' texts (ECharts loads on first show).
import type { EChartsCoreOption } from 'echarts/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../app/permissions.tsx';
import { CHART_HEIGHT, EChart } from '../../../components/chart/EChart.tsx';
import type { Figures } from './useFigures.ts';
import './stats.css';
import { LoadProblem } from './LoadProblem.tsx';

interface PanelProps<T> {
  title: string;
  figures: Figures<T>;
  isEmpty?(data: T): boolean;
  /** Where the panel's screen is (a link in its heading when the user holds `perm`). */
  to?: { href: string; perm: string };
  className?: string;
  /** Controls shown in every state (a period picker, an export). */
  actions?: ReactNode;
  /** The height its content takes when shown, kept in every state (loading, failed, empty), so the panels after it
   *  do not move when the figures arrive. A chart's height by default. */
  reserve?: number;
  children(data: T): ReactNode;
}

export function Panel<T>({ title, figures, isEmpty, to, className, actions, reserve = CHART_HEIGHT, children }: PanelProps<T>) {
  const { t } = useTranslation('stats');
  const id = useId();
  const may = usePermission();
  const { status, data, error } = figures;
  return (
    <section className={`stats-panel ${className ?? ''}`} aria-labelledby={id} aria-busy={status === 'loading'}>
      <header className="stats-panel-head">
        <h2 id={id}>{title}</h2>
        {to && may(to.perm) ? (
          <Link to={to.href} className="stats-panel-link">
            {t('common.open')}
          </Link>
        ) : null}
      </header>
      {actions}
      <div className="stats-panel-body" style={{ minHeight: reserve }}>
        {status === 'loading' ? <p className="stats-muted">{t('common.loading')}</p> : null}
        {status === 'error' ? (
          <LoadProblem message={t('common.loadFailed', { reason: error })} retryLabel={t('common.retry')} onRetry={figures.refresh} />
        ) : null}
        {status === 'ready' && data !== null ? isEmpty?.(data) ? <p className="stats-empty">{t('common.empty')}</p> : children(data) : null}
      </div>
    </section>
  );
}

interface TileProps {
  label: string;
  value: ReactNode;
  /** A second line under the value. `null` keeps its line while the figures load, so the row does not grow under
   *  the user's pointer when they arrive; leave it out for a tile without one. */
  detail?: ReactNode;
  /** The screen behind the tile, when the user holds `perm`. */
  to?: { href: string; perm: string | readonly string[] };
  tone?: 'plain' | 'warn' | 'muted';
  testId?: string;
}

export function Tile({ label, value, detail, to, tone = 'plain', testId }: TileProps) {
  const may = usePermission();
  const body = (
    <>
      <span className="stats-tile-label">{label}</span>
      <span className={`stats-tile-value stats-tone-${tone}`}>{value}</span>
      {detail !== undefined ? <span className="stats-tile-detail">{detail ?? '\u00a0'}</span> : null}
    </>
  );
  return to && may(to.perm) ? (
    <Link to={to.href} className="stats-tile stats-tile-link" data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className="stats-tile" data-testid={testId}>
      {body}
    </div>
  );
}

export function Chart({ option, label, height }: { option: EChartsCoreOption; label: string; height?: number }) {
  const { t } = useTranslation('stats');
  return <EChart option={option} label={label} height={height} loadingText={t('common.chartLoading')} failedText={t('common.chartFailed')} />;
}

/** Bytes as the screens show them (binary units). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '–';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
