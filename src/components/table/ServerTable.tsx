// The shared server-paginated table: a screen declares its columns, its filter bar and its actions; this does
// the paging, the loading overlay, the empty and error states (with Retry), sorting and row selection.
// The contract's list operations take no sort parameter, so sorting orders the rows of the current page and
// the table says so under the pager.
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Checkbox from 'rsuite/Checkbox';
import Pagination from 'rsuite/Pagination';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Checkbox/styles/index.css';
import 'rsuite/Pagination/styles/index.css';
import { type DataColumn, DataTable } from './DataTable.tsx';
import { PAGE_SIZES } from './listState.ts';
import type { ServerList } from './useServerList.ts';
import './serverTable.css';

export interface TableColumn<Row> {
  /** The row field shown (and sorted on), or a name for a computed column. */
  key: string;
  header: ReactNode;
  width?: number;
  flexGrow?: number;
  minWidth?: number;
  sortable?: boolean;
  fixed?: 'left' | 'right';
  align?: 'left' | 'center' | 'right';
  /** A date and time: kept in view on a narrow frame, its date above its time (columnWidths.ts). */
  kind?: 'time';
  /** The least the column may be given on a narrow frame (a cell of badges or buttons). */
  shrinkTo?: number;
  /** Defaults to the field's text. */
  render?: (row: Row) => ReactNode;
}

export interface ServerTableProps<Row> {
  list: ServerList<Row, string>;
  columns: ReadonlyArray<TableColumn<Row>>;
  /** What the table lists, for assistive technology ("Users"). */
  label: string;
  /** The declared toolbar (a ListToolbar: filters and buttons), in place of `filters` and `actions`. */
  toolbar?: ReactNode;
  /** The filter bar (usually a FilterBar). */
  filters?: ReactNode;
  /** Buttons beside the filters (add, bulk actions). */
  actions?: ReactNode;
  /** Shows a checkbox per row; `describeRow` names the row for its checkbox. */
  selectable?: boolean;
  describeRow?: (row: Row) => string;
  emptyText?: string;
}

export function ServerTable<Row extends object>({ list, columns, label, toolbar, filters, actions, selectable, describeRow, emptyText }: ServerTableProps<Row>) {
  const { t } = useTranslation('common');
  const keys = list.rows.map(list.rowKey);
  const checkedOnPage = keys.filter((key) => list.selected.has(key)).length;
  // Until the first page is in, the pager is laid out but not shown: it moves down as the rows arrive (a layout
  // shift). It is shown in the commit that brings the first page, where it stays. The attribute is set on the
  // element, not through state, so showing it renders nothing again.
  const sectionRef = useRef<HTMLElement | null>(null);
  const firstLoadDone = list.status !== 'loading';
  useLayoutEffect(() => {
    if (firstLoadDone) sectionRef.current?.setAttribute('data-first-load', 'false');
  }, [firstLoadDone]);

  const toggleRow = (key: number | string, checked: boolean) => {
    const next = new Set(list.selected);
    if (checked) next.add(key);
    else next.delete(key);
    list.setSelected(next);
  };

  const empty =
    list.status === 'error' ? (
      <div className="server-table-state" role="alert">
        <span>{t('table.loadFailed', { reason: list.error ?? '' })}</span>
        <Button size="sm" onClick={list.reload}>
          {t('table.retry')}
        </Button>
      </div>
    ) : (
      <div className="server-table-state">{emptyText ?? t('table.empty')}</div>
    );

  const tableColumns: DataColumn<Row>[] = columns.map((column) => ({
    ...column,
    cell: (row: Row) => (column.render ? column.render(row) : textOf((row as Record<string, unknown>)[column.key])),
  }));
  if (selectable) {
    tableColumns.unshift({
      key: '__select',
      width: 48,
      align: 'center',
      fixed: 'left',
      header: (
        <Checkbox
          checked={keys.length > 0 && checkedOnPage === keys.length}
          indeterminate={checkedOnPage > 0 && checkedOnPage < keys.length}
          disabled={keys.length === 0}
          onChange={(_, checked) => list.setSelected(checked ? new Set(keys) : new Set())}
        >
          <span className="sr-only">{t('table.selectPage')}</span>
        </Checkbox>
      ),
      cell: (row: Row) => {
        const key = list.rowKey(row);
        return (
          <Checkbox checked={list.selected.has(key)} onChange={(_, checked) => toggleRow(key, checked)}>
            {/* rsuite names the box by its label element, so the name is a visually hidden label */}
            <span className="sr-only">{t('table.selectRow', { name: describeRow?.(row) ?? String(key) })}</span>
          </Checkbox>
        );
      },
    });
  }
  return (
    <section ref={sectionRef} className="server-table" aria-label={label} aria-busy={list.status === 'loading'} data-first-load="true">
      {toolbar ? (
        <div className="server-table-toolbar">{toolbar}</div>
      ) : filters || actions ? (
        <div className="server-table-toolbar">
          <div className="server-table-filters">{filters}</div>
          <div className="server-table-actions">{actions}</div>
        </div>
      ) : null}
      <DataTable<Row>
        columns={tableColumns}
        rows={list.rows}
        rowKey={list.rowKey}
        label={label}
        loading={list.status === 'loading'}
        loadingText={t('status.loading')}
        empty={empty}
        sort={list.sort}
        onSort={(column, type) => list.setSort({ column, type })}
      />
      <div className="server-table-footer">
        {selectable && list.selected.size > 0 ? <span className="server-table-selected">{t('table.selected', { n: list.selected.size })}</span> : null}
        {list.sort && !list.sortsWholeList ? <span className="server-table-note">{t('table.sortedOnPage')}</span> : null}
        <Pagination
          size="sm"
          layout={['total', '-', 'limit', '|', 'pager', 'skip']}
          total={list.total}
          limit={list.pageSize}
          limitOptions={[...PAGE_SIZES]}
          activePage={list.pageNo}
          maxButtons={5}
          prev
          next
          first
          last
          ellipsis
          boundaryLinks
          onChangePage={list.setPageNo}
          onChangeLimit={list.setPageSize}
        />
      </div>
    </section>
  );
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
