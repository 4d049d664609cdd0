// Validation on at most 10 images (spec §5, refused here before anything is sent) and on a video, then publishing
// (confirmed; a version whose accuracy falls more than 10 points after what cameras do says so here and in the
// question), and once published the version's package or ONNX model to take away.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import type { PickedFile } from '../../components/upload/FileUploader.tsx';
import type { TrainingEvent } from '../../machines/training.machine.ts';
import type { ValidationResult } from './trainingApi.ts';
import { filesOf, ValidationImages } from './ValidationImages.tsx';
import { ValidationTable } from './ValidationTable.tsx';
import { VideoValidatePanel } from './VideoValidatePanel.tsx';
import { WizardExport } from './WizardExport.tsx';
import { StepAction } from './StepAction.tsx';

interface Props {
  algorithmId: number;
  /** The trained version's model, which validation scores with. */
  modelId: number;
  busy: boolean;
  result: ValidationResult | null;
  published: boolean;
  /** The trained version's robustness warning (report.robustness), null when it was not measured. */
  robustness: { warning: boolean; accuracyDrop: number } | null;
  send: (event: TrainingEvent) => void;
}

export function ValidatePanel({ algorithmId, modelId, busy, published, result, robustness, send }: Props) {
  const { t } = useTranslation('training');
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const files = filesOf(picked);
  const { confirm, dialog } = useConfirm();
  // The dialog only asks: the machine publishes, and shows the server's refusal (409 already published) itself.
  const askPublish = () =>
    confirm({
      title: t('validate.confirmPublishTitle'),
      message: robustness?.warning ? `${t('validate.confirmPublish')} ${t('validate.robustWarning', { points: (robustness.accuracyDrop * 100).toFixed(1) })}` : t('validate.confirmPublish'),
      confirmLabel: t('validate.publish'),
      action: async () => send({ type: 'PUBLISH' }),
    });
  return (
    <div className="train-validate">
      <h2 id="validate-images-title">{t('validate.title')}</h2>
      <p>{t('validate.help')}</p>
      <ValidationImages id="validate-files" picked={picked} onChange={setPicked} disabled={busy} />
      <Button appearance="primary" disabled={busy || files.length === 0} onClick={() => send({ type: 'VALIDATE', files })}>
        {t('validate.run', { count: files.length })}
      </Button>
      {busy ? <p role="status">{t('validate.running')}</p> : null}
      {result ? <ValidationTable result={result} /> : null}
      <VideoValidatePanel modelId={modelId} />
      {!published && robustness?.warning ? (
        <p role="alert" className="train-problem" data-testid="publish-robust-warning">
          {t('validate.robustWarning', { points: (robustness.accuracyDrop * 100).toFixed(1) })}
        </p>
      ) : null}
      {published ? (
        <>
          <p role="status">{t('validate.published')}</p>
          <WizardExport algorithmId={algorithmId} modelId={modelId} />
        </>
      ) : (
        <StepAction>
          <Button appearance="primary" disabled={busy} onClick={askPublish}>
            {t('validate.publish')}
          </Button>
        </StepAction>
      )}
      {dialog}
    </div>
  );
}
