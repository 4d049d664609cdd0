// The forms of confirm, deal, check and again (§7 PUT confirm/deal/check/again): a confirmation with an optional
// remark, what was done (with evidence images, dropped or chosen, each sent with its progress shown before the
// deal), whether the dealing was qualified (a reason when not), why it is sent back. The dialog stays open while
// the calls run and shows a failure in place (an image already sent is not sent again); the caller closes it when
// the machine has settled.
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Input from 'rsuite/Input';
import Radio from 'rsuite/Radio';
import RadioGroup from 'rsuite/RadioGroup';
import 'rsuite/Input/styles/index.css';
import 'rsuite/Radio/styles/index.css';
import 'rsuite/RadioGroup/styles/index.css';
import { percentSent, type UploadWatch } from '../../api/progressFetch.ts';
import { ActionDialog } from '../../components/dialog/ActionDialog.tsx';
import { FileUploader, type PickedFile, pickEntry } from '../../components/upload/FileUploader.tsx';
import { type EvidenceProblem, evidenceProblem, MAX_EVIDENCE_IMAGES, REMARK_MAX } from './handleRules.ts';

export type HandleKind = 'confirm' | 'deal' | 'check' | 'again';

export interface HandleValues {
  result: string;
  checkResult: 1 | 2;
  remark: string;
}

interface Props {
  kind: HandleKind | null;
  busy: boolean;
  failure: string | null;
  /** What the form is about (confirm: which alarm). */
  intro?: string;
  /** Evidence images already attached to the alarm (at most 10 in all). */
  existingImages: number;
  /** Sends one evidence image (deal only), before the deal itself. */
  uploadImage(file: File, watch: UploadWatch): Promise<void>;
  onSubmit(values: HandleValues): void;
  onClose(): void;
}

const EMPTY: HandleValues = { result: '', checkResult: 1, remark: '' };

export function HandleDialog({ kind, busy, failure, intro, existingImages, uploadImage, onSubmit, onClose }: Props) {
  const { t } = useTranslation('alarms');
  const [values, setValues] = useState<HandleValues>(EMPTY);
  const [images, setImages] = useState<PickedFile[]>([]);
  const [sending, setSending] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<'result' | 'remark' | 'images', string>>>({});
  useEffect(() => {
    if (kind) {
      setValues(EMPTY);
      setImages([]);
      setProblems({});
    }
  }, [kind]);
  const working = busy || sending;
  const update = (key: string, patch: Partial<PickedFile>) => setImages((current) => current.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));

  /** Sends the images not sent yet, one at a time; false when one failed (it says why, in its row). */
  const sendImages = async (): Promise<boolean> => {
    for (const entry of images) {
      if (entry.status === 'done' || !entry.file) continue;
      update(entry.key, { status: 'uploading', progress: 0, problem: undefined });
      try {
        await uploadImage(entry.file, { onProgress: (progress) => update(entry.key, { progress: percentSent(progress) }) });
        update(entry.key, { status: 'done', progress: 100 });
      } catch (error) {
        update(entry.key, { status: 'error', problem: error instanceof Error ? error.message : String(error) });
        return false;
      }
    }
    return true;
  };

  const imageProblemText = (problem: EvidenceProblem) =>
    problem === 'type' ? t('validation.imageType') : problem === 'size' ? t('validation.imageSize', { maxMb: 5 }) : t('validation.imageCount', { max: MAX_EVIDENCE_IMAGES });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (working) return;
    const found: typeof problems = {};
    if (kind === 'deal' && !values.result.trim()) found.result = t('validation.required');
    if (values.result.length > REMARK_MAX) found.result = t('validation.maxLength', { max: REMARK_MAX });
    if (kind === 'again' && !values.remark.trim()) found.remark = t('validation.required');
    if (kind === 'check' && values.checkResult === 2 && !values.remark.trim()) found.remark = t('check.remarkRequired');
    if (values.remark.length > REMARK_MAX) found.remark = t('validation.maxLength', { max: REMARK_MAX });
    const files = images.flatMap((entry) => (entry.file ? [entry.file] : []));
    const imageProblem = kind === 'deal' ? evidenceProblem(files, existingImages) : null;
    if (imageProblem) found.images = imageProblemText(imageProblem);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (kind === 'deal' && images.length > 0) {
      setSending(true);
      const sent = await sendImages();
      setSending(false);
      if (!sent) return;
    }
    onSubmit(values);
  };

  const remarkLabel = kind === 'again' ? t('again.reason') : kind === 'check' ? t('check.remark') : kind === 'confirm' ? t('confirm.remark') : t('deal.remark');
  const remarkRequired = kind === 'again' || (kind === 'check' && values.checkResult === 2);
  return (
    <ActionDialog
      open={kind !== null}
      titleId="handle-title"
      title={kind ? t(`${kind}.title`) : ''}
      bodyClassName="alarm-form"
      busy={working}
      failure={failure}
      failureClassName="alarm-problem"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      action={{ label: kind === 'confirm' ? t('actions.confirm') : t('actions.submit') }}
    >
      {intro ? <p className="alarm-form-intro">{intro}</p> : null}
      {kind === 'deal' ? (
        <div className="alarm-field">
          <label htmlFor="handle-result">
            {t('deal.result')} <span className="alarm-required">*</span>
          </label>
          <Input id="handle-result" as="textarea" rows={3} value={values.result} onChange={(result) => setValues({ ...values, result })} aria-invalid={Boolean(problems.result)} />
          {problems.result ? <p className="alarm-problem" role="alert">{problems.result}</p> : null}
        </div>
      ) : null}
      {kind === 'check' ? (
        <fieldset className="alarm-field">
          <legend>{t('check.result')}</legend>
          <RadioGroup inline name="check-result" value={values.checkResult} onChange={(value) => setValues({ ...values, checkResult: value === 2 ? 2 : 1 })}>
            <Radio value={1}>{t('check.qualified')}</Radio>
            <Radio value={2}>{t('check.unqualified')}</Radio>
          </RadioGroup>
        </fieldset>
      ) : null}
      <div className="alarm-field">
        <label htmlFor="handle-remark">
          {remarkLabel} {remarkRequired ? <span className="alarm-required">*</span> : null}
        </label>
        <Input id="handle-remark" as="textarea" rows={3} value={values.remark} onChange={(remark) => setValues({ ...values, remark })} aria-invalid={Boolean(problems.remark)} />
        {problems.remark ? <p className="alarm-problem" role="alert">{problems.remark}</p> : null}
      </div>
      {kind === 'deal' ? (
        <div className="alarm-field">
          <label htmlFor="handle-images">{t('deal.images')}</label>
          <FileUploader
            id="handle-images"
            accept="image/jpeg,image/png"
            multiple
            images
            files={images}
            disabled={working}
            onAdd={(files) => setImages((current) => [...current, ...files.map((file) => pickEntry(file))])}
            onRemove={(key) => setImages((current) => current.filter((entry) => entry.key !== key))}
            hint={t('deal.imagesHint', { max: MAX_EVIDENCE_IMAGES - existingImages, maxMb: 5 })}
            invalid={Boolean(problems.images)}
          />
          {problems.images ? <p className="alarm-problem" role="alert">{problems.images}</p> : null}
        </div>
      ) : null}
    </ActionDialog>
  );
}
