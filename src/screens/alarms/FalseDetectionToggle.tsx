// Marks an alarm as a false detection (the error-detection library the boxes compare later detections against,
// so the same false alarm is suppressed), or takes the mark off. The alarm's status does not change.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { usePermission } from '../../app/permissions.tsx';
import { markFalseDetection, unmarkFalseDetection } from './alarmsApi.ts';

/** The modules of the error-detection library calls (contract x-permission). */
const LIBRARY_MODULES = ['historyEvent', 'actualTimeEvent', 'eventVerify'];

export function FalseDetectionToggle({ id, marked, onChanged }: { id: number; marked: boolean; onChanged(): void }) {
  const { t } = useTranslation('alarms');
  const may = usePermission();
  const [busy, setBusy] = useState(false);
  if (!may(LIBRARY_MODULES)) return null;
  const toggle = async () => {
    setBusy(true);
    try {
      await (marked ? unmarkFalseDetection(id) : markFalseDetection(id));
      onChanged();
    } catch {
      // The message area has said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" appearance="ghost" loading={busy} onClick={() => void toggle()} aria-pressed={marked}>
      {marked ? t('actions.unmarkFalse') : t('actions.markFalse')}
    </Button>
  );
}
