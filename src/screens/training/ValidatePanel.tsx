// Validation on at most 10 images (spec §5, refused here before anything is sent), then publishing (confirmed; a
// version whose accuracy falls more than 10 points after what cameras do says so here and in the question).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import type { TrainingEvent } from '../../machines/training.machine.ts';
import type { ValidationResult } from './trainingApi.ts';
import { ValidationTable } from './ValidationTable.tsx';

interface Props {
  busy: boolean;
  result: ValidationResult | null;
  published: boolean;
  /** The trained version's robustness warning (report.robustness), null when it was not measured. */
  robustness: { warning: boolean; accuracyDrop: number } | null;
  send: (event: TrainingEvent) => void;
}

export function ValidatePanel({ busy, published, result, robustness, send }: Props) {
  const { t } = useTranslation('training');
  const [files, setFiles] = useState<File[]>([]);
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
      <p>{t('validate.help')}</p>
      <label>
        {t('validate.images')}{' '}
        <input
          type="file"
          multiple
          accept=".jpg,.jpeg,.png,.jfif,image/jpeg,image/png"
          data-testid="validate-input"
          disabled={busy}
          onChange={(event) => setFiles(event.target.files ? [...event.target.files] : [])}
        />
      </label>
      <Button appearance="primary" disabled={busy || files.length === 0} onClick={() => send({ type: 'VALIDATE', files })}>
        {t('validate.run', { count: files.length })}
      </Button>
      {busy ? <p role="status">{t('validate.running')}</p> : null}
      {result ? <ValidationTable result={result} /> : null}
      {!published && robustness?.warning ? (
        <p role="alert" className="train-problem" data-testid="publish-robust-warning">
          {t('validate.robustWarning', { points: (robustness.accuracyDrop * 100).toFixed(1) })}
        </p>
      ) : null}
      {published ? <p role="status">{t('validate.published')}</p> : (
        <Button disabled={busy} onClick={askPublish}>
          {t('validate.publish')}
        </Button>
      )}
      {dialog}
    </div>
  );
}
