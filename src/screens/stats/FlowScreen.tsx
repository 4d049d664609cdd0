// The four passenger-flow screens: /flowTotal by site, /flowUnitTotal by unit, /flowNetworkTotal by outlet (the
// edge box serving it), /flowTotalSubway by line — in and out over the window (per hour or day), each group's
// totals and busiest hour, and the .xlsx export. The window is in the URL.
import { useTranslation } from 'react-i18next';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { api, orThrow } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import type { FlowStats, FlowStatsQuery } from '../../api/schema.gen.ts';
import { Chart, Panel, Tile } from './parts/Panel.tsx';
import { useFigures } from './parts/useFigures.ts';
import { useStatsWindow } from './parts/useStatsWindow.ts';
import { WindowToolbar } from './parts/WindowToolbar.tsx';
import { barsOption } from './statsCharts.ts';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

type GroupBy = FlowStatsQuery['groupBy'];

const GROUP_OF: Record<string, GroupBy> = { flowTotal: 'site', flowUnitTotal: 'unit', flowNetworkTotal: 'outlet', flowTotalSubway: 'line' };

export default function FlowScreen() {
  const { t } = useTranslation('stats');
  const entry = useScreenEntry();
  const title = usePageTitle(entry);
  const groupBy = GROUP_OF[entry?.id.split('/').at(-1) ?? ''] ?? 'site';
  const { view, problem, query, key, change } = useStatsWindow();
  const body = query ? { startTime: query.startTime, endTime: query.endTime, includeSimulated: query.includeSimulated, groupBy } : null;
  const figures = useFigures(`${key}|${groupBy}`, (signal): Promise<FlowStats> => orThrow(api.post('/stats/flow', { body: body!, signal, quiet: true })), body !== null);
  const data = figures.data;
  return (
    <ScreenFrame className="stats-screen" headerClassName="stats-screen-head" title={title} titleId="stats-title">
      <WindowToolbar view={view} problem={problem} onChange={change} onExport={body ? () => orThrow(downloadFile('/stats/flow/export', body, '', { quiet: true })).then(() => undefined) : undefined} />
      {body ? (
        <>
          <div className="stats-tiles" aria-busy={figures.status === 'loading'}>
            <Tile testId="flow-in" label={t('flow.in')} value={data?.totalIn ?? '–'} />
            <Tile testId="flow-out" label={t('flow.out')} value={data?.totalOut ?? '–'} />
            <Tile label={t('flow.groups', { group: t(`flow.by.${groupBy}`) })} value={data?.groups.length ?? '–'} />
          </div>
          <div className="stats-panels">
            <Panel title={t(data?.granularity === 'hour' ? 'flow.perHour' : 'flow.perDay')} figures={figures} isEmpty={(d) => d.totalIn + d.totalOut === 0} className="stats-panel-wide">
              {(d) => (
                <Chart
                  height={300}
                  option={barsOption(
                    d.points.map((p) => p.time.slice(5)),
                    [
                      { name: t('flow.in'), data: d.points.map((p) => p.in) },
                      { name: t('flow.out'), data: d.points.map((p) => p.out) },
                    ],
                  )}
                  label={t('flow.summary', { in: d.totalIn, out: d.totalOut, from: view.start, to: view.end })}
                />
              )}
            </Panel>
            <Panel title={t('flow.byGroup', { group: t(`flow.by.${groupBy}`) })} figures={figures} isEmpty={(d) => d.groups.length === 0} className="stats-panel-wide">
              {(d) => (
                <table className="stats-table" aria-label={t('flow.byGroup', { group: t(`flow.by.${groupBy}`) })}>
                  <thead>
                    <tr>
                      <th scope="col">{t(`flow.by.${groupBy}`)}</th>
                      <th scope="col">{t('flow.in')}</th>
                      <th scope="col">{t('flow.out')}</th>
                      <th scope="col">{t('flow.peak')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.groups.map((g) => (
                      <tr key={g.key ?? 'none'}>
                        <th scope="row">{g.name}</th>
                        <td>{g.in}</td>
                        <td>{g.out}</td>
                        <td>{g.peakHour ? t('flow.peakAt', { hour: g.peakHour.slice(5), count: g.peakCount }) : '–'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Panel>
          </div>
        </>
      ) : null}
    </ScreenFrame>
  );
}
