// /alarmTrend: the alarms of a window (≤ 15 days) per hour or day — by kind with the handled ones, and the series of
// the types seen most — with the totals and the .xlsx export. The window is in the URL.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { usePermission } from '../../app/permissions.tsx';
import { eventTypeName } from '../../domain/roadEventTypes.ts';
import { Chart, Panel, Tile } from './parts/Panel.tsx';
import { useFigures } from './parts/useFigures.ts';
import { useStatsWindow } from './parts/useStatsWindow.ts';
import { WindowToolbar } from './parts/WindowToolbar.tsx';
import { exportStats, loadAlarmTrend } from './statsApi.ts';
import { trendOption, typeSeriesOption } from './statsCharts.ts';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

export default function AlarmTrendScreen() {
  const { t, i18n } = useTranslation('stats');
  const title = usePageTitle(useScreenEntry());
  const may = usePermission();
  const { view, problem, query, key, change } = useStatsWindow();
  const figures = useFigures(key, (signal) => loadAlarmTrend(query!, signal), query !== null);
  const typeName = useCallback((id: number) => eventTypeName(id, i18n.language), [i18n.language]);
  const data = figures.data;
  const handled = data ? data.points.reduce((s, p) => s + p.handled, 0) : 0;
  const road = data ? data.points.reduce((s, p) => s + p.road, 0) : 0;
  return (
    <ScreenFrame className="stats-screen" headerClassName="stats-screen-head" title={title} titleId="stats-title">
      <WindowToolbar view={view} problem={problem} onChange={change} onExport={may('alarmTrend') && query ? () => exportStats('alarmTrend', query) : undefined} />
      {query ? (
        <>
          <div className="stats-tiles" aria-busy={figures.status === 'loading'}>
            <Tile testId="trend-total" label={t('trend.total')} value={data?.total ?? '–'} />
            <Tile label={t('trend.handled')} value={data ? `${handled}` : '–'} detail={data?.total ? t('common.percent', { value: Math.round((handled / data.total) * 1000) / 10 }) : null} />
            <Tile label={t('home.violation')} value={data ? data.total - road : '–'} />
            <Tile label={t('home.road')} value={data ? road : '–'} />
          </div>
          <div className="stats-panels">
            <Panel title={t(data?.granularity === 'hour' ? 'trend.perHour' : 'trend.perDay')} figures={figures} isEmpty={(d) => d.total === 0} className="stats-panel-wide" reserve={320}>
              {(d) => (
                <Chart
                  height={320}
                  option={trendOption(d, { total: t('trend.total'), violation: t('home.violation'), road: t('home.road'), handled: t('trend.handled') })}
                  label={t('trend.summary', { total: d.total, handled: d.points.reduce((s, p) => s + p.handled, 0), from: view.start, to: view.end })}
                />
              )}
            </Panel>
            <Panel title={t('trend.byType')} figures={figures} isEmpty={(d) => d.types.length === 0} className="stats-panel-wide" reserve={320}>
              {(d) => <Chart height={320} option={typeSeriesOption(d, typeName)} label={d.types.map((x) => `${typeName(x.eventType)} ${x.total}`).join(', ')} />}
            </Panel>
          </div>
        </>
      ) : null}
    </ScreenFrame>
  );
}
