// The video centre's recordings of one camera on one day: the day picker, the day timeline (what was recorded, the
// alarms, scrubbing), the recording playing, and the day's recordings as a paged list. The playing recording and
// the moment in it live in the URL (clip, at), so Back and a shared link play the same thing.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { LazyDatePicker } from '../../components/dateRange/LazyDatePicker.tsx';
import { ClipList } from './ClipList.tsx';
import { ClipPlayer, type Playable } from './ClipPlayer.tsx';
import { DayTimeline } from './DayTimeline.tsx';
import { dayRange, timeMs } from './dayTimeline.ts';
import { listRecords, type Page, type VideoRecord, videoDay } from './videoApi.ts';

const PAGE_SIZE = 10;
const NO_CLIPS: Page<VideoRecord> = { list: [], total: 0 };

export function formatDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

interface Props {
  camera: number | null;
  cameraName: string;
  day: string;
  pageNo: number;
  clipId: number | null;
  at: number;
  /** The recording an alarm link asked for (it may be on no loaded page). */
  fromAlarm: VideoRecord | null;
  update(patch: Record<string, string | null>): void;
}

export function RecordingsView({ camera, cameraName, day, pageNo, clipId, at, fromAlarm, update }: Props) {
  const { t } = useTranslation('video');
  const navigate = useNavigate();
  const [cursor, setCursor] = useState<number | null>(null);
  const clips = useLoaded(
    (signal) => (camera ? listRecords({ cameraId: camera, day, pageNo, pageSize: PAGE_SIZE }, signal) : Promise.resolve(NO_CLIPS)),
    NO_CLIPS,
    `${camera}|${day}|${pageNo}`,
  );
  const timeline = useLoaded((signal) => (camera ? videoDay(camera, day, signal) : Promise.resolve(null)), null, `${camera}|${day}`);
  const span = timeline.data?.spans.find((s) => s.id === clipId);
  const playing: Playable | null =
    clips.data.list.find((r) => r.id === clipId) ??
    (clipId === null || clipId === fromAlarm?.id ? fromAlarm : null) ??
    (span ? { ...span, cameraName, track: [], width: null, height: null } : null);
  const range = dayRange(day);
  return (
    <>
      <div className="video-day">
        <label htmlFor="video-day-picker">{t('day')}</label>
        <LazyDatePicker
          id="video-day-picker"
          texts={{ format: formatDay }}
          format="yyyy-MM-dd"
          value={new Date(range.start)}
          cleanable={false}
          shouldDisableDate={(date) => date.getTime() > Date.now()}
          onChange={(value) => value && update({ day: formatDay(value), page: null, clip: null, at: null, camera: camera ? String(camera) : null })}
        />
      </div>
      {camera ? (
        <DayTimeline
          day={day}
          data={timeline}
          cursor={cursor ?? (playing ? Math.round((timeMs(playing.startTime) - range.start) / 1000 + at) : null)}
          onCursor={setCursor}
          onPlay={(target) => update({ clip: String(target.span.id), at: target.offset > 0 ? String(Math.floor(target.offset)) : null, camera: String(camera) })}
          onOpenAlarm={(alarm) => navigate(`/historyEvent?alarm=${alarm.id}`)}
        />
      ) : null}
      {playing ? <ClipPlayer key={`${playing.id}-${at}`} record={playing} startAt={at} /> : <p className="video-muted video-placeholder">{camera ? t('player.pick') : t('player.pickCamera')}</p>}
      {camera ? (
        <ClipList
          clips={clips}
          playing={playing?.id ?? null}
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          onPlay={(record) => update({ clip: String(record.id), at: null, camera: String(record.cameraId) })}
          onPage={(page) => update({ page: String(page), camera: String(camera) })}
        />
      ) : null}
    </>
  );
}
