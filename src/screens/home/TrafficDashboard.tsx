// The traffic home variants (/index_traffic; /index_traffic_truth narrows to its menu's typeIds): today's alarms
// and the share handled, cameras and boxes online, alarms per type, the trend and the latest urgent events. Every
// tile opens the screen behind it. The figures follow the session's one alarm socket: each change asks for a
// refresh, at most one every few seconds (useLiveRefresh), so a burst never becomes a polling storm.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Toggle from 'rsuite/Toggle';
import 'rsuite/Toggle/styles/index.css';
import { eventTypeName } from '../../domain/roadEventTypes.ts';
import { Chart, Panel, Tile } from '../stats/parts/Panel.tsx';
import { useFigures } from '../stats/parts/useFigures.ts';
import { useLiveRefresh } from '../stats/parts/useLiveRefresh.ts';
import { simulatedFrom, useSimulatedDefault } from '../stats/parts/useSimulatedDefault.ts';
import { loadOverview, TREND_DAYS, typeIdsOf } from './homeApi.ts';
import { byTypeOption, hourlyOption, peakHour, trendOption } from './homeCharts.ts';
import { UrgentTable } from './UrgentTable.tsx';
import { LoadProblem } from '../stats/parts/LoadProblem.tsx';

const LIVE_TEXT = { live: 'common.live', connecting: 'common.liveConnecting', down: 'common.liveOff' } as const;

export function TrafficDashboard({ title }: { title: string }) {
  const { t, i18n } = useTranslation('stats');
  const [params, setParams] = useSearchParams();
  const typeIdsText = params.get('typeIds');
  const typeIds = useMemo(() => typeIdsOf(typeIdsText), [typeIdsText]);
  const includeSimulated = simulatedFrom(params, useSimulatedDefault());
  const figures = useFigures(`${typeIds.join(',')}|${includeSimulated}`, (signal) => loadOverview(typeIds, includeSimulated, signal));
  const { state: liveState } = useLiveRefresh(figures.refresh);
  const typeName = useCallback((id: number) => eventTypeName(id, i18n.language), [i18n.language]);
  const data = figures.data;
  const percent = (share: number) => t('common.percent', { value: Math.round(share * 1000) / 10 });
  const setSimulated = (on: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('simulated', on ? '1' : '0');
      return next;
    });

  return (
    <section className="stats-screen" aria-labelledby="home-title">
      <header className="stats-screen-head">
        <h1 id="home-title">{title}</h1>
        <div className="stats-toolbar">
          <span className={liveState === 'live' ? 'stats-live' : 'stats-live stats-live-off'} role="status">
            {t(LIVE_TEXT[liveState])}
          </span>
          {/* Kept in the line before the first answer (hidden), so its arrival does not re-wrap the header. */}
        <span className="stats-muted" aria-hidden={!data} style={data ? undefined : { visibility: 'hidden' }}>
          {t('common.updatedAt', { time: data ? data.updateTime.slice(11) : '00:00:00' })}
        </span>
          <Toggle checked={includeSimulated} onChange={setSimulated} label={t('common.includeSimulated')} />
        </div>
      </header>
      {figures.status === 'error' ? (
        <LoadProblem message={t('common.loadFailed', { reason: figures.error })} retryLabel={t('common.retry')} onRetry={figures.refresh} />
      ) : null}
      <div className="stats-tiles" aria-busy={figures.status === 'loading'}>
        <Tile
          testId="tile-today"
          label={t('home.todayAlarms')}
          value={data?.today.total ?? '–'}
          detail={data ? `${t('home.violation')} ${data.today.violation} · ${t('home.road')} ${data.today.road}` : null}
          to={{ href: '/historyEvent', perm: 'historyEvent' }}
        />
        <Tile
          testId="tile-handled"
          label={t('home.handledShare')}
          value={data ? percent(data.today.handledShare) : '–'}
          detail={data ? t('home.handledOf', { handled: data.today.handled, total: data.today.total }) : null}
          to={{ href: '/eventProcess', perm: 'eventProcess' }}
        />
        <Tile
          testId="tile-unhandled"
          label={t('home.unhandled')}
          value={data?.today.unhandled ?? '–'}
          tone={data && data.today.unhandled > 0 ? 'warn' : 'plain'}
          to={{ href: '/actualTimeEvent', perm: 'actualTimeEvent' }}
        />
        <Tile
          testId="tile-cameras"
          label={t('home.camerasOnline')}
          value={data ? t('home.ofTotal', { online: data.cameras.online, total: data.cameras.total }) : '–'}
          detail={data ? t('home.camerasRunning', { running: data.cameras.running }) : null}
          to={{ href: '/deviceConfig', perm: 'deviceConfig' }}
        />
        <Tile
          testId="tile-boxes"
          label={t('home.boxesOnline')}
          value={data ? t('home.ofTotal', { online: data.boxes.online, total: data.boxes.total }) : '–'}
          to={{ href: '/boxMap', perm: 'boxMap' }}
        />
      </div>
      <div className="stats-panels">
        <Panel title={t('home.byType')} figures={figures} isEmpty={(d) => d.byType.length === 0} to={{ href: '/eventStatistics', perm: 'eventStatistics' }}>
          {(d) => (
            <Chart
              option={byTypeOption(d.byType, typeName, t('home.others'))}
              label={t('home.byTypeSummary', { list: d.byType.map((x) => `${typeName(x.eventType)} ${x.count}`).join(', ') })}
            />
          )}
        </Panel>
        <Panel title={t('home.trend', { days: TREND_DAYS })} figures={figures} to={{ href: '/alarmTrend', perm: 'alarmTrend' }}>
          {(d) => (
            <Chart
              option={trendOption(d.trend, { total: t('home.total'), handled: t('home.handled') })}
              label={t('home.trendSummary', {
                days: TREND_DAYS,
                total: d.trend.reduce((s, x) => s + x.total, 0),
                handled: d.trend.reduce((s, x) => s + x.handled, 0),
              })}
            />
          )}
        </Panel>
        <Panel title={t('home.hourly')} figures={figures} to={{ href: '/eventStatistics', perm: 'eventStatistics' }}>
          {(d) => {
            const peak = peakHour(d.hourly);
            return (
              <Chart
                option={hourlyOption(d.hourly, t('home.count'))}
                label={t('home.hourlySummary', { total: d.today.total, hour: peak?.hour ?? 0, peak: peak?.count ?? 0 })}
              />
            );
          }}
        </Panel>
        <Panel title={t('home.urgent')} figures={figures} to={{ href: '/urgentEvent', perm: 'urgentEvent' }}>
          {(d) => (d.urgent.length === 0 ? <p className="stats-empty">{t('home.urgentEmpty')}</p> : <UrgentTable alarms={d.urgent} typeName={typeName} />)}
        </Panel>
      </div>
    </section>
  );
}
