// /videoPlayCenter: the cameras, the recordings of the selected one by day (paged), a recording playing with the
// alarm's detection box over it, and a download link. ?alarmId= opens an alarm's recording and links back to the
// alarm. Everything the user picks lives in the URL (camera, day, page, clip), so Back and a shared link work.
import { useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { CameraList } from './CameraList.tsx';
import { ClipList } from './ClipList.tsx';
import { ClipPlayer } from './ClipPlayer.tsx';
import { listRecords, type Page, recordOfAlarm, type VideoRecord } from './videoApi.ts';
import './video.css';

const PAGE_SIZE = 10;
const NO_CLIPS: Page<VideoRecord> = { list: [], total: 0 };

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const positive = (text: string | null) => (text && /^\d{1,10}$/.test(text) ? Number(text) || null : null);

export default function VideoPlayCenterScreen() {
  const { t } = useTranslation('video');
  const [params, setParams] = useSearchParams();
  const alarmId = positive(params.get('alarmId'));
  const cameraId = positive(params.get('camera'));
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? (params.get('day') as string) : today();
  const pageNo = positive(params.get('page')) ?? 1;
  const clipId = positive(params.get('clip'));

  const update = (patch: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const alarmClip = useLoaded((signal) => (alarmId ? recordOfAlarm(alarmId, signal) : Promise.resolve(null)), null, alarmId ?? 0);
  const fromAlarm = alarmClip.status === 'ready' ? alarmClip.data : null;
  const camera = cameraId ?? fromAlarm?.cameraId ?? null;
  const shownDay = params.get('day') || !fromAlarm ? day : fromAlarm.startTime.slice(0, 10);
  const clips = useLoaded(
    (signal) => (camera ? listRecords({ cameraId: camera, day: shownDay, pageNo, pageSize: PAGE_SIZE }, signal) : Promise.resolve(NO_CLIPS)),
    NO_CLIPS,
    `${camera}|${shownDay}|${pageNo}`,
  );
  const playing = clips.data.list.find((r) => r.id === clipId) ?? (clipId === null || clipId === fromAlarm?.id ? fromAlarm : null);

  return (
    <section className="video-screen">
      <header className="video-header">
        <h1>{t('title')}</h1>
        {alarmId ? (
          <p className="video-alarm">
            {alarmClip.status === 'loading' ? <span role="status">{t('alarm.loading', { id: alarmId })}</span> : null}
            {alarmClip.status === 'ready' && !fromAlarm ? <span role="alert">{t('alarm.noClip', { id: alarmId })}</span> : null}
            {alarmClip.status === 'error' ? <span role="alert">{t('loadFailed', { error: alarmClip.error })}</span> : null}{' '}
            <Link to={`/historyEvent?alarm=${alarmId}`}>{t('alarm.back', { id: alarmId })}</Link>
          </p>
        ) : (
          <p className="video-muted">{t('intro')}</p>
        )}
      </header>
      <div className="video-layout">
        <CameraList selected={camera} onSelect={(id) => update({ camera: String(id), page: null, clip: null, alarmId: null })} />
        <div className="video-main">
          <label className="video-day">
            <span>{t('day')}</span>
            <input type="date" className="video-input" value={shownDay} max={today()} onChange={(e) => update({ day: e.target.value || null, page: null, camera: camera ? String(camera) : null })} />
          </label>
          {playing ? <ClipPlayer key={playing.id} record={playing} /> : <p className="video-muted video-placeholder">{camera ? t('player.pick') : t('player.pickCamera')}</p>}
          {camera ? (
            <ClipList
              clips={clips}
              playing={playing?.id ?? null}
              pageNo={pageNo}
              pageSize={PAGE_SIZE}
              onPlay={(record) => update({ clip: String(record.id), camera: String(record.cameraId) })}
              onPage={(page) => update({ page: String(page), camera: String(camera) })}
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}
