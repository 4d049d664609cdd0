// Upload: a zip in the §5 layout, checked in a Web Worker first (progress, then a report per file), or up to 100
// images checked here (name, size, format by content). Only what passes every rule is sent; the upload shows its
// bytes sent and can be cancelled.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import type { UploadProgress } from '../../api/progressFetch.ts';
import { FileUploader, type PickedFile, pickEntry } from '../../components/upload/FileUploader.tsx';
import { fileProblems, type SampleCounts, type FileProblem } from '../../domain/trainingRules.ts';
import type { ZipReport } from '../../domain/trainingZip.ts';
import type { TrainingEvent } from '../../machines/training.machine.ts';
import { checkZipInWorker, type ZipCheckRun } from './zipCheckClient.ts';
import { ZipReportView } from './ZipReportView.tsx';
import { StepAction } from './StepAction.tsx';
import './wizard.css';

interface Props {
  /** The algorithm being trained, named at the top of the step (null while it loads). */
  algorithmName: string | null;
  counts: SampleCounts;
  busy: boolean;
  send: (event: TrainingEvent) => void;
  /** Bytes sent of the upload under way (null before the first report). */
  progress: UploadProgress | null;
  onCancel(): void;
}

const MB = 1024 * 1024;
const size = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

type ImageCheck = { name: string; problems: FileProblem[] };

async function checkImages(files: File[]): Promise<ImageCheck[]> {
  return Promise.all(
    files.map(async (file) => ({ name: file.name, problems: fileProblems(file.name, file.size, new Uint8Array(await file.slice(0, 16).arrayBuffer())) })),
  );
}

export function UploadPanel({ algorithmName, counts, busy, send, progress, onCancel }: Props) {
  const { t } = useTranslation('training');
  const [zip, setZip] = useState<{ file: File; done: number; total: number; report: ZipReport | null; error: string | null } | null>(null);
  const [images, setImages] = useState<{ files: File[]; checks: ImageCheck[]; entries: PickedFile[] } | null>(null);
  const [zipEntry, setZipEntry] = useState<PickedFile | null>(null);
  const run = useRef<ZipCheckRun | null>(null);
  useEffect(() => () => run.current?.cancel(), []);

  const pickZip = (file: File | undefined) => {
    run.current?.cancel();
    setImages(null);
    setZipEntry(file ? pickEntry(file) : null);
    if (!file) return setZip(null);
    setZip({ file, done: 0, total: 0, report: null, error: null });
    const current = checkZipInWorker(file, counts, (done, total) => setZip((z) => (z && z.file === file ? { ...z, done, total } : z)));
    run.current = current;
    current.result.then(
      (report) => setZip((z) => (z && z.file === file ? { ...z, report } : z)),
      (error: unknown) => {
        if (error instanceof Error && error.message === 'cancelled') return;
        setZip((z) => (z && z.file === file ? { ...z, error: error instanceof Error ? error.message : String(error) } : z));
      },
    );
  };

  const pickImages = async (files: File[]) => {
    run.current?.cancel();
    setZip(null);
    setZipEntry(null);
    if (!files.length) return setImages(null);
    const checks = await checkImages(files);
    const problemOf = (c: ImageCheck) => c.problems.map((p) => t(`problems.${p}`)).join(t('listSeparator'));
    const entries = files.map((file, i) => {
      const check = checks[i]!;
      return check.problems.length ? pickEntry(file, 'error', problemOf(check)) : pickEntry(file);
    });
    setImages({ files, checks, entries });
  };
  const removeImage = (key: string) => {
    const index = images?.entries.findIndex((e) => e.key === key) ?? -1;
    if (!images || index < 0) return;
    const files = images.files.filter((_, i) => i !== index);
    setImages(files.length ? { files, checks: images.checks.filter((_, i) => i !== index), entries: images.entries.filter((_, i) => i !== index) } : null);
  };

  const badImages = images?.checks.filter((c) => c.problems.length > 0) ?? [];
  return (
    <div className="train-upload">
      {algorithmName ? <h3>{t('upload.forAlgorithm', { name: algorithmName })}</h3> : null}
      <p>{t('upload.rules')}</p>
      <div className="train-upload-inputs">
        <div className="train-field">
          <label htmlFor="train-zip">{t('upload.zip')}</label>
          <FileUploader id="train-zip" accept=".zip,application/zip" disabled={busy} files={zipEntry ? [zipEntry] : []} onAdd={([file]) => pickZip(file)} onRemove={() => pickZip(undefined)} />
        </div>
        <div className="train-field">
          <label htmlFor="train-images">{t('upload.images')}</label>
          <FileUploader
            id="train-images"
            multiple
            images
            accept=".jpg,.jpeg,.png,.jfif,image/jpeg,image/png"
            disabled={busy}
            files={images?.entries ?? []}
            onAdd={(files) => void pickImages(files)}
            onRemove={removeImage}
          />
        </div>
      </div>
      {zip && !zip.report && !zip.error ? (
        <div>
          <label htmlFor="zip-progress">{t('upload.checking', { done: zip.done, total: zip.total })}</label>
          <progress id="zip-progress" max={zip.total || 1} value={zip.done} />
        </div>
      ) : null}
      {zip?.error ? <p role="alert" className="train-problem">{t('upload.checkFailed', { error: zip.error })}</p> : null}
      {zip?.report ? (
        <>
          <ZipReportView report={zip.report} />
          <StepAction>
            <Button
              appearance="primary"
              disabled={!zip.report.ok || busy}
              onClick={() => send({ type: 'UPLOAD', files: [zip.file], count: zip.report!.counts.positive + zip.report!.counts.negative })}
            >
              {t('upload.sendZip')}
            </Button>
          </StepAction>
        </>
      ) : null}
      {images ? (
        <div className="train-image-check">
          {badImages.length > 0 ? (
            <>
              <p role="alert" className="train-problem">{t('upload.imagesRefused', { count: badImages.length })}</p>
              <ul>
                {badImages.map((c) => (
                  <li key={c.name}>
                    {c.name}: {c.problems.map((p) => t(`problems.${p}`)).join(t('listSeparator'))}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('upload.imagesOk', { count: images.files.length })}</p>
          )}
          <StepAction>
            <Button appearance="primary" disabled={badImages.length > 0 || busy} onClick={() => send({ type: 'UPLOAD', files: images.files })}>
              {t('upload.sendImages', { count: images.files.length })}
            </Button>
          </StepAction>
        </div>
      ) : null}
      {busy ? (
        <div className="train-actions">
          <span role="status" data-testid="upload-progress">
            {progress && progress.total > 0
              ? t('upload.sendingBytes', { percent: Math.min(100, Math.floor((progress.loaded / progress.total) * 100)), sent: size(progress.loaded), total: size(progress.total) })
              : t('upload.sending')}
          </span>
          <progress aria-label={t('upload.sending')} max={progress?.total || undefined} value={progress?.total ? progress.loaded : undefined} />
          <Button size="sm" onClick={onCancel}>
            {t('upload.cancel')}
          </Button>
        </div>
      ) : null}
      {counts.total > 0 ? (
        <Button appearance="link" onClick={() => send({ type: 'NEXT' })} disabled={busy}>
          {t('upload.toClassify')}
        </Button>
      ) : null}
    </div>
  );
}
