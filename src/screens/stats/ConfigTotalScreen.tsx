// /configTotal: outlet and site statistics — per site (scene) its cameras online and analysed, its edge boxes and
// the alarms of the window with the handled ones; the outlets (cameras) with the most alarms. Window in the URL.
import { useTranslation } from 'react-i18next';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { usePermission } from '../../app/permissions.tsx';
import { eventTypeName } from '../../domain/roadEventTypes.ts';
import { Chart, Panel } from './parts/Panel.tsx';
import { useFigures } from './parts/useFigures.ts';
import { useStatsWindow } from './parts/useStatsWindow.ts';
import { WindowToolbar } from './parts/WindowToolbar.tsx';
import { exportStats, loadSiteStats } from './statsApi.ts';
import { barsOption } from './statsCharts.ts';
import { FigureTable } from '../../components/table/FigureTable.tsx';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

export default function ConfigTotalScreen() {
  const { t, i18n } = useTranslation('stats');
  const title = usePageTitle(useScreenEntry());
  const may = usePermission();
  const { view, problem, query, key, change } = useStatsWindow();
  const figures = useFigures(key, (signal) => loadSiteStats(query!, signal), query !== null);
  const share = (handled: number, total: number) => (total ? t('common.percent', { value: Math.round((handled / total) * 1000) / 10 }) : '–');
  return (
    <ScreenFrame className="stats-screen" headerClassName="stats-screen-head" title={title} titleId="stats-title">
      <WindowToolbar view={view} problem={problem} onChange={change} onExport={may('configTotal') && query ? () => exportStats('configTotal', query) : undefined} />
      {query ? (
        <div className="stats-panels">
          <Panel title={t('sites.title')} figures={figures} isEmpty={(d) => d.sites.length === 0} className="stats-panel-wide">
            {(d) => (
              <>
                <Chart
                  height={260}
                  option={barsOption(
                    d.sites.map((s) => s.sceneName),
                    [
                      { name: t('sites.alarms'), data: d.sites.map((s) => s.alarms) },
                      { name: t('sites.handled'), data: d.sites.map((s) => s.handled) },
                    ],
                  )}
                  label={d.sites.map((s) => `${s.sceneName} ${s.alarms}`).join(', ')}
                />
                <FigureTable
                  className="stats-table"
                  label={t('sites.title')}
                  rows={d.sites}
                  rowKey={(s) => s.sceneId ?? 'none'}
                  columns={[
                    { key: 'site', header: t('sites.site'), rowHeader: true, cell: (s) => s.sceneName },
                    { key: 'cameras', header: t('sites.cameras'), cell: (s) => t('sites.cameraFigures', { total: s.cameras, online: s.camerasOnline, running: s.camerasRunning }) },
                    { key: 'boxes', header: t('sites.boxes'), cell: (s) => s.boxes },
                    { key: 'alarms', header: t('sites.alarms'), cell: (s) => s.alarms },
                    { key: 'handled', header: t('sites.handledShare'), cell: (s) => share(s.handled, s.alarms) },
                    { key: 'topType', header: t('sites.topType'), cell: (s) => (s.topEventType ? eventTypeName(s.topEventType, i18n.language) : '–') },
                  ]}
                />
              </>
            )}
          </Panel>
          <Panel title={t('sites.outlets')} figures={figures} isEmpty={(d) => d.outlets.length === 0} className="stats-panel-wide">
            {(d) => (
              <FigureTable
                className="stats-table"
                label={t('sites.outlets')}
                rows={d.outlets}
                rowKey={(o) => o.cameraId}
                columns={[
                  { key: 'outlet', header: t('sites.outlet'), rowHeader: true, cell: (o) => o.cameraName },
                  { key: 'site', header: t('sites.site'), cell: (o) => o.sceneName ?? '–' },
                  { key: 'alarms', header: t('sites.alarms'), cell: (o) => o.alarms },
                  { key: 'handled', header: t('sites.handledShare'), cell: (o) => share(o.handled, o.alarms) },
                  { key: 'online', header: t('sites.online'), cell: (o) => (o.online === null ? t('sites.removed') : o.online ? t('sites.yes') : t('sites.no')) },
                ]}
              />
            )}
          </Panel>
        </div>
      ) : null}
    </ScreenFrame>
  );
}
