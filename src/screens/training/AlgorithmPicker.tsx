// The warehouse's algorithms (published setup events), with their samples and last training: pick one to train.
// Found by name, paged on the server (the shared table: pager, sorting, empty / loading / error states).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListToolbar } from '../../components/table/ListToolbar.tsx';
import { ServerTable } from '../../components/table/ServerTable.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { listWarehouse, type WarehouseAlgorithm } from './trainingApi.ts';
import { warehouseColumns } from './warehouseColumns.tsx';

const FILTERS = ['name'] as const;

export function AlgorithmPicker() {
  const { t } = useTranslation('training');
  const list = useServerList<WarehouseAlgorithm, (typeof FILTERS)[number]>({
    filterKeys: FILTERS,
    rowKey: (a) => a.id,
    load: ({ filters, pageNo, pageSize, signal }) => listWarehouse(filters.name, pageNo, pageSize, signal),
  });
  const columns = warehouseColumns(t, ['name', 'version', 'positive', 'negative', 'unclassified', 'lastTraining'], {
    labels: [t('picker.open')],
    buttons: (a) => [{ key: 'open', label: t('picker.open'), to: `?algorithmId=${a.id}` }],
  });
  const filtered = list.filters.name !== '';
  return (
    <div className="train-picker">
      <p>{t('picker.intro')}</p>
      <ServerTable
        list={list}
        label={t('picker.caption')}
        columns={columns}
        // The contract bounds the name at 32 (listWarehouseAlgorithms).
        toolbar={<ListToolbar id="picker" list={list} label={t('picker.caption')} fields={[{ kind: 'text', key: 'name', label: t('picker.search'), maxLength: 32 }]} />}
        emptyText={filtered ? t('picker.noMatch') : t('picker.empty')}
      />
      {list.status === 'ready' && list.total === 0 && !filtered ? <Link to="/algorithmicSetup">{t('picker.toSetup')}</Link> : null}
    </div>
  );
}
