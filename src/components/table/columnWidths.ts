// Column widths of a list table. As rsuite's table gave them: a column with a width keeps it; the columns that
// grow share what is left of the frame by their flexGrow, none narrower than its minWidth; a column with neither
// is 100 px. When those widths are wider than the frame, the columns give up room toward their floors (each in
// proportion to what it can give; those with a set width first, the growing ones after) so the whole row stays in view — the actions and the times never go under the
// table's own sideways scrollbar (issue 37: on ~20 lists at 1366×768 they did). A column's floor is the most of:
// its header's longest word (a header wraps at spaces, never inside a word), a time's date ("2026-12-06", the time
// going under it), a declared `shrinkTo` (a cell of badges; a right-hand sticky column of buttons keeps 140 px, room
// for two a line), and 64 px. Only when even the floors are wider than
// the frame (a phone) does the table keep its widths and scroll sideways inside it. Sticky (fixed) columns stay in
// view while it does: their offsets from the table's edges are the widths of the sticky columns before them.

export interface ColumnSize {
  width?: number;
  flexGrow?: number;
  minWidth?: number;
  fixed?: 'left' | 'right';
  /** A date and time: shrinks no narrower than its date, which breaks from the time at the space. */
  kind?: 'time';
  /** The least this column may be given when the frame is narrow (a cell of badges or buttons). */
  shrinkTo?: number;
}

export const DEFAULT_COLUMN_WIDTH = 100;
/** The least any column is given while the row still fits the frame. */
export const SHRINK_FLOOR = 64;
/** A time column's floor when the date's own width cannot be measured (no canvas: tests outside a browser). */
export const TIME_FLOOR = 100;
/** A right-hand sticky column is a row's buttons, which wrap: it keeps room for about two of them a line. */
export const ACTIONS_FLOOR = 140;

/** The width of a column before the frame is known (and the least a growing column takes). */
export function baseWidth(column: ColumnSize): number {
  if (column.flexGrow) return column.minWidth ?? 0;
  return column.width ?? column.minWidth ?? DEFAULT_COLUMN_WIDTH;
}

/**
 * The least a column may shrink to. `measured`: what its content needs (the header's longest word, a time's date),
 * measured in the page. A sticky column with another sticky one outside it keeps its width: the other's offset
 * was set from it.
 */
export function columnFloor(column: ColumnSize, measured = 0, timeFloor = TIME_FLOOR, nested = false): number {
  const base = baseWidth(column);
  if (nested) return base;
  const own = column.shrinkTo ?? (column.fixed === 'right' ? ACTIONS_FLOOR : 0);
  return Math.min(base, Math.max(SHRINK_FLOOR, own, column.kind === 'time' ? timeFloor : 0, measured));
}

/** Whether a sticky column has another sticky column between it and its edge. */
export function nestedSticky(columns: readonly ColumnSize[]): boolean[] {
  const firstLeft = columns.findIndex((column) => column.fixed === 'left');
  const lastRight = columns.findLastIndex((column) => column.fixed === 'right');
  return columns.map((column, index) => (column.fixed === 'left' && index !== firstLeft) || (column.fixed === 'right' && index !== lastRight));
}

/**
 * Each column's width in whole pixels for a frame `frameWidth` wide. `floors` (from columnFloor) let the row fit
 * a frame narrower than the columns' widths; without them, or when even they do not fit, the widths stay and the
 * table scrolls sideways.
 */
export function columnWidths(columns: readonly ColumnSize[], frameWidth: number, floors?: readonly number[]): number[] {
  const fixedTotal = columns.reduce((sum, column) => sum + (column.flexGrow ? 0 : baseWidth(column)), 0);
  const grow = columns.reduce((sum, column) => sum + (column.flexGrow ?? 0), 0);
  const left = Math.max(0, frameWidth - fixedTotal);
  // Whole pixels, the remainder to the last growing column, so the sum fills the frame exactly.
  const widths = columns.map((column) => (column.flexGrow ? Math.max(column.minWidth ?? 0, Math.floor((left * column.flexGrow) / grow)) : baseWidth(column)));
  const lastGrowing = columns.findLastIndex((column) => Boolean(column.flexGrow));
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (lastGrowing >= 0 && total < frameWidth) widths[lastGrowing] += frameWidth - total;
  if (total <= frameWidth || !floors) return widths;
  // The columns with a set width give first; the growing ones (a name, a company: what a row is read by) only
  // when those are at their floors.
  const first = shrunk(
    widths,
    widths.map((width, index) => (columns[index].flexGrow ? width : floors[index])),
    frameWidth,
  );
  if (first) return first;
  const atFloors = widths.map((width, index) => (columns[index].flexGrow ? width : Math.min(width, floors[index])));
  return shrunk(atFloors, floors, frameWidth) ?? widths;
}

/** The widths brought down to fill `frameWidth`, each giving in proportion to what it can give; null if they cannot. */
function shrunk(widths: readonly number[], floors: readonly number[], frameWidth: number): number[] | null {
  const floorOf = widths.map((width, index) => Math.min(width, floors[index] ?? width));
  const room = widths.reduce((sum, width, index) => sum + (width - floorOf[index]), 0);
  const excess = widths.reduce((sum, width) => sum + width, 0) - frameWidth;
  if (excess > room) return null;
  const out = widths.map((width, index) => width - Math.ceil((excess * (width - floorOf[index])) / room));
  // Rounding up gave a few pixels too many back: return them to the columns that gave most.
  let spare = frameWidth - out.reduce((sum, width) => sum + width, 0);
  const byGiven = out.map((_, index) => index).sort((a, b) => widths[b] - out[b] - (widths[a] - out[a]));
  // (Each column rounded by less than a pixel: one pass gives them all back.)
  for (const index of byGiven) {
    if (spare <= 0) break;
    if (out[index] < widths[index]) {
      out[index]++;
      spare--;
    }
  }
  return out;
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

/**
 * The pieces of a header a line may not break inside: a word, or one CJK character (Chinese breaks between any
 * two characters).
 */
export function unbreakable(text: string): string[] {
  return text.match(/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+/g) ?? [];
}
