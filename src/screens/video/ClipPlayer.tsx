// Plays one recording (fragmented MP4 from the server's files; Chrome plays it progressively in a video element)
// with the alarm's detection box drawn over it where the track puts it at the current time, redrawn each frame.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackAt } from './trackAt.ts';
import type { VideoRecord } from './videoApi.ts';

export function ClipPlayer({ record }: { record: VideoRecord }) {
  const { t } = useTranslation('video');
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setFailed(false);
    const v = video.current;
    const c = canvas.current;
    if (!v || !c) return;
    let frame = 0;
    const draw = () => {
      const ctx = c.getContext('2d');
      if (ctx) {
        const width = record.width ?? v.videoWidth;
        const height = record.height ?? v.videoHeight;
        c.width = width || 640;
        c.height = height || 360;
        ctx.clearRect(0, 0, c.width, c.height);
        const box = trackAt(record.track, v.currentTime);
        if (box) {
          ctx.strokeStyle = '#ffd400';
          ctx.lineWidth = Math.max(2, c.width / 240);
          ctx.strokeRect(box.x, box.y, box.w, box.h);
        }
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [record]);

  return (
    <figure className="video-player">
      <div className="video-stage">
        <video ref={video} src={record.playUrl} controls autoPlay muted playsInline onError={() => setFailed(true)} aria-label={t('player.label', { camera: record.cameraName, time: record.startTime })} />
        <canvas ref={canvas} className="video-overlay" />
      </div>
      <figcaption>
        {record.cameraName} · {record.startTime} – {record.endTime}
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
