// Health check before training (POST /warehouse/samples/health): class counts and balance, image sizes, exact and
// near duplicates and images smaller than the extractor's input — with one-click fixes (keep one of each duplicate
// group, show the unclassified ones) — then the augmentation and Train, which the §5 rules may refuse.
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import type { SampleCounts } from '../../domain/trainingRules.ts';
import type { TrainingEvent } from '../../machines/training.machine.ts';
import { AugmentationControls } from './AugmentationControls.tsx';
import { DuplicateGroups } from './DuplicateGroups.tsx';
import { getHealth, type TrainAugmentation, type TrainHealth } from './trainingApi.ts';
import { StepAction } from './StepAction.tsx';
import './wizard.css';

interface Props {
  algorithmId: number;
  counts: SampleCounts;
  busy: boolean;
  send: (event: TrainingEvent) => void;
  augmentation: Required<TrainAugmentation>;
  onAugmentation(next: Required<TrainAugmentation>): void;
}

/** Every sample of each group but its first. */
const extras = (groups: TrainHealth['exactDuplicates']) => groups.flatMap((g) => g.sampleIds.slice(1));

export function HealthPanel({ algorithmId, counts, busy, send, augmentation, onAugmentation }: Props) {
  const { t } = useTranslation('training');
  const { confirm, dialog } = useConfirm();
  const health = useLoaded<TrainHealth | null>((signal) => getHealth(algorithmId, signal), null, JSON.stringify(counts));
  const h = health.data;
  const removeDuplicates = (kind: 'exact' | 'near', ids: number[]) =>
    confirm({
      title: t('health.removeTitle'),
      message: t(`health.removeMessage.${kind}`, { count: ids.length }),
      confirmLabel: t('health.remove'),
      action: async () => send({ type: 'DELETE', ids }),
    });
  return (
    <div className="train-health">
      {health.status === 'loading' && !h ? <p role="status">{t('health.checking')}</p> : null}
      {health.status === 'error' ? (
        <p role="alert" className="train-problem">
          {t('loadFailed', { error: health.error })}{' '}
          <Button appearance="link" onClick={health.reload}>
            {t('retry')}
          </Button>
        </p>
      ) : null}
      {h ? (
        <dl className="train-health-list">
          <dt>{t('health.classes')}</dt>
          <dd>
            {t('counts.summary', h.counts)}{' '}
            {h.balance === null ? t('health.oneClassEmpty') : t('health.balance', { percent: Math.round(h.balance * 100) })}
            {h.counts.unclassified > 0 ? (
              <Button appearance="link" onClick={() => send({ type: 'GOTO', step: 'classify' })}>
                {t('health.showUnclassified')}
              </Button>
            ) : null}
          </dd>
          <dt>{t('health.sizes')}</dt>
          <dd>{t('health.sizeStats', { wMin: h.width.min, wMax: h.width.max, wMean: Math.round(h.width.mean), hMin: h.height.min, hMax: h.height.max, hMean: Math.round(h.height.mean) })}</dd>
          <dt>{t('health.exact')}</dt>
          <dd>
            {t('health.groups', { count: h.exactDuplicates.length })}
            {h.exactDuplicates.length > 0 ? (
              <Button appearance="link" disabled={busy} onClick={() => removeDuplicates('exact', extras(h.exactDuplicates))}>
                {t('health.keepOne')}
              </Button>
            ) : null}
            <DuplicateGroups algorithmId={algorithmId} groups={h.exactDuplicates} label={t('health.exact')} />
          </dd>
          <dt>{t('health.near')}</dt>
          <dd>
            {t('health.groups', { count: h.nearDuplicates.length })}
            {h.nearDuplicates.length > 0 ? (
              <Button appearance="link" disabled={busy} onClick={() => removeDuplicates('near', extras(h.nearDuplicates))}>
                {t('health.keepOne')}
              </Button>
            ) : null}
            <DuplicateGroups algorithmId={algorithmId} groups={h.nearDuplicates} label={t('health.near')} />
          </dd>
          <dt>{t('health.small')}</dt>
          <dd>{t('health.smallCount', { count: h.tooSmall.length, minSide: h.minSide })}</dd>
        </dl>
      ) : null}
      {/* Train is offered once the check is shown (or failed to load): before, the results arriving above it moved
          it down under the pointer, and a click made just then was lost. */}
      <AugmentationControls value={augmentation} onChange={onAugmentation} disabled={busy} />
      <StepAction>
        <Button appearance="primary" disabled={busy || (health.status === 'loading' && !h)} onClick={() => send({ type: 'TRAIN' })}>
          {t('health.train')}
        </Button>
      </StepAction>
      {dialog}
    </div>
  );
}
