// The day timeline of the video centre: a 24-hour bar of the chosen camera and day with what was recorded
// (continuous segments, alarm clips), the alarms as markers (a click opens the alarm), and a cursor. Clicking or
// dragging on the bar plays the recording at that moment; from the keyboard the bar is a slider: arrows move the
// cursor 10 s (Shift: 1 min), Page Up/Down 10 min (Shift: 1 h), Home/End, and Enter plays.
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadProblem } from '../../components/data/LoadProblem.tsx';
import type { Loaded } from '../../components/data/useLoaded.ts';
import { clockText, dayRange, type DayAlarm, isRecorded, type PlayTarget, spanAt, spanPlace, stepFor, timeMs } from './dayTimeline.ts';
import type { VideoDay } from './videoApi.ts';

const HOURS = [0, 3, 6, 9, 12, 15, 18, 21, 24];

interface Props {
  day: string;
  data: Loaded<VideoDay | null>;
  /** Seconds from the day's start the cursor is at (null: none yet). */
  cursor: number | null;
  onCursor(seconds: number): void;
  onPlay(target: PlayTarget): void;
  onOpenAlarm(alarm: DayAlarm): void;
}

export function DayTimeline({ day, data, cursor, onCursor, onPlay, onOpenAlarm }: Props) {
  const { t } = useTranslation('video');
  const bar = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const [missed, setMissed] = useState<number | null>(null);
  const range = dayRange(day);
  const spans = data.data?.spans ?? [];
  const alarms = data.data?.alarms ?? [];
  const seconds = (clientX: number) => {
    const box = bar.current?.getBoundingClientRect();
    if (!box || box.width === 0) return 0;
    const fraction = Math.min(1, Math.max(0, (clientX - box.left) / box.width));
    return Math.min(range.length / 1000 - 1, Math.floor((fraction * range.length) / 1000));
  };
  const play = (at: number) => {
    const target = spanAt(spans, range, at);
    setMissed(target ? null : at);
    if (target) onPlay(target);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
    onCursor(seconds(event.clientX));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging) onCursor(seconds(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging) return;
    setDragging(false);
    const at = seconds(event.clientX);
    onCursor(at);
    play(at);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const now = cursor ?? 0;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      play(now);
      return;
    }
    const next = stepFor(event.key, event.shiftKey, now, range.length);
    if (next === null) return;
    event.preventDefault();
    onCursor(next);
  };
  const covered = cursor !== null && isRecorded(spans, range, cursor);
  const valueText = cursor === null ? t('timeline.noCursor') : `${clockText(cursor)}, ${covered ? t('timeline.recorded') : t('timeline.notRecorded')}`;
  return (
    <section className="video-timeline" aria-labelledby="video-timeline-title" aria-busy={data.status === 'loading'}>
      <h2 id="video-timeline-title">
        {t('timeline.title')}
        {data.data ? <span className="video-muted"> · {t('timeline.summary', { spans: spans.length, alarms: data.data.alarmsTotal })}</span> : null}
      </h2>
      {data.status === 'error' ? (
        <LoadProblem message={t('loadFailed', { error: data.error })} retryLabel={t('retry')} onRetry={data.reload} className="video-problem" retryClassName="video-link" />
      ) : null}
      <div className="video-timeline-track">
        <div
          ref={bar}
          className="video-timeline-bar"
          role="slider"
          tabIndex={0}
          aria-label={t('timeline.bar', { day })}
          aria-valuemin={0}
          aria-valuemax={range.length / 1000 - 1}
          aria-valuenow={cursor ?? 0}
          aria-valuetext={valueText}
          aria-describedby="video-timeline-keys"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDragging(false)}
          onKeyDown={onKeyDown}
        >
          {spans.map((span) => {
            const place = spanPlace(span, range);
            return <span key={span.id} className={`video-timeline-span ${span.kind}`} style={{ left: `${place.left * 100}%`, width: `max(2px, ${place.width * 100}%)` }} />;
          })}
          {cursor !== null ? <span className="video-timeline-cursor" style={{ left: `${((cursor * 1000) / range.length) * 100}%` }} /> : null}
        </div>
        <div className="video-timeline-alarms">
          {alarms.map((alarm) => (
            <button
              key={alarm.id}
              type="button"
              className="video-timeline-alarm"
              style={{ left: `${((timeMs(alarm.alarmTime) - range.start) / range.length) * 100}%` }}
              aria-label={t('timeline.alarm', { id: alarm.id, time: alarm.alarmTime.slice(11), name: alarm.eventName ?? alarm.eventType })}
              title={`${alarm.alarmTime.slice(11)} ${alarm.eventName ?? ''}`}
              onClick={() => onOpenAlarm(alarm)}
            />
          ))}
        </div>
        <div className="video-timeline-hours" aria-hidden="true">
          {HOURS.map((h) => (
            <span key={h} style={{ left: `${(h / 24) * 100}%` }}>
              {String(h).padStart(2, '0')}
            </span>
          ))}
        </div>
      </div>
      <p id="video-timeline-keys" className="video-muted video-timeline-legend">
        <span className="video-timeline-key continuous" /> {t('timeline.continuous')} <span className="video-timeline-key clip" /> {t('timeline.clip')}{' '}
        <span className="video-timeline-key alarm" /> {t('timeline.alarmKey')} · {t('timeline.keys')}
      </p>
      {missed !== null ? (
        <p role="status" className="video-muted">
          {t('timeline.nothingAfter', { time: clockText(missed) })}
        </p>
      ) : null}
      {data.data && data.data.alarmsTotal > alarms.length ? <p className="video-muted">{t('timeline.moreAlarms', { shown: alarms.length, total: data.data.alarmsTotal })}</p> : null}
    </section>
  );
}
