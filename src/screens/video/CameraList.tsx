// The cameras of the video centre, filtered by name (server-side keyword), one selected.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Input from 'rsuite/Input';
import 'rsuite/Input/styles/index.css';
import { LoadProblem } from '../../components/data/LoadProblem.tsx';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { StreamStateBadge } from './StreamStateBadge.tsx';
import { currentStream, type StreamState } from './streamStates.ts';
import { listCameras, type Page, type Camera } from './videoApi.ts';

const NONE: Page<Camera> = { list: [], total: 0 };

interface Props {
  selected: number | null;
  onSelect: (id: number) => void;
  /** The cameras listed (their names head the player). */
  onLoaded?: (cameras: Camera[]) => void;
  /** The stream states refreshed since the list loaded (the screen polls them for the cameras listed). */
  streams: ReadonlyMap<number, StreamState | null>;
}

export function CameraList({ selected, onSelect, onLoaded, streams }: Props) {
  const { t } = useTranslation('video');
  const [keyword, setKeyword] = useState('');
  const cameras = useLoaded((signal) => listCameras(keyword, signal), NONE, keyword);
  useEffect(() => {
    if (cameras.status === 'ready') onLoaded?.(cameras.data.list);
  }, [cameras.status, cameras.data, onLoaded]);
  return (
    <nav className="video-cameras" aria-labelledby="video-cameras-title">
      <h2 id="video-cameras-title">{t('cameras.title')}</h2>
      <Input type="search" size="sm" placeholder={t('cameras.filter')} aria-label={t('cameras.filter')} value={keyword} maxLength={64} onChange={(value) => setKeyword(value)} />
      {cameras.status === 'loading' && cameras.data.list.length === 0 ? <p role="status">{t('loading')}</p> : null}
      {cameras.status === 'error' ? (
        <LoadProblem message={t('loadFailed', { error: cameras.error })} retryLabel={t('retry')} onRetry={cameras.reload} className="video-problem" retryClassName="video-link" />
      ) : null}
      {cameras.status === 'ready' && cameras.data.list.length === 0 ? <p className="video-muted">{t('cameras.empty')}</p> : null}
      {cameras.data.list.length > 0 ? (
        <ul>
          {cameras.data.list.map((camera) => (
            <li key={camera.id}>
              <button type="button" className="video-camera" aria-pressed={camera.id === selected} onClick={() => onSelect(camera.id)}>
                <span className="video-camera-name">{camera.name}</span>
                <StreamStateBadge stream={currentStream(streams, camera)} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}
