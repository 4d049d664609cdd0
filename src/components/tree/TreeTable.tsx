// A whole tree shown as an expandable table (departments, menu modules), with the list kit's states:
// loading overlay, empty message, error with Retry. The trees are small and come whole, so there is no pager.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Table from 'rsuite/Table';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Table/styles/index.css';
import type { Loaded } from '../data/useLoaded.ts';
import type { TableColumn } from '../table/ServerTable.tsx';
import '../table/serverTable.css';
import { flatten, type TreeNodeLike } from './treeUtils.ts';

export interface TreeTableProps<Row extends TreeNodeLike> {
  /** The tree as loaded: its rows, loading / ready / error, and Retry's reload. */
  tree: Loaded<readonly Row[]>;
  columns: ReadonlyArray<TableColumn<Row>>;
  label: string;
  toolbar?: ReactNode;
  emptyText?: string;
}

export function TreeTable<Row extends TreeNodeLike>({ tree, columns, label, toolbar, emptyText }: TreeTableProps<Row>) {
  const { data: rows, status, error, reload: onRetry } = tree;
  const { t } = useTranslation('common');
  const renderEmpty = () =>
    status === 'error' ? (
      <div className="rs-table-body-info server-table-state" role="alert">
        <span>{t('table.loadFailed', { reason: error ?? '' })}</span>
        <Button size="sm" onClick={onRetry}>
          {t('table.retry')}
        </Button>
      </div>
    ) : (
      <div className="rs-table-body-info server-table-state">{emptyText ?? t('table.empty')}</div>
    );
  return (
    <section className="server-table" aria-label={label} aria-busy={status === 'loading'}>
      {toolbar ? <div className="server-table-toolbar">{toolbar}</div> : null}
      <Table
        // A new tree (after a write) re-expands every row: the change is visible wherever it landed.
        key={flatten(rows).length}
        // rsuite's rows are plain records; ours are typed tree nodes, handed back typed to the renderers.
        data={rows as unknown as Record<string, unknown>[]}
        isTree
        rowKey="id"
        defaultExpandAllRows
        autoHeight
        minHeight={160}
        wordWrap="break-word"
        shouldUpdateScroll={false}
        loading={status === 'loading'}
        locale={{ emptyMessage: emptyText ?? t('table.empty'), loading: t('status.loading') }}
        renderEmpty={renderEmpty}
      >
        {columns.map((column, index) => (
          <Table.Column
            key={column.key}
            width={column.width}
            flexGrow={column.flexGrow}
            minWidth={column.minWidth}
            fixed={column.fixed}
            align={column.align}
            treeCol={index === 0}
          >
            <Table.HeaderCell>{column.header}</Table.HeaderCell>
            <Table.Cell dataKey={column.key}>
              {(rowData: Record<string, unknown>) => {
                const row = rowData as unknown as Row;
                return column.render ? column.render(row) : String(rowData[column.key] ?? '');
              }}
            </Table.Cell>
          </Table.Column>
        ))}
      </Table>
    </section>
  );
}
