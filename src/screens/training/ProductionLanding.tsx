// What /algorithmProduction shows first: the operator's algorithms with where each stands (dataset in progress,
// training, trained, published), their samples, versions and last figures, a "continue" link that opens the wizard
// at the step the algorithm is at, and the ways to start: a new training (named here, the wizard opens on it), or a
// new algorithm in orchestration (its start page, which creates one). The list pages on the server (the shared
// table: pager, sorting, empty / loading / error states); the figures by status count the first 100 algorithms.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { Link } from 'react-router';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { ServerTable } from '../../components/table/ServerTable.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { type AlgorithmStatus, algorithmStatus, continueStep } from '../../domain/algorithmStatus.ts';
import { listWarehouse, type WarehouseAlgorithm } from './trainingApi.ts';
import { warehouseColumns } from './warehouseColumns.tsx';
import './training.css';

// The dialog's code and its form's styles load when New training is clicked.
const NewTrainingDialog = lazy(() => import('./NewTrainingDialog.tsx').then((module) => ({ default: module.NewTrainingDialog })));

const STATUSES: AlgorithmStatus[] = ['dataset', 'training', 'trained', 'published'];
const NO_FILTERS = [] as const;
const SUMMARY_SIZE = 100;

export function ProductionLanding() {
  const { t } = useTranslation('training');
  const list = useServerList<WarehouseAlgorithm, never>({
    filterKeys: NO_FILTERS,
    rowKey: (a) => a.id,
    load: ({ pageNo, pageSize, signal }) => listWarehouse('', pageNo, pageSize, signal),
  });
  const summary = useLoaded((signal) => listWarehouse('', 1, SUMMARY_SIZE, signal), null, 'summary');
  const [naming, setNaming] = useState(false);
  const statuses = (summary.data?.list ?? []).map(algorithmStatus);
  const columns = warehouseColumns(t, ['name', 'status', 'samples', 'versions', 'lastTraining'], {
    labels: [t('landing.continue')],
    buttons: (a) => [{ key: 'continue', label: t('landing.continue'), to: `/algorithmProduction/train?algorithmId=${a.id}&step=${continueStep(a)}` }],
  });
  return (
    <div className="train-screen" data-testid="production-landing">
      <p>{t('landing.intro')}</p>
      <div className="train-actions">
        <Button appearance="primary" onClick={() => setNaming(true)}>
          {t('landing.newTraining')}
        </Button>
        <Button as={Link} role="link" to="/setUp">
          {t('landing.newAlgorithm')}
        </Button>
        <Button as={Link} role="link" to="/synchroModelInfo" appearance="link">
          {t('landing.versions')}
        </Button>
      </div>
      {naming ? (
        <Suspense fallback={null}>
          <NewTrainingDialog open onClose={() => setNaming(false)} />
        </Suspense>
      ) : null}
      {statuses.length > 0 ? (
        <ul className="train-figures" aria-label={t('landing.summary')}>
          {STATUSES.map((s) => (
            <li key={s}>{t(`landing.count.${s}`, { count: statuses.filter((status) => status === s).length })}</li>
          ))}
        </ul>
      ) : null}
      <ServerTable list={list} label={t('landing.caption', { total: list.total })} columns={columns} emptyText={t('landing.empty')} />
    </div>
  );
}
