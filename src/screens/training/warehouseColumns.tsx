// The columns of the warehouse's algorithms, declared once for the three lists that show them (the production
// landing, the warehouse and the training wizard's picker): each list names the columns it shows and adds its own
// actions. Sortable columns are keyed by the row's field they order.
import type { TFunction } from 'i18next';
import { actionsColumn, type RowButton } from '../../components/table/CellActions.tsx';
import type { TableColumn } from '../../components/table/ServerTable.tsx';
import { algorithmStatus } from '../../domain/algorithmStatus.ts';
import { LastTraining } from './LastTraining.tsx';
import type { WarehouseAlgorithm } from './trainingApi.ts';

type Column = TableColumn<WarehouseAlgorithm>;
type T = TFunction<'training'>;

const COLUMNS = {
  name: (t: T): Column => ({ key: 'name', header: t('picker.name'), flexGrow: 1, minWidth: 140, sortable: true }),
  version: (t: T): Column => ({ key: 'version', header: t('picker.version'), width: 100, sortable: true }),
  source: (t: T): Column => ({ key: 'source', header: t('warehouse.source'), width: 110, sortable: true, render: (a) => t(`warehouse.sources.${a.source}`) }),
  samples: (t: T): Column => ({
    key: 'sampleCount',
    header: t('warehouse.samples'),
    flexGrow: 1,
    minWidth: 160,
    sortable: true,
    render: (a) => t('warehouse.sampleCounts', { positive: a.positiveCount, negative: a.negativeCount, unclassified: a.unclassifiedCount }),
  }),
  positive: (t: T): Column => ({ key: 'positiveCount', header: t('counts.positive'), width: 90, align: 'right', sortable: true }),
  negative: (t: T): Column => ({ key: 'negativeCount', header: t('counts.negative'), width: 90, align: 'right', sortable: true }),
  unclassified: (t: T): Column => ({ key: 'unclassifiedCount', header: t('counts.unclassified'), width: 100, align: 'right', sortable: true }),
  lastTraining: (t: T): Column => ({ key: 'trainState', header: t('picker.lastTraining'), flexGrow: 2, minWidth: 200, sortable: true, render: (a) => <LastTraining algorithm={a} /> }),
  /** Where the algorithm stands (landing): dataset, training, trained, published. */
  status: (t: T): Column => ({
    key: 'status',
    header: t('landing.status'),
    width: 150,
    render: (a) => {
      const status = algorithmStatus(a);
      return (
        <span className={status === 'published' ? 'train-tag is-published' : 'train-tag'}>
          {status === 'published' ? t('versions.publishedTag', { version: a.publishedTrainVersion }) : t(`landing.statuses.${status}`)}
        </span>
      );
    },
  }),
  /** Its published trained version, or that none is (warehouse). */
  published: (t: T): Column => ({
    key: 'publishedTrainVersion',
    header: t('versions.status_col'),
    width: 150,
    sortable: true,
    render: (a) => (
      <span className={a.publishedTrainVersion ? 'train-tag is-published' : 'train-tag'}>
        {a.publishedTrainVersion ? t('versions.publishedTag', { version: a.publishedTrainVersion }) : t('versions.notPublishedTag')}
      </span>
    ),
  }),
  versions: (t: T): Column => ({ key: 'versionCount', header: t('landing.versionsCol'), width: 90, align: 'right', sortable: true }),
  updated: (t: T): Column => ({ key: 'updateTime', kind: 'time', header: t('warehouse.updated'), width: 170, sortable: true }),
} as const;

export type WarehouseColumn = keyof typeof COLUMNS;

/**
 * The named columns, then the row's actions: one line of link buttons, never wrapped, in a column as wide as the
 * longest set of labels any row shows (`labels`: every label an action may take, in the list's language).
 */
export function warehouseColumns(t: T, names: readonly WarehouseColumn[], actions?: { labels: readonly string[]; buttons(a: WarehouseAlgorithm): RowButton[] }): Column[] {
  const columns = names.map((name) => COLUMNS[name](t));
  if (actions) columns.push(actionsColumn(t('picker.action'), actions.labels, actions.buttons));
  return columns;
}
