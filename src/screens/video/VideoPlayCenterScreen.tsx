// /videoPlayCenter: the cameras, and for the selected one either its recordings of a day (the day timeline, a
// recording playing with the alarm's detection box over it, the paged list with downloads) or its live picture.
// ?alarmId= opens an alarm's recording and links back to the alarm. Everything the user picks lives in the URL
// (camera, view, day, page, clip, at), so Back and a shared link work.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import Button from 'rsuite/Button';
import ButtonGroup from 'rsuite/ButtonGroup';
import 'rsuite/Button/styles/index.css';
import 'rsuite/ButtonGroup/styles/index.css';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { CameraList } from './CameraList.tsx';
import { LivePlayer } from './LivePlayer.tsx';
import { StreamStateBadge } from './StreamStateBadge.tsx';
import { currentStream, useStreamStates } from './streamStates.ts';
import { formatDay, RecordingsView } from './RecordingsView.tsx';
import { type Camera, recordOfAlarm } from './videoApi.ts';
import './video.css';

const positive = (text: string | null) => (text && /^\d{1,10}$/.test(text) ? Number(text) || null : null);
const VIEWS = ['recordings', 'live'] as const;

export default function VideoPlayCenterScreen() {
  const { t } = useTranslation('video');
  const [params, setParams] = useSearchParams();
  const [cameras, setCameras] = useState<Camera[]>([]);
  const alarmId = positive(params.get('alarmId'));
  const cameraId = positive(params.get('camera'));
  const view = params.get('view') === 'live' ? 'live' : 'recordings';
  const today = formatDay(new Date());
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? (params.get('day') as string) : today;
  const pageNo = positive(params.get('page')) ?? 1;
  const clipId = positive(params.get('clip'));
  const at = Math.min(86_400, positive(params.get('at')) ?? 0);

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
  const shown = cameras.find((c) => c.id === camera);
  const cameraName = shown?.name ?? fromAlarm?.cameraName ?? (camera ? `#${camera}` : '');
  // The listed cameras' stream states, refreshed every 10 s while the page is visible (cameras with a box only).
  const streams = useStreamStates(cameras.filter((c) => Boolean(c.boxId)).map((c) => c.id));
  const stream = shown ? currentStream(streams, shown) : null;

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
        <CameraList selected={camera} onSelect={(id) => update({ camera: String(id), page: null, clip: null, at: null, alarmId: null })} onLoaded={setCameras} streams={streams} />
        <div className="video-main">
          <ButtonGroup className="video-views" aria-label={t('views.label')}>
            {VIEWS.map((v) => (
              <Button key={v} appearance={v === view ? 'primary' : 'default'} aria-pressed={v === view} onClick={() => update({ view: v === 'recordings' ? null : v })}>
                {t(`views.${v}`)}
              </Button>
            ))}
          </ButtonGroup>
          {stream ? (
            <p className="video-stream">
              {t('stream.label')}: <StreamStateBadge stream={stream} detail />
            </p>
          ) : null}
          {view === 'live' ? (
            camera ? (
              <LivePlayer key={camera} cameraId={camera} cameraName={cameraName} />
            ) : (
              <p className="video-muted video-placeholder">{t('player.pickCamera')}</p>
            )
          ) : (
            <RecordingsView camera={camera} cameraName={cameraName} day={shownDay} pageNo={pageNo} clipId={clipId} at={at} fromAlarm={fromAlarm} update={update} />
          )}
        </div>
      </div>
    </section>
  );
}
