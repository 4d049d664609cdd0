// The "add to samples" dialog: a trained algorithm of the warehouse (searchable, with its samples out of 1000) and
// positive or negative; the server crops the alarm's box and stores it through the upload rules, and the dialog
// says what was stored (or, in place, why not: a crop under 16 KB, an algorithm full or training).
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Radio from 'rsuite/Radio';
import RadioGroup from 'rsuite/RadioGroup';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Radio/styles/index.css';
import 'rsuite/RadioGroup/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { notify } from '../../app/notify.ts';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { ActionDialog } from '../../components/dialog/ActionDialog.tsx';
import { useSubmission } from '../../components/dialog/useSubmission.ts';
import { addAlarmToSamples, listTrainedAlgorithms, type WarehouseAlgorithm } from './samplesApi.ts';
import './samplesDialog.css';

const MAX_SAMPLES = 1000;

interface Props {
  alarmId: number;
  open: boolean;
  onClose(): void;
}

export function AddToSamplesDialog({ alarmId, open, onClose }: Props) {
  const { t } = useTranslation('alarms');
  const algorithms = useLoaded((signal) => (open ? listTrainedAlgorithms(signal) : Promise.resolve([] as WarehouseAlgorithm[])), [], open ? 'open' : 'closed');
  const [algorithmId, setAlgorithmId] = useState<number | null>(null);
  const [label, setLabel] = useState<'positive' | 'negative'>('negative');
  const { busy, failure, setFailure, run } = useSubmission();
  useEffect(() => {
    if (open) setFailure(null);
  }, [open, setFailure]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (algorithmId === null) {
      setFailure(t('samples.pickAlgorithm'));
      return;
    }
    await run(async () => {
      const result = await addAlarmToSamples(alarmId, algorithmId, label);
      const sample = result.list[0];
      const name = algorithms.data.find((a) => a.id === algorithmId)?.name ?? String(algorithmId);
      notify(
        'success',
        t('samples.added', { label: t(`samples.${label}`), name, width: sample?.width ?? 0, height: sample?.height ?? 0, total: result.counts.total, max: MAX_SAMPLES }),
      );
      onClose();
    });
  };

  const data = algorithms.data.map((a) => ({
    value: a.id,
    label: t('samples.algorithmOption', { name: a.name, version: a.publishedTrainVersion ?? a.version, count: a.sampleCount, max: MAX_SAMPLES }),
    disabled: a.sampleCount >= MAX_SAMPLES,
  }));
  return (
    <ActionDialog
      open={open}
      titleId="samples-title"
      title={t('samples.title', { id: alarmId })}
      className="samples-dialog"
      backdrop
      closableWhileBusy
      busy={busy}
      failure={failure}
      failureClassName="alarm-problem"
      onClose={onClose}
      onSubmit={submit}
      action={{ label: t('samples.submit') }}
      cancelLabel={t('samples.cancel')}
    >
      <p className="alarm-muted">{t('samples.intro')}</p>
      <label htmlFor="samples-algorithm" className="samples-field-label">
        {t('samples.algorithm')}
      </label>
      <SelectPicker
        id="samples-algorithm"
        block
        data={data}
        value={algorithmId}
        onChange={(value) => setAlgorithmId(value ?? null)}
        loading={algorithms.status === 'loading'}
        placeholder={algorithms.status === 'ready' && data.length === 0 ? t('samples.none') : t('samples.choose')}
        disabledItemValues={data.filter((d) => d.disabled).map((d) => d.value)}
        cleanable={false}
      />
      {algorithms.status === 'error' ? <p role="alert" className="alarm-problem">{t('samples.loadFailed', { reason: algorithms.error ?? '' })}</p> : null}
      <RadioGroup name="samples-label" inline value={label} onChange={(value) => setLabel(value === 'positive' ? 'positive' : 'negative')} aria-label={t('samples.label')}>
        <Radio value="negative">{t('samples.negativeHint')}</Radio>
        <Radio value="positive">{t('samples.positiveHint')}</Radio>
      </RadioGroup>
    </ActionDialog>
  );
}
