// The wizard of one algorithm: the steps (the reachable ones can be opened), the rule a step refused or the
// server's message, and the step's panel.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Steps from 'rsuite/Steps';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Steps/styles/index.css';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { canReach, WIZARD_STEPS } from '../../machines/training.machine.ts';
import { HealthPanel } from './HealthPanel.tsx';
import { ReportPanel } from './ReportPanel.tsx';
import { RefusalText } from './RefusalText.tsx';
import { SamplesGrid } from './SamplesGrid.tsx';
import { findAlgorithm, type TrainReport, type ValidationResult } from './trainingApi.ts';
import { type ProgressRef, TrainingProgressPanel } from './TrainingProgressPanel.tsx';
import { UploadPanel } from './UploadPanel.tsx';
import { useTrainingWizard } from './useTrainingWizard.ts';
import { WizardRetrainLine } from './WizardRetrainLine.tsx';
import { ValidatePanel } from './ValidatePanel.tsx';

export function TrainingWizard({ algorithmId }: { algorithmId: number }) {
  const { t } = useTranslation('training');
  const texts = useMemo(() => ({ cancelled: t('upload.cancelled') }), [t]);
  const { snapshot, send, step, progress, cancelUpload, augmentation, setAugmentation } = useTrainingWizard(algorithmId, texts);
  const { context } = snapshot;
  const busy = !snapshot.matches('steps');
  const progressRef = snapshot.children.trainProgress as ProgressRef | undefined;
  const counts = context.counts;
  // The algorithm's name, said above the steps and on the upload step (the operator sees what is being trained).
  const algorithm = useLoaded(() => findAlgorithm(algorithmId), null, algorithmId);
  const name = algorithm.data?.name ?? null;

  if (snapshot.matches('loading')) return <p role="status">{t('loading')}</p>;
  if (snapshot.matches('loadFailed')) {
    return (
      <p role="alert" className="train-problem">
        {t('loadFailed', { error: context.error })}{' '}
        <Button appearance="link" onClick={() => send({ type: 'RETRY' })}>
          {t('retry')}
        </Button>
      </p>
    );
  }
  return (
    <div className="train-wizard">
      {name ? <h2 className="train-wizard-of">{t('wizardOf', { name })}</h2> : null}
      <nav aria-label={t('steps.label')} className="train-steps">
        <Steps current={step ? WIZARD_STEPS.indexOf(step) : 0} small>
          {WIZARD_STEPS.map((s) => {
            const current = s === step;
            const reachable = s !== 'train' && canReach(s, context) && !busy;
            return (
              <Steps.Item
                key={s}
                title={
                  <button type="button" aria-current={current ? 'step' : undefined} disabled={!reachable || current} onClick={() => send({ type: 'GOTO', step: s })}>
                    {t(`steps.${s}`)}
                  </button>
                }
              />
            );
          })}
        </Steps>
      </nav>
      <p className="train-counts" aria-live="polite">
        {t('counts.summary', { total: counts.total, positive: counts.positive, negative: counts.negative, unclassified: counts.unclassified })}
      </p>
      {context.refusal ? (
        <div role="alert" className="train-problem">
          <RefusalText refusal={context.refusal} />{' '}
          <Button appearance="link" onClick={() => send({ type: 'DISMISS' })}>
            {t('dismiss')}
          </Button>
        </div>
      ) : null}
      {context.error && !snapshot.matches('loadFailed') ? (
        <div role="alert" className="train-problem">
          {/* A cancelled upload is the operator's doing, not the server's refusal. */}
          {context.error === texts.cancelled ? texts.cancelled : t('serverSaid', { error: context.error })}{' '}
          <Button appearance="link" onClick={() => send({ type: 'DISMISS' })}>
            {t('dismiss')}
          </Button>
        </div>
      ) : null}
      {step === 'upload' ? <UploadPanel algorithmName={name} counts={counts} busy={busy} send={send} progress={progress} onCancel={cancelUpload} /> : null}
      {step === 'classify' ? <SamplesGrid algorithmId={algorithmId} counts={counts} busy={busy} send={send} /> : null}
      {step === 'health' ? <HealthPanel algorithmId={algorithmId} counts={counts} busy={busy} send={send} augmentation={augmentation} onAugmentation={setAugmentation} /> : null}
      {step === 'train' ? (
        <TrainingProgressPanel
          progressRef={progressRef}
          running={snapshot.matches('trainingRunning') || snapshot.matches('startingTraining')}
          cancelling={snapshot.matches('cancellingTraining')}
          failed={snapshot.matches({ steps: 'trainingFailed' })}
          send={send}
        />
      ) : null}
      {step === 'evaluate' || step === 'validate' || step === 'publish' ? <WizardRetrainLine algorithmId={algorithmId} published={context.published} /> : null}
      {step === 'evaluate' && context.report ? (
        <ReportPanel
          algorithmId={algorithmId}
          report={context.report as TrainReport}
          send={send}
          initialThreshold={context.pendingThreshold ?? context.savedThreshold ?? undefined}
        />
      ) : null}
      {step === 'validate' || step === 'publish' ? (
        <ValidatePanel
          algorithmId={algorithmId}
          modelId={context.modelId ?? 0}
          busy={busy}
          published={context.published}
          result={context.validation as ValidationResult | null}
          robustness={(context.report as TrainReport | null)?.robustness ?? null}
          send={send}
        />
      ) : null}
    </div>
  );
}
