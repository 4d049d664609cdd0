// The camera page's live picture (issue 35): off until asked for — watching makes the camera's box send it to the
// platform — then the video centre's live player, with a button to stop watching. Only cameras with a stream
// (kind normal) have one.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { StreamStateBadge } from '../../video/StreamStateBadge.tsx';
import { currentStream, useStreamStates } from '../../video/streamStates.ts';
import type { DeviceInfo } from '../devicesApi.ts';

const LivePlayer = lazy(() => import('../../video/LivePlayer.tsx').then((module) => ({ default: module.LivePlayer })));

export function LivePanel({ device }: { device: Pick<DeviceInfo, 'id' | 'name' | 'kind' | 'boxId' | 'stream'> }) {
  const { t } = useTranslation('devices');
  const [watching, setWatching] = useState(false);
  // The stream state as the box reports it, refreshed every 10 s while the page is visible.
  const streams = useStreamStates(device.kind === 'normal' && device.boxId ? [device.id] : []);
  const stream = currentStream(streams, device);
  if (device.kind !== 'normal') return null;
  return (
    <section className="camera-live" aria-labelledby="camera-live-title">
      <header className="camera-live-header">
        <h2 id="camera-live-title">{t('live.title')}</h2>
        <Button size="sm" appearance={watching ? 'default' : 'primary'} onClick={() => setWatching((on) => !on)} aria-pressed={watching}>
          {watching ? t('live.stop') : t('live.watch')}
        </Button>
      </header>
      {stream ? (
        <p className="camera-live-stream">
          {t('columns.stream')}: <StreamStateBadge stream={stream} detail />
        </p>
      ) : null}
      {watching ? (
        <Suspense fallback={<p className="event-panel-state">{t('live.loading')}</p>}>
          <LivePlayer cameraId={device.id} cameraName={device.name} />
        </Suspense>
      ) : (
        <p className="camera-live-hint">{t('live.hint')}</p>
      )}
    </section>
  );
}
