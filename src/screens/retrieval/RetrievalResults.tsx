// The hits as cards: the snapshot (loaded with the token) with the object that matched outlined — for an image search
// the alarm's object that was most like the query (its own box, or another object the detector found on the
// snapshot), otherwise the alarm's own box — the similarity and what matched, the camera, the capture time and a
// link to the alarm.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DETECTOR_CLASS_ZH, type DetectorClass } from '../../domain/recognitionPrompts.ts';
import { useAlarmImage } from '../alarms/useAlarmImage.ts';
import type { RetrievalHit } from './retrievalApi.ts';

/** The outlined box as percentages of the picture (its natural size is known once it has loaded). */
function outline(box: readonly number[], size: { width: number; height: number }) {
  const [x1, y1, x2, y2] = box as [number, number, number, number];
  const pct = (v: number, of: number) => `${Math.max(0, Math.min(100, (v / of) * 100))}%`;
  return { left: pct(x1, size.width), top: pct(y1, size.height), width: pct(x2 - x1, size.width), height: pct(y2 - y1, size.height) };
}

function HitSnapshot({ hit }: { hit: RetrievalHit }) {
  const { t } = useTranslation('alarms');
  const image = useAlarmImage(hit.id);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  if (image.status === 'loading') return <p className="retrieval-snapshot-state">{t('snapshot.loading')}</p>;
  if (image.status === 'error') return <p className="retrieval-snapshot-state">{t('snapshot.missing')}</p>;
  const box = hit.match?.box ?? hit.box;
  return (
    <div className="retrieval-snapshot">
      <img
        src={image.url}
        alt={t('retrieval.snapshotOf', { camera: hit.cameraName, time: hit.captureTime })}
        onLoad={(e) => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
      />
      {size ? <span className={hit.match ? 'retrieval-outline matched' : 'retrieval-outline'} data-testid="retrieval-outline" style={outline(box, size)} /> : null}
    </div>
  );
}

export function RetrievalResults({ hits }: { hits: readonly RetrievalHit[] }) {
  const { t, i18n } = useTranslation('alarms');
  const className = (label: string) => (i18n.language === 'en' ? label : (DETECTOR_CLASS_ZH[label as DetectorClass] ?? label));
  return (
    <ul className="retrieval-cards" aria-label={t('retrieval.results')}>
      {hits.map((hit) => (
        <li key={hit.id} className="retrieval-card" data-alarm-id={hit.id}>
          <HitSnapshot hit={hit} />
          <dl>
            {hit.similarity !== null ? (
              <>
                <dt>{t('retrieval.similarity')}</dt>
                <dd className="retrieval-score">{(hit.similarity * 100).toFixed(1)}%</dd>
              </>
            ) : null}
            {hit.match ? (
              <>
                <dt>{t('retrieval.matched')}</dt>
                <dd className="retrieval-matched">{hit.match.own || !hit.match.label ? t('retrieval.matchedOwn') : t('retrieval.matchedObject', { label: className(hit.match.label) })}</dd>
              </>
            ) : null}
            <dt>{t('retrieval.camera')}</dt>
            <dd>{hit.cameraName}</dd>
            <dt>{t('retrieval.time')}</dt>
            <dd>{hit.captureTime}</dd>
          </dl>
          <Link to={`/historyEvent?alarm=${hit.id}`}>{t('retrieval.openAlarm', { id: hit.id })}</Link>
        </li>
      ))}
    </ul>
  );
}
