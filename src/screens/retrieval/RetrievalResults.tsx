// The hits as cards: the snapshot (loaded with the token, the target's box outlined), the similarity when the search
// was by image, the camera, the capture time and a link to the alarm.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAlarmImage } from '../alarms/useAlarmImage.ts';
import type { RetrievalHit } from './retrievalApi.ts';

function HitSnapshot({ hit }: { hit: RetrievalHit }) {
  const { t } = useTranslation('alarms');
  const image = useAlarmImage(hit.id);
  if (image.status === 'loading') return <p className="retrieval-snapshot-state">{t('snapshot.loading')}</p>;
  if (image.status === 'error') return <p className="retrieval-snapshot-state">{t('snapshot.missing')}</p>;
  return <img src={image.url} alt={t('retrieval.snapshotOf', { camera: hit.cameraName, time: hit.captureTime })} />;
}

export function RetrievalResults({ hits }: { hits: readonly RetrievalHit[] }) {
  const { t } = useTranslation('alarms');
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
