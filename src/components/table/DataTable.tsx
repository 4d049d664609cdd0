// The list table of the console: a plain HTML table (header cells, rows, cells; the browser lays it out once and
// wraps long text itself) with sortable headers, sticky first and last columns, a loading notice and a one-row
// empty or error state. It took over from rsuite's table, which positions every row and cell absolutely from its
// own measures: a cold /historyEvent rendered that table 27 times (1,537 cell renders) as each measure changed
// its state, with a forced layout in most of those commits. Here the rows render once per page of data, and the
// only measure is the frame's width, for the columns that grow (columnWidths.ts).
import { type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { baseWidth, type ColumnSize, columnFloor, columnWidths, nestedSticky, stickyOffsets, TIME_FLOOR, unbreakable } from './columnWidths.ts';
import type { SortState, SortType } from './listState.ts';
import './dataTable.css';

export interface DataColumn<Row> extends ColumnSize {
  key: string;
  header: ReactNode;
  /** The header is a button that orders the rows by this column (onSort). */
  sortable?: boolean;
  align?: 'left' | 'center' | 'right';
  cell(row: Row): ReactNode;
}

export interface DataTableProps<Row> {
  columns: ReadonlyArray<DataColumn<Row>>;
  rows: readonly Row[];
  rowKey(row: Row): number | string;
  /** What the table lists (its accessible name). */
  label: string;
  loading: boolean;
  loadingText: string;
  /** Shown in place of the rows when there are none (the empty message, or the error with its Retry). */
  empty: ReactNode;
  sort?: SortState | null;
  onSort?(column: string, type: SortType): void;
}

/** The next order of a header clicked: a new column starts descending, then each click turns it around. */
/** A header as shown: a hyphenated word ("sign-in") keeps its hyphen but is not broken after it. */
export function headerText(header: ReactNode): ReactNode {
  return typeof header === 'string' ? header.replace(/(\p{L}|\d)-(?=\p{L}|\d)/gu, '$1\u2011') : header;
}

export function nextSort(current: SortState | null | undefined, column: string): SortType {
  return current?.column === column && current.type === 'desc' ? 'asc' : 'desc';
}

export function DataTable<Row>({ columns, rows, rowKey, label, loading, loadingText, empty, sort, onSort }: DataTableProps<Row>) {
  // Each column's class and style, once per render: every cell of the column shares them.
  const offsets = stickyOffsets(columns);
  const cellProps = columns.map((column, index) => {
    const offset = offsets[index];
    const time = column.kind === 'time' ? 'data-table-time' : undefined;
    if (offset === null) return { className: time, style: column.align ? { textAlign: column.align } : undefined };
    return {
      className: `data-table-sticky data-table-sticky-${column.fixed}${time ? ` ${time}` : ''}`,
      style: { textAlign: column.align, [column.fixed === 'left' ? 'left' : 'right']: offset },
    };
  });
  return (
    <div className="data-table-frame">
      <table className="data-table" aria-label={label} aria-busy={loading}>
        <ColumnGroup columns={columns} />
        <thead>
          <tr>
            {columns.map((column, index) => {
              const sorted = sort?.column === column.key ? sort.type : null;
              return (
                <th
                  key={column.key}
                  scope="col"
                  {...cellProps[index]}
                  aria-sort={column.sortable ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                >
                  {column.sortable && onSort ? (
                    <button type="button" className="data-table-sort" data-sort={sorted ?? undefined} onClick={() => onSort(column.key, nextSort(sort, column.key))}>
                      {headerText(column.header)}
                      <svg className="data-table-sort-icon" viewBox="0 0 10 14" width="10" height="14" aria-hidden="true" focusable="false">
                        <path d="M5 1 9 5.5H1Z" className="data-table-sort-up" />
                        <path d="M5 13 1 8.5h8Z" className="data-table-sort-down" />
                      </svg>
                    </button>
                  ) : (
                    headerText(column.header)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="data-table-state-row">
              <td colSpan={columns.length}>{loading ? null : empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column, index) => (
                  <td key={column.key} {...cellProps[index]}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {loading ? (
        <div className="data-table-loading" role="status">
          <span className="data-table-spinner" aria-hidden="true" />
          {loadingText}
        </div>
      ) : null}
    </div>
  );
}

/** The most of the frame's width sticky columns may take and stay sticky. */
export const STICKY_SHARE = 0.5;

/**
 * The columns' widths for the frame's width, written to the <col> elements directly: a ResizeObserver reports the
 * frame's width after the browser lays the page out and before it paints, and the widths it sets are laid out in
 * that same frame. Through React state, that first report rendered again in the rendering task, and React ran the
 * page's pending effects there first: one 360 ms task at 4x CPU on a cold /historyEvent instead of two shorter
 * ones. New columns take the last width known (no layout is read for them). What a column needs at least (its
 * header's longest word, a time's date) is measured with a canvas in the header's and the cells' fonts: styles are
 * read, never the layout.
 */
function ColumnGroup({ columns }: { columns: readonly ColumnSize[] }) {
  const ref = useRef<HTMLTableColElement | null>(null);
  const frameWidth = useRef<number | null>(null);
  const current = useRef(columns);
  current.current = columns;
  const apply = useCallback(() => {
    const cols = ref.current?.children;
    if (!cols) return;
    const table = ref.current?.parentElement ?? null;
    const columns = current.current;
    const widths = frameWidth.current === null ? columns.map(baseWidth) : columnWidths(columns, frameWidth.current, table ? measuredFloors(table, columns) : undefined);
    widths.forEach((width, index) => {
      const col = cols[index] as HTMLElement | undefined;
      if (col) col.style.width = `${width}px`;
    });
    // Sticky columns that take most of a narrow frame (a phone's) would leave the rest of the row no room to scroll
    // into view: there they scroll with the others.
    const sticky = columns.reduce((sum, column, index) => sum + (column.fixed ? widths[index] : 0), 0);
    if (table && frameWidth.current !== null) {
      table.toggleAttribute('data-unstuck', sticky > frameWidth.current * STICKY_SHARE);
      // The empty or error state is centred in the frame, not in a table wider than it.
      table.style.setProperty('--data-table-frame-width', `${frameWidth.current}px`);
    }
  }, []);
  useLayoutEffect(() => {
    const frame = ref.current?.closest('.data-table-frame');
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const width = Math.floor(entries[0]?.contentRect.width ?? 0);
      if (width <= 0 || width === frameWidth.current) return;
      frameWidth.current = width;
      apply();
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [apply]);
  // New sizes are the reason to write the widths again (a list of fixed length: React wants one).
  const sizes = columns.map((column) => `${baseWidth(column)}:${column.flexGrow ?? 0}:${column.fixed ?? ''}:${column.kind ?? ''}:${column.shrinkTo ?? ''}`).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: sizes stands for the columns apply() reads
  useLayoutEffect(apply, [apply, sizes]);
  return (
    <colgroup ref={ref}>
      {columns.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a column's place is its identity here
        <col key={index} />
      ))}
    </colgroup>
  );
}

let measuring: CanvasRenderingContext2D | null | undefined;

/** The width of `text` in `font`, or null where no canvas can measure (outside a browser). */
function textWidth(text: string, font: string): number | null {
  if (measuring === undefined) measuring = typeof document === 'undefined' ? null : (document.createElement('canvas').getContext?.('2d') ?? null);
  if (!measuring) return null;
  measuring.font = font;
  return measuring.measureText(text).width;
}

const px = (value: string) => Number.parseFloat(value) || 0;

/** Each column's floor in this table: its header's longest word (with the cell's padding and a sort icon), a time's date. */
function measuredFloors(table: HTMLElement, columns: readonly ColumnSize[]): number[] {
  const headers = table.querySelectorAll<HTMLElement>('thead th');
  const nested = nestedSticky(columns);
  const header = headers[0] ? getComputedStyle(headers[0]) : null;
  const headerPadding = header ? px(header.paddingLeft) + px(header.paddingRight) : 20;
  const cell = getComputedStyle(table);
  const date = textWidth('0000-00-00', `${cell.fontSize} ${cell.fontFamily}`);
  // The cells' padding is the headers' (dataTable.css); a pixel more for rounding.
  const timeFloor = date === null ? TIME_FLOOR : Math.ceil(date + headerPadding + 1);
  return columns.map((column, index) => {
    const th = headers[index];
    let measured = 0;
    if (th && header) {
      const words = unbreakable(th.textContent ?? '').map((word) => textWidth(word, `${header.fontWeight} ${header.fontSize} ${header.fontFamily}`) ?? 0);
      const icon = th.querySelector('.data-table-sort-icon') ? 15 : 0;
      measured = Math.ceil(Math.max(0, ...words) + headerPadding + icon + 1);
    }
    return columnFloor(column, measured, timeFloor, nested[index]);
  });
}
