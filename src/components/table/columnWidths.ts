// Column widths of a list table, as rsuite's table gave them: a column with a width keeps it; the columns that
// grow share what is left of the frame by their flexGrow, none narrower than its minWidth; a column with neither
// is 100 px. Wider than the frame, the table scrolls sideways inside it. Sticky (fixed) columns stay in view while
// it does: their offsets from the table's edges are the widths of the sticky columns before them on that side.

export interface ColumnSize {
  width?: number;
  flexGrow?: number;
  minWidth?: number;
  fixed?: 'left' | 'right';
}

export const DEFAULT_COLUMN_WIDTH = 100;

/** The width of a column before the frame is known (and the least a growing column takes). */
export function baseWidth(column: ColumnSize): number {
  if (column.flexGrow) return column.minWidth ?? 0;
  return column.width ?? column.minWidth ?? DEFAULT_COLUMN_WIDTH;
}

/** Each column's width in whole pixels for a frame `frameWidth` wide. */
export function columnWidths(columns: readonly ColumnSize[], frameWidth: number): number[] {
  const fixedTotal = columns.reduce((sum, column) => sum + (column.flexGrow ? 0 : baseWidth(column)), 0);
  const grow = columns.reduce((sum, column) => sum + (column.flexGrow ?? 0), 0);
  const left = Math.max(0, frameWidth - fixedTotal);
  // Whole pixels, the remainder to the last growing column, so the sum fills the frame exactly.
  const widths = columns.map((column) => (column.flexGrow ? Math.max(column.minWidth ?? 0, Math.floor((left * column.flexGrow) / grow)) : baseWidth(column)));
  const lastGrowing = columns.findLastIndex((column) => Boolean(column.flexGrow));
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (lastGrowing >= 0 && total < frameWidth) widths[lastGrowing] += frameWidth - total;
  return widths;
}

/** The sticky offset of each fixed column (left: from the left edge; right: from the right edge); null if not fixed. */
export function stickyOffsets(columns: readonly ColumnSize[]): (number | null)[] {
  const offsets: (number | null)[] = columns.map(() => null);
  let fromLeft = 0;
  columns.forEach((column, index) => {
    if (column.fixed !== 'left') return;
    offsets[index] = fromLeft;
    fromLeft += baseWidth(column);
  });
  let fromRight = 0;
  for (let index = columns.length - 1; index >= 0; index--) {
    if (columns[index].fixed !== 'right') continue;
    offsets[index] = fromRight;
    fromRight += baseWidth(columns[index]);
  }
  return offsets;
}
