// The shared server-paginated table: a screen declares its columns, its filter bar and its actions; this does
// the paging, the loading overlay, the empty and error states (with Retry), sorting and row selection.
// The contract's list operations take no sort parameter, so sorting orders the rows of the current page and
// the table says so under the pager.
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Checkbox from 'rsuite/Checkbox';
import Pagination from 'rsuite/Pagination';
import Table from 'rsuite/Table';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Checkbox/styles/index.css';
import 'rsuite/Pagination/styles/index.css';
import 'rsuite/Table/styles/index.css';
import { PAGE_SIZES } from './listState.ts';
import type { ServerList } from './useServerList.ts';
import './serverTable.css';
import { useWrappedRows } from './useWrappedRows.ts';

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
  /** Defaults to the field's text. */
  render?: (row: Row) => ReactNode;
}

export interface ServerTableProps<Row> {
  list: ServerList<Row, string>;
  columns: ReadonlyArray<TableColumn<Row>>;
  /** What the table lists, for assistive technology ("Users"). */
  label: string;
  /** The filter bar (usually a FilterBar). */
  filters?: ReactNode;
  /** Buttons beside the filters (add, bulk actions). */
  actions?: ReactNode;
  /** Shows a checkbox per row; `describeRow` names the row for its checkbox. */
  selectable?: boolean;
  describeRow?: (row: Row) => string;
  emptyText?: string;
}

export function ServerTable<Row extends object>({ list, columns, label, filters, actions, selectable, describeRow, emptyText }: ServerTableProps<Row>) {
  const { t } = useTranslation('system');
  const keys = list.rows.map(list.rowKey);
  const checkedOnPage = keys.filter((key) => list.selected.has(key)).length;
  // Until the first page is in, the pager and the table's scrollbar are laid out but not shown: they would move
  // down as the rows arrive (a layout shift). The table takes its new height a frame or two after the rows (it
  // measures them), so they are shown two frames after the first load ends: where they stay. The attribute is set
  // on the element, not through state: a state change re-rendered the whole table once more (every cell; ~30 ms of
  // main thread on a phone for a page of alarms).
  const sectionRef = useRef<HTMLElement | null>(null);
  const settled = useRef(false);
  const firstLoadDone = list.status !== 'loading';
  useEffect(() => {
    if (settled.current || !firstLoadDone) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        settled.current = true;
        sectionRef.current?.setAttribute('data-first-load', 'false');
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [firstLoadDone]);

  const toggleRow = (key: number | string, checked: boolean) => {
    const next = new Set(list.selected);
    if (checked) next.add(key);
    else next.delete(key);
    list.setSelected(next);
  };

  const renderEmpty = () =>
    list.status === 'error' ? (
      <div className="rs-table-body-info server-table-state" role="alert">
        <span>{t('table.loadFailed', { reason: list.error ?? '' })}</span>
        <Button size="sm" onClick={list.reload}>
          {t('table.retry')}
        </Button>
      </div>
    ) : (
      <div className="rs-table-body-info server-table-state">{emptyText ?? t('table.empty')}</div>
    );

  const { measureRef, data } = useWrappedRows(list.rows);
  const sectionRefs = useCallback(
    (element: HTMLElement | null) => {
      sectionRef.current = element;
      measureRef(element);
    },
    [measureRef],
  );
  return (
    <section ref={sectionRefs} className="server-table" aria-label={label} aria-busy={list.status === 'loading'} data-first-load="true">
      {filters || actions ? (
        <div className="server-table-toolbar">
          <div className="server-table-filters">{filters}</div>
          <div className="server-table-actions">{actions}</div>
        </div>
      ) : null}
      <Table<Row, number | string>
        data={data}
        autoHeight
        minHeight={160}
        wordWrap="break-word"
        loading={list.status === 'loading'}
        locale={{ emptyMessage: emptyText ?? t('table.empty'), loading: t('table.loading') }}
        // '' rather than undefined: rsuite would mark every column without a dataKey (the checkboxes) as sorted.
        sortColumn={list.sort?.column ?? ''}
        sortType={list.sort?.type}
        onSortColumn={(column, type) => list.setSort(type ? { column, type } : null)}
        renderEmpty={renderEmpty}
      >
        {selectable ? (
          <Table.Column width={48} align="center" fixed="left">
            <Table.HeaderCell>
              <Checkbox
                checked={keys.length > 0 && checkedOnPage === keys.length}
                indeterminate={checkedOnPage > 0 && checkedOnPage < keys.length}
                disabled={keys.length === 0}
                onChange={(_, checked) => list.setSelected(checked ? new Set(keys) : new Set())}
              >
                <span className="sr-only">{t('table.selectPage')}</span>
              </Checkbox>
            </Table.HeaderCell>
            <Table.Cell>
              {(row: Row) => {
                const key = list.rowKey(row);
                return (
                  <Checkbox
                    checked={list.selected.has(key)}
                    onChange={(_, checked) => toggleRow(key, checked)}
                  >
                    {/* rsuite names the box by its label element, so the name is a visually hidden label */}
                    <span className="sr-only">{t('table.selectRow', { name: describeRow?.(row) ?? String(key) })}</span>
                  </Checkbox>
                );
              }}
            </Table.Cell>
          </Table.Column>
        ) : null}
        {columns.map((column) => (
          <Table.Column
            key={column.key}
            width={column.width}
            flexGrow={column.flexGrow}
            minWidth={column.minWidth}
            sortable={column.sortable}
            fixed={column.fixed}
            align={column.align}
          >
            <Table.HeaderCell>{column.header}</Table.HeaderCell>
            <Table.Cell dataKey={column.key}>
              {(row: Row) => (column.render ? column.render(row) : textOf((row as Record<string, unknown>)[column.key]))}
            </Table.Cell>
          </Table.Column>
        ))}
      </Table>
      <div className="server-table-footer">
        {selectable && list.selected.size > 0 ? <span className="server-table-selected">{t('table.selected', { n: list.selected.size })}</span> : null}
        {list.sort ? <span className="server-table-note">{t('table.sortedOnPage')}</span> : null}
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
