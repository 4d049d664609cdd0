// The handling buttons of one alarm, driven by its lifecycle machine: only what the status allows, what the
// user's modules permit and what the screen offers. Delete asks first; confirm (with an optional remark), deal,
// check and again open their form; a confirmation is said with Undo for a few seconds (confirmUndo.ts).
// When the server refuses (someone else handled the alarm first) it says who, when, and what the alarm is now.
// Deleting needs the alarmDelete button (administrators); with the system setting checkerNotHandler on, the person
// who dealt with an alarm sees its check offered to someone else (the server refuses it too).
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { usePermission } from '../../app/permissions.tsx';
import { selectUser, useSession } from '../../app/session.tsx';
import type { SessionSnapshot } from '../../app/sessionService.ts';
import { DialogLoad } from '../../components/data/OpenedOnce.tsx';
import { useLazyConfirm } from '../../components/dialog/lazyConfirm.tsx';
import { ALLOWED_ACTIONS, type AlarmStatus } from '../../machines/alarmLifecycle.machine.ts';
import type { AlarmStore } from '../../realtime/alarmStore.ts';
import { ACTION_PERMISSIONS, type ActionType } from './actionPermissions.ts';
import { uploadDealImage, type WarnEvent } from './alarmsApi.ts';
import { statusKey, useTypeName } from './alarmText.ts';
import { offerUndoConfirm } from './confirmUndo.ts';
import type { HandleKind, HandleValues } from './HandleDialog.tsx';
import { fileAsDataUrl } from './handleRules.ts';
import { useAlarmLifecycle } from './useAlarmLifecycle.ts';
import { ProblemLine } from '../../components/dialog/ProblemLine.tsx';

// The handling form (its fields, the picture upload and their styles) loads when it is first opened.
const HandleDialog = lazy(() => import('./HandleDialog.tsx').then((module) => ({ default: module.HandleDialog })));

const selectCheckerNotHandler = (snapshot: SessionSnapshot) => snapshot.context.bootstrap?.systemConfig.checkerNotHandler === true;

interface Props {
  alarm: WarnEvent;
  /** The actions this screen offers (default: all). */
  offer?: readonly ActionType[];
  /** After an action settled (status null: deleted). */
  onSettled?: (status: AlarmStatus | null) => void;
  store?: AlarmStore;
  size?: 'xs' | 'sm' | 'md';
}

export function AlarmActions({ alarm, offer, onSettled, store, size = 'sm' }: Props) {
  const { t } = useTranslation('alarms');
  const may = usePermission();
  const me = useSession(selectUser)?.username ?? null;
  const checkerNotHandler = useSession(selectCheckerNotHandler);
  const lifecycle = useAlarmLifecycle(alarm, onSettled, store);
  // The delete's confirmation loads at its first asking: the live alarm screen draws nothing else of the list kit.
  const { confirm, dialog: confirmDialog } = useLazyConfirm();
  const typeName = useTypeName();
  const [form, setForm] = useState<HandleKind | null>(null);
  const [submitted, setSubmitted] = useState(false);
  // The form closes once its call has settled; a failure keeps it open (shown in it) for another try.
  useEffect(() => {
    if (!submitted || lifecycle.working) return;
    setSubmitted(false);
    if (lifecycle.error !== null) return;
    setForm(null);
    // Confirmed by this user (not refused because someone else handled it first): offer to take it back.
    if (form === 'confirm' && lifecycle.refusal === null && lifecycle.status === 1) offerUndoConfirm(alarm.id, t, { store, onSettled });
  }, [submitted, lifecycle.working, lifecycle.error, lifecycle.refusal, lifecycle.status, form, alarm.id, t, store, onSettled]);

  if (lifecycle.deleted) {
    return lifecycle.refusal ? <p className="alarm-refusal" role="alert">{t('refusal.gone')}</p> : null;
  }

  const actions = ALLOWED_ACTIONS[lifecycle.status].filter((action) => (!offer || offer.includes(action)) && may(ACTION_PERMISSIONS[action]));
  const ownDeal = checkerNotHandler && me !== null && alarm.dealUser === me && actions.includes('check');

  const run = (action: ActionType) => {
    if (action === 'ignore') lifecycle.send({ type: 'IGNORE' });
    else if (action === 'delete') {
      confirm({
        title: t('bulk.deleteTitle'),
        message: t('bulk.deleteOne', { id: alarm.id }),
        confirmLabel: t('actions.delete'),
        action: async () => lifecycle.send({ type: 'DELETE' }),
      });
    } else {
      lifecycle.send({ type: 'DISMISS' });
      setForm(action);
    }
  };

  const submit = (values: HandleValues) => {
    if (!form) return;
    setSubmitted(true);
    if (form === 'confirm') lifecycle.send({ type: 'CONFIRM', remark: values.remark || undefined });
    else if (form === 'deal') lifecycle.send({ type: 'DEAL', result: values.result, remark: values.remark || undefined });
    else if (form === 'check') lifecycle.send({ type: 'CHECK', result: values.checkResult, remark: values.remark || undefined });
    else lifecycle.send({ type: 'AGAIN', remark: values.remark });
  };

  const refusal = lifecycle.refusal;
  return (
    <div className="alarm-actions">
      {refusal ? (
        <div className="alarm-refusal" role="alert">
          <span>
            {refusal.status === null
              ? t('refusal.gone')
              : t('refusal.handledBy', {
                  user: refusal.handleUser ?? t('refusal.someone'),
                  time: refusal.handleTime ?? '',
                  status: t(`status.${statusKey(refusal.status)}`),
                })}
          </span>
          <button type="button" className="alarm-link-button" onClick={() => lifecycle.send({ type: 'DISMISS' })}>
            {t('actions.dismiss')}
          </button>
        </div>
      ) : null}
      <ProblemLine failure={lifecycle.error && form === null ? lifecycle.error : null} className="alarm-problem" />
      <div className="alarm-action-buttons">
        {actions.map((action) => (
          <Button
            key={action}
            size={size}
            appearance={action === 'confirm' || action === 'deal' || action === 'check' ? 'primary' : 'default'}
            color={action === 'delete' ? 'red' : undefined}
            loading={lifecycle.working && lifecycle.pending === action}
            disabled={lifecycle.working || (action === 'check' && ownDeal)}
            aria-describedby={action === 'check' && ownDeal ? `own-deal-${alarm.id}` : undefined}
            onClick={() => run(action)}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      </div>
      {ownDeal ? (
        <p className="alarm-problem" id={`own-deal-${alarm.id}`}>
          {t('refusal.ownDeal')}
        </p>
      ) : null}
      {form !== null ? (
        <DialogLoad onLoadFailed={() => setForm(null)}>
          <HandleDialog
          kind={form}
          busy={lifecycle.working}
          failure={lifecycle.error}
          intro={form === 'confirm' ? t('confirm.intro', { id: alarm.id, type: typeName(alarm.eventType), camera: alarm.cameraName, time: alarm.alarmTime }) : undefined}
          existingImages={alarm.dealImages.length}
          uploadImage={async (file, watch) => {
            await uploadDealImage(alarm.id, await fileAsDataUrl(file), watch);
          }}
          onSubmit={submit}
          onClose={() => setForm(null)}
          />
        </DialogLoad>
      ) : null}
      {confirmDialog}
    </div>
  );
}
