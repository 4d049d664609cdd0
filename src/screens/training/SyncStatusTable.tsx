// The version's syncs, one row per box: pending → delivered → applied, or failed with the box's reason; in the
// shared table (sorting by box, state or time).
import { useTranslation } from 'react-i18next';
import { ServerTable, type TableColumn } from '../../components/table/ServerTable.tsx';
import { useLocalList } from '../../components/table/useLocalList.ts';
import { inFlight, SYNC_POLL_MS, type TrainVersionSync } from './versionSyncApi.ts';

export function SyncStatusTable({ syncs }: { syncs: TrainVersionSync[] }) {
  const { t } = useTranslation('training');
  const list = useLocalList({ rows: syncs, status: 'ready', rowKey: (s: TrainVersionSync) => s.boxId, defaultPageSize: 10 });
  if (syncs.length === 0) return <p>{t('sync.none')}</p>;
  const moving = syncs.some((s) => inFlight(s.status));
  const columns: TableColumn<TrainVersionSync>[] = [
    { key: 'boxName', header: t('sync.box'), flexGrow: 1, minWidth: 160, sortable: true },
    {
      key: 'status',
      header: t('sync.status'),
      width: 110,
      sortable: true,
      render: (s) => <span className={s.status === 'failed' ? 'train-problem' : s.status === 'applied' ? 'train-ok' : undefined}>{t(`sync.states.${s.status}`)}</span>,
    },
    { key: 'reason', header: t('sync.reason'), flexGrow: 1, minWidth: 140 },
    { key: 'createTime', kind: 'time', header: t('sync.queuedAt'), width: 170, sortable: true },
    { key: 'deliveredTime', kind: 'time', header: t('sync.deliveredAt'), width: 170, sortable: true },
    { key: 'finishedTime', kind: 'time', header: t('sync.finishedAt'), width: 170, sortable: true },
  ];
  return (
    <div className="train-table-block" data-testid="sync-status">
      <h3 className="train-table-title">{t('sync.statusTitle')}</h3>
      <ServerTable list={list} label={t('sync.statusTitle')} columns={columns} />
      <p role="status">{moving ? t('sync.refreshing', { seconds: SYNC_POLL_MS / 1000 }) : t('sync.allDone')}</p>
    </div>
  );
}
