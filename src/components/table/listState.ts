// A list's view state as it lives in the URL query (STYLE.md: UI state in the URL, so Back restores the previous
// filter or page and a link reproduces the view): filters by name, pageNo, pageSize and a sort "column.asc".
// Pure functions over URLSearchParams; useServerList reads and writes through them.

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export type SortType = 'asc' | 'desc';
export interface SortState {
  column: string;
  type: SortType;
}

export interface ListState<K extends string> {
  filters: Record<K, string>;
  pageNo: number;
  pageSize: number;
  sort: SortState | null;
}

function positiveInt(text: string | null): number | null {
  if (!text || !/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}

/** The list state in `params`; anything malformed falls back to the default (page 1, 20 rows, no sort). */
export function readListState<K extends string>(params: URLSearchParams, filterKeys: readonly K[], defaultPageSize = DEFAULT_PAGE_SIZE): ListState<K> {
  const filters = {} as Record<K, string>;
  for (const key of filterKeys) filters[key] = params.get(key) ?? '';
  const size = positiveInt(params.get('pageSize'));
  const sortMatch = /^([A-Za-z0-9_]+)\.(asc|desc)$/.exec(params.get('sort') ?? '');
  return {
    filters,
    pageNo: positiveInt(params.get('pageNo')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultPageSize,
    sort: sortMatch ? { column: sortMatch[1], type: sortMatch[2] as SortType } : null,
  };
}

export interface ListStatePatch<K extends string> {
  filters?: Partial<Record<K, string>>;
  pageNo?: number;
  pageSize?: number;
  sort?: SortState | null;
}

/**
 * `params` with the patch applied. Changing a filter or the page size goes back to page 1 (the old page number
 * may not exist any more); empty filters and default values are left out, so a plain view has a plain URL.
 * Parameters the list does not own (another panel's, a typeIds) are kept.
 */
export function writeListState<K extends string>(params: URLSearchParams, patch: ListStatePatch<K>, defaultPageSize = DEFAULT_PAGE_SIZE): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  };
  let resetPage = false;
  for (const [key, value] of Object.entries(patch.filters ?? {}) as Array<[string, string | undefined]>) {
    if ((params.get(key) ?? '') !== (value ?? '').trim()) resetPage = true;
    set(key, (value ?? '').trim());
  }
  if (patch.pageSize !== undefined) {
    if (patch.pageSize !== (positiveInt(params.get('pageSize')) ?? defaultPageSize)) resetPage = true;
    set('pageSize', patch.pageSize === defaultPageSize ? null : String(patch.pageSize));
  }
  if (patch.sort !== undefined) set('sort', patch.sort ? `${patch.sort.column}.${patch.sort.type}` : null);
  if (patch.pageNo !== undefined) set('pageNo', patch.pageNo <= 1 ? null : String(patch.pageNo));
  else if (resetPage) next.delete('pageNo');
  return next;
}

/** Rows of one page sorted on the client (the contract's list operations have no sort parameter). */
export function sortRows<Row>(rows: readonly Row[], sort: SortState | null): Row[] {
  if (!sort) return [...rows];
  const direction = sort.type === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const fieldOf = (row: Row) => (row as Record<string, unknown>)[sort.column];
  return [...rows].sort((a, b) => {
    const x = fieldOf(a);
    const y = fieldOf(b);
    if (x === y) return 0;
    if (x === null || x === undefined || x === '') return 1; // blanks last either way
    if (y === null || y === undefined || y === '') return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * direction;
    return collator.compare(String(x), String(y)) * direction;
  });
}
