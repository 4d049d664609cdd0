// /algorithmProduction/warehouse: the published algorithms with their version, samples and last training — its
// cross-validated figures when it made a version —, the published trained version, the way to (re)train each in the
// wizard, and each algorithm's model versions (publish, withdraw, export, import: VersionsPanel) opened under the
// list for the algorithm chosen (?versions=<id>, so a link or Back reopens it). The list pages on the server.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { ServerTable } from '../../components/table/ServerTable.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { listWarehouse, type WarehouseAlgorithm } from './trainingApi.ts';
import { VersionsPanel } from './VersionsPanel.tsx';
import { warehouseColumns } from './warehouseColumns.tsx';
import './training.css';

const NO_FILTERS = [] as const;

export default function WarehouseScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle(useScreenEntry());
  const [params, setParams] = useSearchParams();
  const list = useServerList<WarehouseAlgorithm, never>({
    filterKeys: NO_FILTERS,
    rowKey: (a) => a.id,
    load: ({ pageNo, pageSize, signal }) => listWarehouse('', pageNo, pageSize, signal),
  });
  const openId = Number(params.get('versions')) || null;
  const open = list.rows.find((a) => a.id === openId) ?? null;
  const toggle = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === openId) next.delete('versions');
      else next.set('versions', String(id));
      return next;
    });
  const columns = warehouseColumns(t, ['name', 'version', 'source', 'samples', 'lastTraining', 'published', 'updated'], {
    labels: [t('warehouse.retrain'), t('versions.toggle', { count: 99 })],
    buttons: (a) => [
      { key: 'train', label: a.lastTrainTaskId ? t('warehouse.retrain') : t('picker.open'), to: `/algorithmProduction/train?algorithmId=${a.id}` },
      { key: 'versions', label: t('versions.toggle', { count: a.versionCount }), onClick: () => toggle(a.id) },
    ],
  });
  return (
    <section className="train-screen">
      <h1>{title}</h1>
      <ServerTable list={list} label={t('warehouse.caption', { total: list.total })} columns={columns} emptyText={t('picker.empty')} />
      {open ? (
        <div className="train-versions-of" id={`versions-${open.id}`}>
          <VersionsPanel key={open.id} algorithmId={open.id} name={open.name} onChanged={list.reload} />
        </div>
      ) : null}
    </section>
  );
}
