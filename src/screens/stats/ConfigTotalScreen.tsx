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

export default function ConfigTotalScreen() {
  const { t, i18n } = useTranslation('stats');
  const title = usePageTitle(useScreenEntry());
  const may = usePermission();
  const { view, problem, query, key, change } = useStatsWindow();
  const figures = useFigures(key, (signal) => loadSiteStats(query!, signal), query !== null);
  const share = (handled: number, total: number) => (total ? t('common.percent', { value: Math.round((handled / total) * 1000) / 10 }) : '–');
  return (
    <section className="stats-screen" aria-labelledby="stats-title">
      <header className="stats-screen-head">
        <h1 id="stats-title">{title}</h1>
      </header>
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
                <table className="stats-table" aria-label={t('sites.title')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('sites.site')}</th>
                      <th scope="col">{t('sites.cameras')}</th>
                      <th scope="col">{t('sites.boxes')}</th>
                      <th scope="col">{t('sites.alarms')}</th>
                      <th scope="col">{t('sites.handledShare')}</th>
                      <th scope="col">{t('sites.topType')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.sites.map((s) => (
                      <tr key={s.sceneId ?? 'none'}>
                        <th scope="row">{s.sceneName}</th>
                        <td>{t('sites.cameraFigures', { total: s.cameras, online: s.camerasOnline, running: s.camerasRunning })}</td>
                        <td>{s.boxes}</td>
                        <td>{s.alarms}</td>
                        <td>{share(s.handled, s.alarms)}</td>
                        <td>{s.topEventType ? eventTypeName(s.topEventType, i18n.language) : '–'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </Panel>
          <Panel title={t('sites.outlets')} figures={figures} isEmpty={(d) => d.outlets.length === 0} className="stats-panel-wide">
            {(d) => (
              <table className="stats-table" aria-label={t('sites.outlets')}>
                <thead>
                  <tr>
                    <th scope="col">{t('sites.outlet')}</th>
                    <th scope="col">{t('sites.site')}</th>
                    <th scope="col">{t('sites.alarms')}</th>
                    <th scope="col">{t('sites.handledShare')}</th>
                    <th scope="col">{t('sites.online')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.outlets.map((o) => (
                    <tr key={o.cameraId}>
                      <th scope="row">{o.cameraName}</th>
                      <td>{o.sceneName ?? '–'}</td>
                      <td>{o.alarms}</td>
                      <td>{share(o.handled, o.alarms)}</td>
                      <td>{o.online === null ? t('sites.removed') : o.online ? t('sites.yes') : t('sites.no')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Panel>
        </div>
      ) : null}
    </section>
  );
}
