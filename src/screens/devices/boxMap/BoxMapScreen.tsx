// /boxMap: the edge boxes and their cameras at their coordinates on an offline base map, coloured by status and
// clustered when many; a box (or a camera) opens the box's drawer. The list beside the map names every box too.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenEntry } from '../../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../../app/layouts/pageTitle.ts';
import { selectSystemConfig, useSession } from '../../../app/session.tsx';
import { useFigures } from '../../stats/parts/useFigures.ts';
import '../../stats/parts/stats.css';
import { BoxMapCanvas, STATUS_COLOURS } from './BoxMapCanvas.tsx';
import { BoxMapDrawer } from './BoxMapDrawer.tsx';
import { DEFAULT_CENTRE, loadMapData } from './boxMapApi.ts';
import type { MapItem } from './mapItems.ts';
import './boxMap.css';
import { LoadProblem } from '../../stats/parts/LoadProblem.tsx';

export default function BoxMapScreen() {
  const { t } = useTranslation('devices');
  const title = usePageTitle(useScreenEntry());
  const config = useSession(selectSystemConfig);
  const figures = useFigures('map', loadMapData);
  const [openBox, setOpenBox] = useState<number | null>(null);
  const data = figures.data;
  // §9: the configured centre, else 22.5464 / 114.0593.
  const centre = { lat: config?.mapLatitude ?? DEFAULT_CENTRE.lat, lng: config?.mapLongitude ?? DEFAULT_CENTRE.lng };
  const box = data?.boxes.find((b) => b.id === openBox) ?? null;
  const cameras = useMemo(() => (data && openBox !== null ? data.items.filter((i) => i.kind === 'camera' && i.boxId === openBox) : []), [data, openBox]);
  const open = (item: MapItem) => setOpenBox(item.boxId);

  return (
    <section className="stats-screen" aria-labelledby="box-map-title">
      <header className="stats-screen-head">
        <h1 id="box-map-title">{title}</h1>
        <ul className="box-map-legend" aria-label={t('boxMap.legend')}>
          {(['online', 'offline', 'abnormal'] as const).map((s) => (
            <li key={s}>
              <span className="box-map-dot" style={{ background: STATUS_COLOURS[s] }} />
              {t(`boxMap.status.${s}`)}
            </li>
          ))}
        </ul>
      </header>
      {figures.status === 'loading' ? <p className="stats-muted">{t('boxMap.loading')}</p> : null}
      {figures.status === 'error' ? (
        <LoadProblem message={t('boxMap.loadFailed', { reason: figures.error })} retryLabel={t('boxMap.retry')} onRetry={figures.refresh} />
      ) : null}
      {data ? (
        <div className="box-map-layout">
          <BoxMapCanvas items={data.items} centre={centre} zoom={config?.mapZoom ? Math.max(1, config.mapZoom / 10) : 1.2} onOpen={open} />
          <nav className="box-map-list" aria-label={t('boxMap.boxes')}>
            <h2>{t('boxMap.boxes')}</h2>
            {data.boxes.length === 0 ? <p className="stats-empty">{t('boxMap.noBoxes')}</p> : null}
            <ul>
              {data.boxes.map((b) => (
                <li key={b.id}>
                  <button type="button" className="stats-link-button" onClick={() => setOpenBox(b.id)}>
                    <span className="box-map-dot" style={{ background: STATUS_COLOURS[b.status === 'online' ? 'online' : 'offline'] }} />
                    {b.name}
                  </button>
                </li>
              ))}
            </ul>
            {data.unplaced > 0 ? <p className="stats-muted">{t('boxMap.unplaced', { count: data.unplaced })}</p> : null}
          </nav>
        </div>
      ) : null}
      <BoxMapDrawer box={box} cameras={cameras} onClose={() => setOpenBox(null)} />
    </section>
  );
}
