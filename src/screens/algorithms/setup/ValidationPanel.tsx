// Validation on images (spec §5: at most 10 a time): dropped or chosen (thumbnails, each file's progress while they
// are sent); the detector runs on the server; each image comes back with its boxes drawn, the prompts it could not
// detect are listed with the reason, and moving the threshold re-filters the boxes and the event decision at once
// (the server answered every candidate down to 0.1).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Checkbox from 'rsuite/Checkbox';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Checkbox/styles/index.css';
import { FileUploader, type PickedFile, pickEntry } from '../../../components/upload/FileUploader.tsx';
import { type OrchestrationRule, ruleTriggered } from '../../../domain/orchestrationParam.ts';
import type { SetupEventValidation } from '../orchestrationApi.ts';
import { DetectionImage } from './DetectionImage.tsx';
import { ProblemLine } from '../../../components/dialog/ProblemLine.tsx';

const MAX_IMAGES = 10;

export interface ValidationPanelProps {
  result: SetupEventValidation | null;
  /** The files the result belongs to. */
  resultFiles: File[];
  threshold: number;
  rule: OrchestrationRule;
  busy: boolean;
  disabled: boolean;
  /** Each chosen file's percent sent, while a validation's upload runs. */
  sending?: readonly number[] | null;
  onValidate(files: File[]): void;
}

export function ValidationPanel({ result, resultFiles, threshold, rule, busy, disabled, sending, onValidate }: ValidationPanelProps) {
  const { t } = useTranslation('algorithms');
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const files = picked.flatMap((entry) => (entry.file ? [entry.file] : []));
  const shown: PickedFile[] = sending ? picked.map((entry, i) => ({ ...entry, status: 'uploading', progress: sending[i] ?? 0 })) : picked;
  const [problem, setProblem] = useState<string | null>(null);
  const [showBelow, setShowBelow] = useState(false);
  const supported = result?.prompts.filter((p) => p.supported).map((p) => p.prompt) ?? [];
  const unsupported = result?.prompts.filter((p) => !p.supported) ?? [];

  return (
    <section className="orch-validation" aria-labelledby="orch-validation-title">
      <h2 id="orch-validation-title">{t('validate.title')}</h2>
      <div className="orch-validation-pick">
        <label htmlFor="orch-validation-files">{t('validate.pick', { max: MAX_IMAGES })}</label>
        <FileUploader
          id="orch-validation-files"
          accept="image/jpeg,image/png,image/webp,image/gif"
          multiple
          images
          files={shown}
          disabled={busy || disabled}
          hint={t('validate.pickHint', { max: MAX_IMAGES })}
          invalid={Boolean(problem)}
          onAdd={(chosen) => {
            if (picked.length + chosen.length > MAX_IMAGES) {
              setProblem(t('validate.tooMany', { max: MAX_IMAGES }));
              return;
            }
            setProblem(null);
            setPicked((current) => [...current, ...chosen.map((file) => pickEntry(file))]);
          }}
          onRemove={(key) => {
            setProblem(null);
            setPicked((current) => current.filter((entry) => entry.key !== key));
          }}
        />
        <Button appearance="primary" disabled={busy || disabled || files.length === 0} onClick={() => onValidate(files)}>
          {busy ? t('validate.running') : t('validate.run', { count: files.length })}
        </Button>
      </div>
      <ProblemLine failure={problem} className="orch-problem" />
      {result ? (
        <div className="orch-results" aria-live="polite">
          <p className="orch-muted">
            {t('validate.detector', { name: result.detector.name, classes: result.detector.classCount })}{' '}
            {t(result.draftValidated ? 'validate.draftValidated' : 'validate.trialOnly')}
          </p>
          {unsupported.length ? (
            <div className="orch-unsupported" role="status">
              <strong>{t('validate.unsupportedTitle')}</strong>
              <ul>
                {unsupported.map((p) => (
                  <li key={p.prompt} data-unsupported={p.prompt}>
                    {t('validate.unsupportedItem', { prompt: p.prompt, reason: t(`prompts.reason.${p.reason ?? 'notInVocabulary'}`) })}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <Checkbox className="orch-toggle" checked={showBelow} onChange={(_, checked) => setShowBelow(checked)}>
            {t('validate.showBelow')}
          </Checkbox>
          {result.images.map((image) => {
            const file = resultFiles[image.index];
            const triggered = ruleTriggered(rule, supported, image.detections, threshold);
            const kept = image.detections.filter((d) => d.score >= threshold).length;
            return (
              <article key={image.index} className="orch-image" data-testid="validation-image">
                <header>
                  <strong>{image.fileName}</strong> {image.width}×{image.height} · {t('validate.cost', { ms: image.costMs })} ·{' '}
                  {t('validate.boxes', { kept, total: image.detections.length })} ·{' '}
                  <span className={triggered ? 'orch-alarm' : 'orch-muted'} data-triggered={triggered}>
                    {t(triggered ? 'validate.triggered' : 'validate.notTriggered')}
                  </span>
                </header>
                {file ? (
                  <DetectionImage file={file} detections={image.detections} threshold={threshold} showBelow={showBelow} prompts={supported} label={image.fileName} />
                ) : null}
              </article>
            );
          })}
        </div>
      ) : (
        <p className="orch-muted">{t('validate.none')}</p>
      )}
    </section>
  );
}
