// The version's syncs, one row per box: pending → delivered → applied, or failed with the box's reason.
import { useTranslation } from 'react-i18next';
import { inFlight, SYNC_POLL_MS, type TrainVersionSync } from './versionSyncApi.ts';

export function SyncStatusTable({ syncs }: { syncs: TrainVersionSync[] }) {
  const { t } = useTranslation('training');
  if (syncs.length === 0) return <p>{t('sync.none')}</p>;
  const moving = syncs.some((s) => inFlight(s.status));
  return (
    <>
      <table className="train-table" data-testid="sync-status">
        <caption>{t('sync.statusTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('sync.box')}</th>
            <th scope="col">{t('sync.status')}</th>
            <th scope="col">{t('sync.reason')}</th>
            <th scope="col">{t('sync.queuedAt')}</th>
            <th scope="col">{t('sync.deliveredAt')}</th>
            <th scope="col">{t('sync.finishedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {syncs.map((s) => (
            <tr key={s.boxId} data-status={s.status}>
              <th scope="row">{s.boxName}</th>
              <td className={s.status === 'failed' ? 'train-problem' : s.status === 'applied' ? 'train-ok' : undefined}>{t(`sync.states.${s.status}`)}</td>
              <td>{s.reason}</td>
              <td>{s.createTime}</td>
              <td>{s.deliveredTime ?? ''}</td>
              <td>{s.finishedTime ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p role="status">{moving ? t('sync.refreshing', { seconds: SYNC_POLL_MS / 1000 }) : t('sync.allDone')}</p>
    </>
  );
}
