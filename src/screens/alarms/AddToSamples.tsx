// "Add to samples" on an alarm's detail, for those who may train (the training area's modules): the dialog, loaded
// at its first opening, puts the alarm's crop into a chosen trained algorithm's samples as positive or negative.
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { usePermission } from '../../app/permissions.tsx';
import { OpenedOnce } from '../../components/data/OpenedOnce.tsx';

/** Who may add samples (contract addAlarmToSamples). */
export const SAMPLE_MODULES = ['algorithmProduction/train', 'secondIdentify'] as const;

const AddToSamplesDialog = lazy(() => import('./AddToSamplesDialog.tsx').then((module) => ({ default: module.AddToSamplesDialog })));

export function AddToSamples({ alarmId }: { alarmId: number }) {
  const { t } = useTranslation('alarms');
  const may = usePermission();
  const [open, setOpen] = useState(false);
  if (!may(SAMPLE_MODULES)) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        {t('samples.add')}
      </Button>
      <OpenedOnce open={open} onLoadFailed={() => setOpen(false)}>
        <AddToSamplesDialog alarmId={alarmId} open={open} onClose={() => setOpen(false)} />
      </OpenedOnce>
    </>
  );
}
