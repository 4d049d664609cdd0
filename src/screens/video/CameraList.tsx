// The cameras of the video centre, filtered by name (server-side keyword), one selected.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadProblem } from '../../components/data/LoadProblem.tsx';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { listCameras, type Page, type Camera } from './videoApi.ts';

const NONE: Page<Camera> = { list: [], total: 0 };

export function CameraList({ selected, onSelect }: { selected: number | null; onSelect: (id: number) => void }) {
  const { t } = useTranslation('video');
  const [keyword, setKeyword] = useState('');
  const cameras = useLoaded((signal) => listCameras(keyword, signal), NONE, keyword);
  return (
    <nav className="video-cameras" aria-labelledby="video-cameras-title">
      <h2 id="video-cameras-title">{t('cameras.title')}</h2>
      <input type="search" className="video-input" placeholder={t('cameras.filter')} aria-label={t('cameras.filter')} value={keyword} maxLength={64} onChange={(e) => setKeyword(e.target.value)} />
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
                {camera.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}
