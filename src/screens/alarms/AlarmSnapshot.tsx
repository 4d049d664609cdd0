// An alarm's snapshot on a canvas with the detection box drawn over it (and the type name beside the box).
// Loading, missing (§8 "no snapshot obtained") and retry states in place.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WarnEvent } from './alarmsApi.ts';
import { useTypeName } from './alarmText.ts';
import { drawDetection } from './snapshotDrawing.ts';
import { useAlarmImage } from './useAlarmImage.ts';

type SnapshotAlarm = Pick<WarnEvent, 'id' | 'box' | 'imageWidth' | 'imageHeight' | 'eventType' | 'cameraName' | 'alarmTime'>;

export function AlarmSnapshot({ alarm, compact = false }: { alarm: SnapshotAlarm; compact?: boolean }) {
  const { t } = useTranslation('alarms');
  const typeName = useTypeName();
  const [attempt, setAttempt] = useState(0);
  const image = useAlarmImage(alarm.id, attempt);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const label = typeName(alarm.eventType);

  useEffect(() => {
    setDrawn(false);
    if (image.status !== 'ready') return;
    const element = new Image();
    let cancelled = false;
    element.onload = () => {
      const canvas = canvasRef.current;
      const context = canvas?.getContext('2d');
      if (cancelled || !canvas || !context) return;
      const natural = { width: element.naturalWidth, height: element.naturalHeight };
      canvas.width = natural.width;
      canvas.height = natural.height;
      drawDetection(context, element, natural, alarm.box, { width: alarm.imageWidth, height: alarm.imageHeight }, label);
      setDrawn(true);
    };
    element.src = image.url;
    return () => {
      cancelled = true;
      element.onload = null;
    };
  }, [image, alarm.box, alarm.imageWidth, alarm.imageHeight, label]);

  const description = t('snapshot.description', { type: label, camera: alarm.cameraName, time: alarm.alarmTime });
  return (
    <figure className={`alarm-snapshot${compact ? ' compact' : ''}`} style={{ aspectRatio: `${alarm.imageWidth} / ${alarm.imageHeight}` }}>
      <canvas ref={canvasRef} role="img" aria-label={description} data-drawn={drawn} hidden={image.status !== 'ready'} />
      {image.status === 'loading' ? <p className="alarm-snapshot-state">{t('snapshot.loading')}</p> : null}
      {image.status === 'error' ? (
        <div className="alarm-snapshot-state" role="alert">
          <p>{t('snapshot.missing')}</p>
          <button type="button" className="alarm-link-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('actions.retry')}
          </button>
        </div>
      ) : null}
    </figure>
  );
}
