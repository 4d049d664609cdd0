// The state of a server-paginated list: filters, page and sort from the URL; one request per view (earlier ones
// are aborted, so a slow answer never overwrites a newer one); loading, error with retry; the row selection.
// A screen declares what to load; ServerTable shows it.
import { afterPaint } from '../../app/afterPaint.ts';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, type ListStatePatch, readListState, type SortState, sortRows, writeListState } from './listState.ts';

export interface ListRequest<K extends string> {
  filters: Record<K, string>;
  pageNo: number;
  pageSize: number;
  signal: AbortSignal;
}

export interface ListPage<Row> {
  list: Row[];
  total: number;
}

export type ListStatus = 'loading' | 'ready' | 'error';

export interface ServerListOptions<Row, K extends string> {
  filterKeys: readonly K[];
  load(request: ListRequest<K>): Promise<ListPage<Row>>;
  rowKey(row: Row): number | string;
  defaultPageSize?: number;
}

export interface ServerList<Row, K extends string = string> {
  filters: Record<K, string>;
  pageNo: number;
  pageSize: number;
  sort: SortState | null;
  /** The sort orders the whole list, not only the page (a list loaded whole: useLocalList). */
  sortsWholeList?: boolean;
  /** The page's rows, sorted on the client when a sort is set. */
  rows: Row[];
  total: number;
  status: ListStatus;
  error: string | null;
  selected: ReadonlySet<number | string>;
  rowKey(row: Row): number | string;
  setFilters(filters: Partial<Record<K, string>>): void;
  setPageNo(pageNo: number): void;
  setPageSize(pageSize: number): void;
  setSort(sort: SortState | null): void;
  setSelected(keys: ReadonlySet<number | string>): void;
  /** Loads the current view again (after a write, or to retry). */
  reload(): void;
  /** After deleting `count` rows: reloads, stepping back a page when the current one would be empty. */
  afterDelete(count: number): void;
}

const NOTHING_SELECTED: ReadonlySet<number | string> = new Set();

export function useServerList<Row, K extends string>(options: ServerListOptions<Row, K>): ServerList<Row, K> {
  const [params, setParams] = useSearchParams();
  const { filterKeys, defaultPageSize = DEFAULT_PAGE_SIZE } = options;
  const state = useMemo(() => readListState(params, filterKeys, defaultPageSize), [params, filterKeys, defaultPageSize]);
  const [result, setResult] = useState<{ status: ListStatus; page: ListPage<Row>; error: string | null }>({
    status: 'loading',
    page: { list: [], total: 0 },
    error: null,
  });
  const [selected, setSelected] = useState<ReadonlySet<number | string>>(NOTHING_SELECTED);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const [attempt, setAttempt] = useState(0);
  // The latest loader without making it a dependency: screens pass a new closure on every render.
  const loadRef = useRef(options.load);
  loadRef.current = options.load;
  const rowKeyRef = useRef(options.rowKey);
  rowKeyRef.current = options.rowKey;

  // One string for "what to load", so the effect runs when the view changes and not on every render.
  const requestKey = JSON.stringify([state.filters, state.pageNo, state.pageSize]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: requestKey stands for the view it serialises; attempt forces a reload
  useEffect(() => {
    const controller = new AbortController();
    const [filters, pageNo, pageSize] = JSON.parse(requestKey) as [Record<K, string>, number, number];
    // The same state when it is loading already (the first load): a new object re-rendered the screen for nothing.
    setResult((current) => (current.status === 'loading' ? current : { ...current, status: 'loading', error: null }));
    const cancelWait = afterPaint(() => loadRef.current({ filters, pageNo, pageSize, signal: controller.signal }).then(
      (page) => {
        if (controller.signal.aborted) return;
        // The page renders as a transition: React renders its rows in slices and lets the browser answer a tap or a
        // key in between (a page of alarms is ~100 ms of rendering on a phone's CPU).
        startTransition(() => {
          setResult({ status: 'ready', page, error: null });
          // Keep only selected rows that are still on the page (nothing to do, and no update, when none is).
          if (selectedRef.current.size === 0) return;
          const keys = new Set(page.list.map((row) => rowKeyRef.current(row)));
          setSelected((current) => new Set([...current].filter((key) => keys.has(key))));
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setResult((current) => ({ status: 'error', page: { list: [], total: current.page.total }, error: message }));
      },
    ));
    return () => {
      cancelWait();
      controller.abort();
    };
  }, [requestKey, attempt]);

  // A page past the end (rows deleted elsewhere, an old link) goes to the last page that has rows.
  const lastPage = Math.max(1, Math.ceil(result.page.total / state.pageSize));
  const pastTheEnd = result.status === 'ready' && result.page.list.length === 0 && state.pageNo > lastPage;
  useEffect(() => {
    if (pastTheEnd) setParams((current) => writeListState(current, { pageNo: lastPage }, defaultPageSize), { replace: true });
  }, [pastTheEnd, lastPage, setParams, defaultPageSize]);

  const update = useCallback(
    (patch: ListStatePatch<K>) => setParams((current) => writeListState(current, patch, defaultPageSize)),
    [setParams, defaultPageSize],
  );
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const rows = useMemo(() => sortRows(result.page.list, state.sort), [result.page.list, state.sort]);

  return {
    filters: state.filters,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort,
    rows,
    total: result.page.total,
    status: result.status,
    error: result.error,
    selected,
    rowKey: options.rowKey,
    setFilters: (filters) => update({ filters }),
    setPageNo: (pageNo) => update({ pageNo }),
    setPageSize: (pageSize) => update({ pageSize }),
    setSort: (sort) => update({ sort }),
    setSelected,
    reload,
    afterDelete: (count) => {
      setSelected(NOTHING_SELECTED);
      if (state.pageNo > 1 && count >= result.page.list.length) update({ pageNo: state.pageNo - 1 });
      else reload();
    },
  };
}
