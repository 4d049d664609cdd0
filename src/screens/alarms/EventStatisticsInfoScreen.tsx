// /eventStatisticsInfo: the details behind the statistics — the ranking of cameras, event types or scenes over the
// window (the first ten as bars, the top 50 with shares as a table), and the last seven days per type. Same window and export as /eventStatistics.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { selectStatsIncludeSimulated, useSession } from '../../app/session.tsx';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useFirstSettled } from '../../components/data/useFirstSettled.ts';
import { useTypeName } from './alarmText.ts';
import { StatsChart, StatsPanel, useLoaded } from './StatsPanel.tsx';
import { StatsToolbar } from './StatsToolbar.tsx';
import { type EventStatsTop, statsTop, statsWeek, type TopKind } from './statsApi.ts';
import { rankChartHeight, topOption, weekOption } from './statsCharts.ts';
import { readStatsView, writeStatsView } from './statsWindow.ts';
import './alarms.css';
import './alarmStats.css';
import { FigureTable } from '../../components/table/FigureTable.tsx';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

const KINDS: readonly TopKind[] = ['camera', 'eventType', 'scene'];
const TOP_N = 50;
/** The chart shows the first ten; the table below it all fifty. */
const CHART_BARS = 10;

export default function EventStatisticsInfoScreen() {
  const { t } = useTranslation('alarms');
  const typeName = useTypeName();
  const [params, setParams] = useSearchParams();
  const siteDefault = useSession(selectStatsIncludeSimulated);
  const { view, problem } = useMemo(() => readStatsView(params, new Date(), siteDefault), [params, siteDefault]);
  const kind: TopKind = KINDS.find((k) => k === params.get('rank')) ?? 'camera';
  const ok = problem === null;

  const ranking = useLoaded(`${kind}|${view.startDate}|${view.endDate}|${view.includeSimulated}`, (signal) => statsTop(kind, view, TOP_N, signal), ok);
  const week = useLoaded(`${view.endDate}|${view.includeSimulated}`, (signal) => statsWeek(view.endDate, view.includeSimulated, signal), ok);
  // The two panels show together once their first loads have settled: the ranking's height depends on its rows,
  // and on a narrow screen its arrival pushed the week's chart down (a layout shift of 0.05).
  const settled = useFirstSettled(ranking.status, week.status);

  const choose = (next: TopKind) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('rank', next);
      return updated;
    });
  const nameOf = (item: EventStatsTop['list'][number]) => (kind === 'eventType' ? typeName(item.id) : item.name);

  return (
    <ScreenFrame className="alarm-screen" headerClassName="alarm-screen-header" title={t('stats.infoTitle')}>
      <StatsToolbar view={view} problem={problem} onChange={(patch) => setParams((current) => writeStatsView(current, patch, siteDefault))} />
      <fieldset className="alarm-rank-switch">
        <legend className="alarm-sr-only">{t('stats.rankBy')}</legend>
        {KINDS.map((k) => (
          <Button key={k} size="sm" appearance={k === kind ? 'primary' : 'default'} aria-pressed={k === kind} onClick={() => choose(k)}>
            {t(`stats.group.${k}`)}
          </Button>
        ))}
      </fieldset>
      {ok && !settled ? <p className="alarm-muted">{t('stats.loading')}</p> : null}
      {ok && settled ? (
        <div className="alarm-charts">
          <StatsPanel title={t(`stats.rank.${kind}`)} loaded={ranking} isEmpty={(data) => data.list.length === 0}>
            {(data) => (
              <>
                <StatsChart
                  option={topOption(data, t('stats.count'), nameOf, CHART_BARS)}
                  height={rankChartHeight(Math.min(CHART_BARS, data.list.length))}
                  label={data.list
                    .slice(0, CHART_BARS)
                    .map((item) => `${nameOf(item)} ${item.count}`)
                    .join(', ')}
                />
                <FigureTable
                  className="alarm-rank-table"
                  caption={t('stats.rankCaption', { total: data.total })}
                  rows={data.list}
                  rowKey={(item) => item.id}
                  columns={[
                    { key: 'rank', header: t('stats.rankColumn'), cell: (item) => item.rank },
                    { key: 'name', header: t('stats.name'), cell: nameOf },
                    { key: 'count', header: t('stats.count'), cell: (item) => item.count },
                    { key: 'share', header: t('stats.share'), cell: (item) => `${(item.share * 100).toFixed(1)}%` },
                  ]}
                />
              </>
            )}
          </StatsPanel>
          <StatsPanel title={t('stats.week', { end: view.endDate })} loaded={week} isEmpty={(data) => data.series.length === 0} reserve={360}>
            {(data) => (
              <StatsChart
                option={weekOption(data, typeName)}
                height={360}
                label={data.series
                  .slice(0, 8)
                  .map((series) => `${typeName(series.eventType)} ${series.total}`)
                  .join(', ')}
              />
            )}
          </StatsPanel>
        </div>
      ) : null}
    </ScreenFrame>
  );
}
