// The drawer a box opens on the map: its state, address and last heartbeat, its cameras with theirs, and links to
// the screens that manage it (for a role that holds them).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Drawer from 'rsuite/Drawer';
import 'rsuite/Drawer/styles/index.css';
import { usePermission } from '../../../app/permissions.tsx';
import type { EdgeBox } from '../boxes/boxesApi.ts';
import { STATUS_COLOURS } from './BoxMapCanvas.tsx';
import type { MapItem } from './mapItems.ts';

export function BoxMapDrawer({ box, cameras, onClose }: { box: EdgeBox | null; cameras: MapItem[]; onClose(): void }) {
  const { t } = useTranslation('devices');
  const may = usePermission();
  const percent = (v: number | null | undefined) => (typeof v === 'number' ? `${v}%` : '–');
  return (
    <Drawer open={box !== null} onClose={onClose} size="sm" aria-labelledby="box-map-drawer-title">
      <Drawer.Header>
        <Drawer.Title id="box-map-drawer-title">{box?.name ?? ''}</Drawer.Title>
      </Drawer.Header>
      <Drawer.Body>
        {box ? (
          <div className="box-map-drawer">
            <dl>
              <dt>{t('boxMap.state')}</dt>
              <dd>
                <span className="box-map-dot" style={{ background: STATUS_COLOURS[box.status === 'online' ? 'online' : 'offline'] }} />
                {t(`boxMap.status.${box.status === 'online' ? 'online' : 'offline'}`)}
              </dd>
              <dt>{t('boxMap.ip')}</dt>
              <dd>{box.ip ?? '–'}</dd>
              <dt>{t('boxMap.address')}</dt>
              <dd>{box.address || '–'}</dd>
              <dt>{t('boxMap.heartbeat')}</dt>
              <dd>{box.lastHeartbeat ?? t('boxMap.never')}</dd>
              <dt>{t('boxMap.load')}</dt>
              <dd>{t('boxMap.loadFigures', { cpu: percent(box.cpuUsage), memory: percent(box.memoryUsage), disk: percent(box.diskUsage) })}</dd>
            </dl>
            <h3>{t('boxMap.cameras', { count: cameras.length })}</h3>
            {cameras.length === 0 ? (
              <p className="stats-muted">{t('boxMap.noCameras')}</p>
            ) : (
              <ul className="box-map-cameras">
                {cameras.map((camera) => (
                  <li key={camera.key}>
                    <span className="box-map-dot" style={{ background: STATUS_COLOURS[camera.status] }} />
                    {camera.name} <span className="stats-muted">{t(`boxMap.status.${camera.status}`)}</span>
                  </li>
                ))}
              </ul>
            )}
            <p className="box-map-links">
              {may('edgeDevice/box') ? <Link to="/edgeDevice/box">{t('boxMap.manage')}</Link> : null}
              {may('resourceInfo') ? <Link to={`/resourceInfo?node=${encodeURIComponent(`box:${box.id}`)}`}>{t('boxMap.resources')}</Link> : null}
            </p>
          </div>
        ) : null}
      </Drawer.Body>
    </Drawer>
  );
}
