// The duplicate groups of the health check shown as images before "keep one of each" deletes any: each group's
// thumbnails side by side, the first marked as the one kept and the others as to be removed.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { listSamples, type TrainHealth } from './trainingApi.ts';
import './wizard.css';

const SHOWN_GROUPS = 12;

export function DuplicateGroups({ algorithmId, groups, label }: { algorithmId: number; groups: TrainHealth['nearDuplicates']; label: string }) {
  const { t } = useTranslation('training');
  const key = groups.map((g) => g.sampleIds.join(',')).join(';');
  const page = useLoaded((signal) => listSamples(algorithmId, null, signal), null, `${algorithmId}:${key}`);
  const byId = useMemo(() => new Map((page.data?.list ?? []).map((s) => [s.id, s])), [page.data]);
  if (groups.length === 0) return null;
  return (
    <ul className="train-dup-groups" aria-label={label}>
      {groups.slice(0, SHOWN_GROUPS).map((group, index) => (
        <li key={group.sampleIds.join(',')} aria-label={t('health.groupOf', { index: index + 1, count: group.sampleIds.length })}>
          {group.sampleIds.map((id, at) => {
            const sample = byId.get(id);
            const role = at === 0 ? t('health.kept') : t('health.removed');
            return (
              <figure key={id} className={at === 0 ? 'is-kept' : 'is-removed'}>
                {sample ? <img src={sample.thumbUrl} alt={`${sample.fileName} (${role})`} width={72} height={72} loading="lazy" /> : <span className="train-dup-missing">#{id}</span>}
                <figcaption>{role}</figcaption>
              </figure>
            );
          })}
        </li>
      ))}
      {groups.length > SHOWN_GROUPS ? <li>{t('health.moreGroups', { count: groups.length - SHOWN_GROUPS })}</li> : null}
    </ul>
  );
}
