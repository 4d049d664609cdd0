// Plays one recording with the project's fmp4 player (public/lib/fmp4Player.js: Media Source Extensions, playback
// starts while the file arrives) and draws the alarm's detection box and its trail over it with the track helper
// (public/lib/track.js), at the place the track gives for the current time. A continuous segment (its codec is the
// camera's own, not the clips' baseline H.264), or a clip where MSE cannot take the codec, plays in the video
// element itself. `startAt` seeks into the recording once that part has arrived (the day timeline's moment).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadVideoLibs } from './publicLib.ts';
import { trackAt } from './trackAt.ts';
import type { VideoRecord } from './videoApi.ts';

/** H.264 constrained baseline as the server encodes it (server/media/ffmpeg.ts). */
const CLIP_CODEC = 'video/mp4; codecs="avc1.42C016"';

export type Playable = Pick<VideoRecord, 'id' | 'cameraName' | 'startTime' | 'endTime' | 'playUrl' | 'track' | 'width' | 'height' | 'kind'>;

/** Seeks to `seconds` as soon as the element has that moment buffered (or can seek to it). */
function seekWhenReady(video: HTMLVideoElement, seconds: number): () => void {
  const attempt = () => {
    const ranges = video.buffered;
    for (let i = 0; i < ranges.length; i++) {
      if (ranges.start(i) <= seconds && seconds <= ranges.end(i)) {
        video.currentTime = seconds;
        stop();
        return;
      }
    }
    if (video.seekable.length > 0 && video.seekable.end(video.seekable.length - 1) >= seconds && !video.src.startsWith('blob:')) {
      video.currentTime = seconds;
      stop();
    }
  };
  const events = ['progress', 'loadedmetadata', 'canplay'] as const;
  const stop = () => {
    for (const e of events) video.removeEventListener(e, attempt);
  };
  for (const e of events) video.addEventListener(e, attempt);
  attempt();
  return stop;
}

export function ClipPlayer({ record, startAt = 0 }: { record: Playable; startAt?: number }) {
  const { t } = useTranslation('video');
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const v = video.current;
    const c = canvas.current;
    if (!v || !c) return;
    let stopped = false;
    let frame = 0;
    let stopPlayer = () => {};
    const stopSeek = startAt > 0 ? seekWhenReady(v, startAt) : () => {};
    const plain = () => {
      v.src = record.playUrl;
      v.play().catch(() => {});
    };
    if (record.kind === 'continuous') {
      plain();
    } else {
      loadVideoLibs().then(
        ({ ArgusFmp4Player, ArgusTrack }) => {
          if (stopped) return;
          if (ArgusFmp4Player.isSupported(CLIP_CODEC)) {
            const player = new ArgusFmp4Player(v, { mimeCodec: CLIP_CODEC, onError: () => setFailed(true) });
            stopPlayer = () => player.stop();
            void player.play(record.playUrl);
          } else {
            plain();
          }
          const tracks = ArgusTrack.create(c, { trail: 40 });
          let shownAt = -1;
          const draw = () => {
            const width = record.width ?? v.videoWidth;
            const height = record.height ?? v.videoHeight;
            const box = width && height ? trackAt(record.track, v.currentTime) : null;
            if (box && v.currentTime !== shownAt) {
              shownAt = v.currentTime;
              tracks.update([{ id: record.id, box: [box.x / width, box.y / height, box.w / width, box.h / height], color: '#ffd400' }]);
            }
            frame = requestAnimationFrame(draw);
          };
          frame = requestAnimationFrame(draw);
        },
        () => {
          // Without the helpers the file still plays; only the box is not drawn.
          if (!stopped) plain();
        },
      );
    }
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stopSeek();
      stopPlayer();
    };
  }, [record, startAt]);

  return (
    <figure className="video-player">
      <div className="video-stage">
        <video ref={video} controls muted playsInline onError={() => setFailed(true)} aria-label={t('player.label', { camera: record.cameraName, time: record.startTime })} />
        <canvas ref={canvas} className="video-overlay" />
      </div>
      <figcaption>
        {record.cameraName} · {record.startTime} – {record.endTime}
        {record.kind === 'continuous' ? <span className="video-muted"> · {t('player.continuous')}</span> : null}
        {record.track.length > 0 ? <span className="video-muted"> · {t('player.track')}</span> : null}
      </figcaption>
      {failed ? (
        <p role="alert" className="video-problem">
          {t('player.failed')}
        </p>
      ) : null}
    </figure>
  );
}
