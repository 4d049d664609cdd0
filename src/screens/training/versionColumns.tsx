// The columns of an algorithm's trained versions, declared once for the two lists that show them (the warehouse's
// versions panel and /synchroModelInfo): each names the columns it shows and adds its own. Sortable columns are
// keyed by the version's field they order.
import type { TFunction } from 'i18next';
import type { TableColumn } from '../../components/table/ServerTable.tsx';
import type { TrainVersion } from './versionsApi.ts';

type Column = TableColumn<TrainVersion>;
type T = TFunction<'training'>;

export const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

const COLUMNS = {
  version: (t: T): Column => ({ key: 'version', header: t('versions.version'), width: 110, sortable: true }),
  source: (t: T): Column => ({ key: 'source', header: t('versions.source'), width: 90, sortable: true, render: (v) => t(`versions.sources.${v.source}`) }),
  created: (t: T): Column => ({ key: 'createTime', kind: 'time', header: t('versions.created'), width: 170, sortable: true }),
  accuracy: (t: T): Column => ({ key: 'accuracy', header: t('versions.accuracy'), width: 100, align: 'right', sortable: true, render: (v) => pct(v.accuracy) }),
  ap: (t: T): Column => ({ key: 'averagePrecision', header: t('versions.ap'), width: 110, align: 'right', sortable: true, render: (v) => pct(v.averagePrecision) }),
  robust: (t: T): Column => ({
    key: 'robustAccuracy',
    header: <span title={t('versions.robustHint')}>{t('versions.robust')}</span>,
    width: 150,
    sortable: true,
    render: (v) => (
      <>
        {v.robustAccuracy === null ? '—' : pct(v.robustAccuracy)}{' '}
        {v.robustWarning ? (
          <span className="train-tag is-warning" title={t('versions.robustWarning', { robust: pct(v.robustAccuracy ?? 0), accuracy: pct(v.accuracy) })}>
            {t('versions.robustTag')}
          </span>
        ) : null}
      </>
    ),
  }),
  threshold: (t: T): Column => ({ key: 'threshold', header: t('versions.threshold'), width: 90, align: 'right', sortable: true, render: (v) => v.threshold.toFixed(3) }),
  samples: (t: T): Column => ({
    key: 'positiveCount',
    header: t('versions.samples'),
    flexGrow: 1,
    minWidth: 140,
    render: (v) => t('versions.sampleCounts', { positive: v.positiveCount, negative: v.negativeCount }),
  }),
  status: (t: T): Column => ({
    key: 'published',
    header: t('versions.status'),
    width: 100,
    sortable: true,
    render: (v) => (
      <span className={v.published ? 'train-tag is-published' : 'train-tag'} title={v.published ? t('versions.publishedBy', { time: v.publishedAt, user: v.publishedBy }) : undefined}>
        {v.published ? t('versions.published') : t('versions.draft')}
      </span>
    ),
  }),
} as const;

export type VersionColumn = keyof typeof COLUMNS;

export function versionColumns(t: T, names: readonly VersionColumn[]): Column[] {
  return names.map((name) => COLUMNS[name](t));
}
