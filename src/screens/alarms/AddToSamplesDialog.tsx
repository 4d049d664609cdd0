// The "add to samples" dialog: a trained algorithm of the warehouse (searchable, with its samples out of 1000) and
// positive or negative; the server crops the alarm's box and stores it through the upload rules, and the dialog
// says what was stored (or, in place, why not: a crop under 16 KB, an algorithm full or training).
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Modal from 'rsuite/Modal';
import Radio from 'rsuite/Radio';
import RadioGroup from 'rsuite/RadioGroup';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import 'rsuite/Radio/styles/index.css';
import 'rsuite/RadioGroup/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { notify } from '../../app/notify.ts';
import { useLoaded } from '../../components/data/useLoaded.ts';
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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setFailure(null);
      setBusy(false);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (algorithmId === null) {
      setFailure(t('samples.pickAlgorithm'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const result = await addAlarmToSamples(alarmId, algorithmId, label);
      const sample = result.list[0];
      const name = algorithms.data.find((a) => a.id === algorithmId)?.name ?? String(algorithmId);
      notify(
        'success',
        t('samples.added', { label: t(`samples.${label}`), name, width: sample?.width ?? 0, height: sample?.height ?? 0, total: result.counts.total, max: MAX_SAMPLES }),
      );
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const data = algorithms.data.map((a) => ({
    value: a.id,
    label: t('samples.algorithmOption', { name: a.name, version: a.publishedTrainVersion ?? a.version, count: a.sampleCount, max: MAX_SAMPLES }),
    disabled: a.sampleCount >= MAX_SAMPLES,
  }));
  return (
    <Modal open={open} onClose={onClose} size="sm" aria-labelledby="samples-title" className="samples-dialog">
      <form onSubmit={submit}>
        <Modal.Header>
          <Modal.Title id="samples-title">{t('samples.title', { id: alarmId })}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
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
          {failure ? (
            <p role="alert" className="alarm-problem">
              {failure}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={onClose} disabled={busy}>
            {t('samples.cancel')}
          </Button>
          <Button type="submit" appearance="primary" loading={busy}>
            {t('samples.submit')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
