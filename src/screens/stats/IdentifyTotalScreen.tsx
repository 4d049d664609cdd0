// /identifyTotal: large-model statistics from the model call log — calls, failures, success rate and latency per
// model and operation, and the calls per day. Window in the URL.
import { useTranslation } from 'react-i18next';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { usePermission } from '../../app/permissions.tsx';
import { Chart, Panel, Tile } from './parts/Panel.tsx';
import { useFigures } from './parts/useFigures.ts';
import { useStatsWindow } from './parts/useStatsWindow.ts';
import { WindowToolbar } from './parts/WindowToolbar.tsx';
import { exportStats, loadModelCallStats } from './statsApi.ts';
import { callsPerDayOption } from './statsCharts.ts';
import { FigureTable } from '../../components/table/FigureTable.tsx';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

const OPERATIONS = ['validateSetupEvent', 'describeImage', 'predictBigSdk'] as const;
const isKnownOperation = (name: string): name is (typeof OPERATIONS)[number] => (OPERATIONS as readonly string[]).includes(name);

export default function IdentifyTotalScreen() {
  const { t } = useTranslation('stats');
  const title = usePageTitle(useScreenEntry());
  const may = usePermission();
  const { view, problem, query, key, change } = useStatsWindow();
  const figures = useFigures(key, (signal) => loadModelCallStats(query!, signal), query !== null);
  const data = figures.data;
  const failed = data ? data.models.reduce((s, m) => s + m.failed, 0) : 0;
  const pct = (v: number) => t('common.percent', { value: Math.round(v * 1000) / 10 });
  return (
    <ScreenFrame className="stats-screen" headerClassName="stats-screen-head" title={title} titleId="stats-title">
      <WindowToolbar view={view} problem={problem} onChange={change} onExport={may('identifyTotal') && query ? () => exportStats('identifyTotal', query) : undefined} />
      {query ? (
        <>
          <div className="stats-tiles" aria-busy={figures.status === 'loading'}>
            <Tile testId="calls-total" label={t('models.calls')} value={data?.total ?? '–'} />
            <Tile label={t('models.successRate')} value={data?.total ? pct((data.total - failed) / data.total) : '–'} />
            <Tile label={t('models.failed')} value={data ? failed : '–'} tone={failed > 0 ? 'warn' : 'plain'} />
            <Tile label={t('models.models')} value={data ? new Set(data.models.map((m) => m.model)).size : '–'} />
          </div>
          <div className="stats-panels">
            <Panel title={t('models.perModel')} figures={figures} isEmpty={(d) => d.models.length === 0} className="stats-panel-wide">
              {(d) => (
                <FigureTable
                  className="stats-table"
                  label={t('models.perModel')}
                  rows={d.models}
                  rowKey={(m) => `${m.model}|${m.operation}`}
                  columns={[
                    { key: 'model', header: t('models.model'), rowHeader: true, cell: (m) => m.model },
                    { key: 'operation', header: t('models.operation'), cell: (m) => (isKnownOperation(m.operation) ? t(`models.operations.${m.operation}`) : m.operation) },
                    { key: 'calls', header: t('models.calls'), cell: (m) => m.calls },
                    { key: 'failed', header: t('models.failed'), cell: (m) => m.failed },
                    { key: 'successRate', header: t('models.successRate'), cell: (m) => pct(m.successRate) },
                    { key: 'latencyAvg', header: t('models.latencyAvg'), cell: (m) => t('models.ms', { value: m.latencyAvgMs }) },
                    { key: 'latencyP95', header: t('models.latencyP95'), cell: (m) => t('models.ms', { value: m.latencyP95Ms }) },
                  ]}
                />
              )}
            </Panel>
            <Panel title={t('models.perDay')} figures={figures} isEmpty={(d) => d.total === 0} className="stats-panel-wide">
              {(d) => (
                <Chart
                  option={callsPerDayOption(d, { calls: t('models.calls'), failed: t('models.failed') })}
                  label={t('models.perDaySummary', { total: d.total, from: view.start, to: view.end })}
                />
              )}
            </Panel>
          </div>
        </>
      ) : null}
    </ScreenFrame>
  );
}
