// The new-alarm dialog (§3 alarm dialog position, 1–4: a corner of the screen; default 1). Non-modal: it does not
// take the focus from what the operator is doing; Escape closes it when it has the focus. It shows the newest
// arrival with its snapshot, and how many more came meanwhile. While an alarm's detail is open the dialog is
// docked above the list instead (without its snapshot), so it never covers the alarm being read.
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import type { AlarmStore } from '../../realtime/alarmStore.ts';
import { AlarmActions } from './AlarmActions.tsx';
import { AlarmSnapshot } from './AlarmSnapshot.tsx';
import type { WarnEvent } from './alarmsApi.ts';
import { confidenceText, type DialogCorner, useTypeName } from './alarmText.ts';

interface Props {
  alarm: WarnEvent;
  more: number;
  corner: DialogCorner;
  /** In the list's column, in the flow of the page, instead of floating in its corner. */
  docked?: boolean;
  store: AlarmStore;
  onView(): void;
  onClose(): void;
}

export function AlarmDialog({ alarm, more, corner, docked = false, store, onView, onClose }: Props) {
  const { t } = useTranslation('alarms');
  const typeName = useTypeName();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  return (
    <section className={`alarm-dialog ${docked ? 'is-docked' : `is-${corner}`}`} role="dialog" aria-modal="false" aria-labelledby="alarm-dialog-title" onKeyDown={onKeyDown}>
      <header className="alarm-dialog-header">
        <h2 id="alarm-dialog-title">
          {t('dialog.title')}
          {more > 0 ? <span className="alarm-dialog-more">{t('dialog.more', { count: more })}</span> : null}
        </h2>
        <button type="button" className="alarm-dialog-close" onClick={onClose} aria-label={t('actions.close')}>
          ×
        </button>
      </header>
      {docked ? null : <AlarmSnapshot alarm={alarm} compact />}
      <dl className="alarm-facts">
        <dt>{t('fields.type')}</dt>
        <dd>{typeName(alarm.eventType)}</dd>
        <dt>{t('fields.camera')}</dt>
        <dd>{alarm.cameraName}</dd>
        <dt>{t('fields.alarmTime')}</dt>
        <dd>{alarm.alarmTime}</dd>
        <dt>{t('fields.confidence')}</dt>
        <dd>{confidenceText(alarm.confidence)}</dd>
      </dl>
      <footer className="alarm-dialog-footer">
        <AlarmActions key={alarm.id} alarm={alarm} offer={['confirm', 'ignore']} store={store} size="xs" />
        <Button size="xs" appearance="link" onClick={onView}>
          {t('actions.view')}
        </Button>
      </footer>
    </section>
  );
}
