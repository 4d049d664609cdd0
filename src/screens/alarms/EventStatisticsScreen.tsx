// /eventStatistics: how many alarms, how they were handled, per day, per hour of a day, by type, and the cameras
// with the most. The window (≤ 31 days), the day and simulated-or-not are in the URL. Charts are ECharts, loaded
// on first show (src/components/chart); every number is also given in words.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { selectStatsIncludeSimulated, useSession } from '../../app/session.tsx';
import { LazyDatePicker } from '../../components/dateRange/LazyDatePicker.tsx';
import { useTypeName } from './alarmText.ts';
import { StatsChart, StatsPanel, useLoaded } from './StatsPanel.tsx';
import { StatsToolbar } from './StatsToolbar.tsx';
import { statsPerDay, statsPerHour, statsTop, statsTotal } from './statsApi.ts';
import { byTypeOption, perDayOption, perDaySummary, perHourOption, topOption } from './statsCharts.ts';
import { formatDate, parseDate, readStatsView, writeStatsView } from './statsWindow.ts';
import './alarms.css';
import './alarmStats.css';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

export default function EventStatisticsScreen() {
  const { t } = useTranslation('alarms');
  const typeName = useTypeName();
  const [params, setParams] = useSearchParams();
  const siteDefault = useSession(selectStatsIncludeSimulated);
  const { view, problem } = useMemo(() => readStatsView(params, new Date(), siteDefault), [params, siteDefault]);
  const ok = problem === null;
  const windowKey = `${view.startDate}|${view.endDate}|${view.includeSimulated}`;
  const names = { total: t('stats.total'), violation: t('kind.violation'), road: t('kind.road') };

  const total = useLoaded(windowKey, (signal) => statsTotal(view, signal), ok);
  const perDay = useLoaded(windowKey, (signal) => statsPerDay(view, signal), ok);
  const perHour = useLoaded(`${view.day}|${view.includeSimulated}`, (signal) => statsPerHour(view.day, view.includeSimulated, signal), ok);
  const byType = useLoaded(windowKey, (signal) => statsTop('eventType', view, 10, signal), ok);
  const topCameras = useLoaded(windowKey, (signal) => statsTop('camera', view, 10, signal), ok);

  const day = parseDate(view.day);
  const cards = total.status === 'ready' ? total.data : null;
  return (
    <ScreenFrame className="alarm-screen" headerClassName="alarm-screen-header" title={t('stats.title')}>
      <StatsToolbar view={view} problem={problem} onChange={(patch) => setParams((current) => writeStatsView(current, patch, siteDefault))}>
        <label className="alarm-toggle" htmlFor="stats-day">
          {t('stats.day')}
        </label>
        <LazyDatePicker
          id="stats-day"
          texts={{ format: formatDate }}
          format="yyyy-MM-dd"
          value={day}
          cleanable={false}
          shouldDisableDate={(date) => date.getTime() > Date.now()}
          onChange={(value) => value && setParams((current) => writeStatsView(current, { day: formatDate(value) }, siteDefault))}
        />
      </StatsToolbar>
      {ok ? (
        <>
          <div className="alarm-cards" aria-busy={total.status === 'loading'}>
            {total.status === 'error' ? (
              <p className="alarm-problem" role="alert">
                {t('stats.loadFailed', { reason: total.message })}
              </p>
            ) : null}
            <Card label={t('stats.total')} value={cards?.total} />
            <Card label={t('stats.today')} value={cards?.today} />
            <Card label={t('status.new')} value={cards?.byStatus.unhandled} />
            <Card label={t('status.confirmed')} value={cards?.byStatus.confirmed} />
            <Card label={t('status.ignored')} value={cards?.byStatus.ignored} />
            <Card label={t('status.dealt')} value={cards?.byStatus.dealt} />
            <Card label={t('status.checked')} value={cards?.byStatus.checked} />
            <Card label={t('kind.violation')} value={cards?.byKind.violation} />
            <Card label={t('kind.road')} value={cards?.byKind.road} />
          </div>
          <div className="alarm-charts">
            <StatsPanel title={t('stats.perDay')} loaded={perDay} isEmpty={(data) => data.total === 0}>
              {(data) => {
                const summary = perDaySummary(data);
                return <StatsChart option={perDayOption(data, names)} label={t('stats.perDaySummary', { total: summary.total, date: summary.peakDate ?? '', peak: summary.peak })} />;
              }}
            </StatsPanel>
            <StatsPanel title={t('stats.perHour', { date: view.day })} loaded={perHour} isEmpty={(data) => data.total === 0}>
              {(data) => <StatsChart option={perHourOption(data, names)} label={t('stats.perHourSummary', { date: data.date, total: data.total })} />}
            </StatsPanel>
            <StatsPanel title={t('stats.byType')} loaded={byType} isEmpty={(data) => data.list.length === 0}>
              {(data) => <StatsChart option={byTypeOption(data, typeName)} label={data.list.map((item) => `${typeName(item.id)} ${item.count}`).join(', ')} />}
            </StatsPanel>
            <StatsPanel title={t('stats.topCameras')} loaded={topCameras} isEmpty={(data) => data.list.length === 0}>
              {(data) => <StatsChart option={topOption(data, t('stats.count'))} label={data.list.map((item) => `${item.name} ${item.count}`).join(', ')} />}
            </StatsPanel>
          </div>
        </>
      ) : null}
    </ScreenFrame>
  );
}

function Card({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="alarm-card">
      <span className="alarm-muted">{label}</span>
      <span className="alarm-card-value">{value ?? '–'}</span>
    </div>
  );
}
