// After a confirmation the message area says so with Undo for UNDO_OFFER_MS (the server undoes for a minute, and
// only while nothing else has happened to the alarm: undoConfirmWarnEvent). The undo is a plain call, not the
// alarm's lifecycle machine: the row or dialog that confirmed may be gone by then; the store and the screen's
// onSettled bring the alarm back where it is shown.
import type { TFunction } from 'i18next';
import { notify } from '../../app/notify.ts';
import type { AlarmStatus } from '../../machines/alarmLifecycle.machine.ts';
import type { AlarmStore } from '../../realtime/alarmStore.ts';
import { undoConfirm } from './alarmsApi.ts';

export const UNDO_OFFER_MS = 8000;

export function offerUndoConfirm(
  id: number,
  t: TFunction<'alarms'>,
  { store, onSettled }: { store?: AlarmStore; onSettled?: (status: AlarmStatus | null) => void } = {},
): void {
  const undo = async () => {
    try {
      const restored = await undoConfirm(id);
      store?.replace(id, restored);
      onSettled?.(restored.status);
      notify('info', t('undo.undone', { id }));
    } catch {
      // The message area has said why (the server's message: changed since, someone else's, or too late).
    }
  };
  notify('success', t('undo.confirmed', { id }), { durationMs: UNDO_OFFER_MS, action: { label: t('undo.action'), run: () => void undo() } });
}
