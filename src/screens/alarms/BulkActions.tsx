// Confirm, ignore or delete the selected alarms (after a confirmation). The server handles each alarm on its own:
// the ones someone else handled first are reported with who did it, the rest go through.
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { ACTION_PERMISSIONS } from './actionPermissions.ts';
import { deleteAlarms, handleMany, type WarnEvent, type WarnEventBatchResult } from './alarmsApi.ts';

interface Props {
  selected: readonly WarnEvent[];
  onDone(deleted: number): void;
}

export function BulkActions({ selected, onDone }: Props) {
  const { t } = useTranslation('alarms');
  const may = usePermission();
  const { confirm, dialog } = useConfirm();
  const count = selected.length;
  // Confirm and ignore apply to new alarms (the others are already handled: the server would refuse them).
  const fresh = selected.filter((alarm) => alarm.status === 0).map((alarm) => alarm.id);

  const report = (result: WarnEventBatchResult) => {
    if (result.succeeded.length > 0) notify('success', t('bulk.succeeded', { count: result.succeeded.length }));
    const handled = result.failed.filter((failure) => failure.reason === 'conflict');
    const gone = result.failed.filter((failure) => failure.reason === 'notFound');
    if (handled.length > 0) {
      const who = [...new Set(handled.map((failure) => failure.handleUser ?? t('refusal.someone')))].join(', ');
      notify('warning', t('bulk.conflicts', { count: handled.length, ids: handled.map((f) => f.id).join(', '), users: who }));
    }
    if (gone.length > 0) notify('warning', t('bulk.gone', { count: gone.length, ids: gone.map((f) => f.id).join(', ') }));
  };

  const handle = (kind: 'confirm' | 'ignore') =>
    confirm({
      title: t(`bulk.${kind}Title`),
      message: t(`bulk.${kind}Message`, { count: fresh.length, skipped: count - fresh.length }),
      confirmLabel: t(`actions.${kind}`),
      action: async () => {
        report(await handleMany(kind, fresh, 0));
        onDone(0);
      },
    });

  const remove = () =>
    confirm({
      title: t('bulk.deleteTitle'),
      message: t('bulk.deleteMessage', { count }),
      confirmLabel: t('actions.delete'),
      action: async () => {
        const result = await deleteAlarms(selected.map((alarm) => alarm.id));
        if (result.deleted.length > 0) notify('success', t('bulk.deleted', { count: result.deleted.length }));
        if (result.notFound.length > 0) notify('warning', t('bulk.gone', { count: result.notFound.length, ids: result.notFound.join(', ') }));
        onDone(result.deleted.length);
      },
    });

  return (
    <>
      {may(ACTION_PERMISSIONS.confirm) ? (
        <Button onClick={() => handle('confirm')} disabled={fresh.length === 0}>
          {t('bulk.confirm', { count: fresh.length })}
        </Button>
      ) : null}
      {may(ACTION_PERMISSIONS.ignore) ? (
        <Button onClick={() => handle('ignore')} disabled={fresh.length === 0}>
          {t('bulk.ignore', { count: fresh.length })}
        </Button>
      ) : null}
      {may(ACTION_PERMISSIONS.delete) ? (
        <Button color="red" appearance="ghost" onClick={remove} disabled={count === 0}>
          {t('bulk.delete', { count })}
        </Button>
      ) : null}
      {dialog}
    </>
  );
}
