// The wizard of one algorithm: the steps (the reachable ones can be opened), under them the step bar (where the
// operator is, what comes next, and the step's primary action, always in that place: StepAction.tsx), the rule a
// step refused or the server's message, and the step's panel.
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Steps from 'rsuite/Steps';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Steps/styles/index.css';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { canReach, WIZARD_STEPS, type WizardStep } from '../../machines/training.machine.ts';
import { HealthPanel } from './HealthPanel.tsx';
import { RefusalText } from './RefusalText.tsx';
import { SamplesGrid } from './SamplesGrid.tsx';
import { StepBarContext } from './StepAction.tsx';
import { findAlgorithm, type TrainReport, type ValidationResult } from './trainingApi.ts';
import { type ProgressRef, TrainingProgressPanel } from './TrainingProgressPanel.tsx';
import { useTrainingWizard } from './useTrainingWizard.ts';
import { WizardRetrainLine } from './WizardRetrainLine.tsx';
import './wizard.css';

// The steps whose panels carry heavy parts (the upload field, the report's chart and slider, validation) load with
// their step.
const UploadPanel = lazy(() => import('./UploadPanel.tsx').then((module) => ({ default: module.UploadPanel })));
const ReportPanel = lazy(() => import('./ReportPanel.tsx').then((module) => ({ default: module.ReportPanel })));
const ValidatePanel = lazy(() => import('./ValidatePanel.tsx').then((module) => ({ default: module.ValidatePanel })));

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
  const [bar, setBar] = useState<HTMLElement | null>(null);
  const barContext = useMemo(() => ({ bar }), [bar]);

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
      <StepBar step={step} barRef={setBar} />
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
      <StepBarContext.Provider value={barContext}>
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
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
        </Suspense>
      </StepBarContext.Provider>
    </div>
  );
}

/** Where the operator is, what comes next, and (filled by the step's panel) the step's primary action. */
function StepBar({ step, barRef }: { step: WizardStep | null; barRef(element: HTMLElement | null): void }) {
  const { t } = useTranslation('training');
  const index = step ? WIZARD_STEPS.indexOf(step) : 0;
  const next = WIZARD_STEPS[index + 1];
  return (
    <div className="train-step-bar" data-testid="step-bar">
      <p className="train-step-where" aria-live="polite">
        <strong>{t('steps.where', { n: index + 1, total: WIZARD_STEPS.length, step: t(`steps.${WIZARD_STEPS[index]}`) })}</strong>
        {next ? <span className="train-muted">{t('steps.next', { step: t(`steps.${next}`) })}</span> : null}
      </p>
      <div className="train-step-actions" ref={barRef} />
    </div>
  );
}
