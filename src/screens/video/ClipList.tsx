// The recordings of the selected camera on a day, newest first, a page at a time; one is playing.
import { useTranslation } from 'react-i18next';
import { LoadProblem } from '../../components/data/LoadProblem.tsx';
import type { Loaded } from '../../components/data/useLoaded.ts';
import type { Page, VideoRecord } from './videoApi.ts';

interface Props {
  clips: Loaded<Page<VideoRecord>>;
  playing: number | null;
  pageNo: number;
  pageSize: number;
  onPlay: (record: VideoRecord) => void;
  onPage: (pageNo: number) => void;
}

export function ClipList({ clips, playing, pageNo, pageSize, onPlay, onPage }: Props) {
  const { t } = useTranslation('video');
  const pages = Math.max(1, Math.ceil(clips.data.total / pageSize));
  return (
    <section className="video-clips" aria-labelledby="video-clips-title" aria-busy={clips.status === 'loading'}>
      <h2 id="video-clips-title">{t('clips.title', { total: clips.data.total })}</h2>
      {clips.status === 'loading' ? <p role="status">{t('loading')}</p> : null}
      {clips.status === 'error' ? (
        <LoadProblem message={t('loadFailed', { error: clips.error })} retryLabel={t('retry')} onRetry={clips.reload} className="video-problem" retryClassName="video-link" />
      ) : null}
      {clips.status === 'ready' && clips.data.list.length === 0 ? <p className="video-muted">{t('clips.empty')}</p> : null}
      <ol>
        {clips.data.list.map((record) => (
          <li key={record.id} className="video-clip">
            <button type="button" className="video-camera" aria-pressed={record.id === playing} onClick={() => onPlay(record)}>
              {record.startTime.slice(11)} – {record.endTime.slice(11)} · {t('clips.seconds', { count: record.duration })}
              {record.alarmId ? ` · ${t('clips.alarm', { id: record.alarmId })}` : ''}
              {record.kind === 'continuous' ? ` · ${t('clips.continuous')}` : ''}
            </button>
            <a className="video-link" href={record.playUrl} download={`${record.cameraName}-${record.startTime.replace(/\D/g, '')}.mp4`}>
              {record.size !== null ? t('clips.downloadSize', { kb: Math.max(1, Math.round(record.size / 1024)) }) : t('clips.download')}
            </a>
          </li>
        ))}
      </ol>
      {pages > 1 ? (
        <nav className="video-pages" aria-label={t('clips.pages')}>
          <button type="button" className="video-link" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
            {t('clips.previous')}
          </button>
          <span>{t('clips.page', { pageNo, pages })}</span>
          <button type="button" className="video-link" disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
            {t('clips.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
