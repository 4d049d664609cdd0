// A list loaded whole (an algorithm's versions, a sync's boxes, a validation's images) shown in the shared
// ServerTable: the same pager, sorting, empty / loading / error states and Retry as a server-paginated list. The
// rows are sorted as a whole (not page by page) and paged here; page and sort are the panel's own state, not the
// URL's, since a screen may show several such lists at once.
import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, type SortState, sortRows } from './listState.ts';
import type { ListStatus, ServerList } from './useServerList.ts';

export interface LocalListSource<Row> {
  rows: readonly Row[];
  status: ListStatus;
  error?: string | null;
  /** Loads the rows again (Retry); a list given whole, with nothing to load, leaves it out. */
  reload?(): void;
  rowKey(row: Row): number | string;
  defaultPageSize?: number;
  /** The order shown first (a version list newest first). */
  initialSort?: SortState | null;
}

const NOTHING: ReadonlySet<number | string> = new Set();
const noop = () => {};

export function useLocalList<Row>(source: LocalListSource<Row>): ServerList<Row> {
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(source.defaultPageSize ?? DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<SortState | null>(source.initialSort ?? null);
  const [selected, setSelected] = useState<ReadonlySet<number | string>>(NOTHING);
  const sorted = useMemo(() => sortRows(source.rows, sort), [source.rows, sort]);
  // A page past the end (rows gone after a reload) shows the last page that has rows.
  const lastPage = Math.max(1, Math.ceil(sorted.length / pageSize));
  const page = Math.min(pageNo, lastPage);
  const rows = useMemo(() => sorted.slice((page - 1) * pageSize, page * pageSize), [sorted, page, pageSize]);
  return {
    filters: {},
    pageNo: page,
    pageSize,
    sort,
    sortsWholeList: true,
    rows,
    total: source.rows.length,
    status: source.status,
    error: source.error ?? null,
    selected,
    rowKey: source.rowKey,
    setFilters: noop,
    setPageNo,
    setPageSize: (size) => {
      setPageSize(size);
      setPageNo(1);
    },
    setSort,
    setSelected,
    reload: source.reload ?? noop,
    afterDelete: () => {
      setSelected(NOTHING);
      source.reload?.();
    },
  };
}
