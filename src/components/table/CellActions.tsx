// A list's actions column: the row's buttons (and links) in a table cell of their own, kept in view on the right
// (.cell-actions of serverTable.css, which the tables load). Every list's row buttons go through actionsColumn.
import { type RowButton, RowButtons } from '../resource/rowButtons.tsx';
import type { TableColumn } from './ServerTable.tsx';

export type { RowButton } from '../resource/rowButtons.tsx';

/** `nowrap`: the buttons stay on one line (the column is given their width: actionsWidth). */
export function CellActions({ buttons, nowrap }: { buttons: readonly RowButton[]; nowrap?: boolean }) {
  return (
    <div className={nowrap ? 'cell-actions is-nowrap' : 'cell-actions'}>
      <RowButtons buttons={buttons} />
    </div>
  );
}

/**
 * The width of a column of link buttons kept on one line: each label's characters (a CJK one about a 12 px
 * button's em, a Latin one about half of it), each button's padding and the cell's.
 */
export function actionsWidth(labels: readonly string[]): number {
  const text = labels.reduce((sum, label) => sum + [...label].reduce((w, c) => w + (/[\u2e80-\uffff]/.test(c) ? 13 : 7.5), 0), 0);
  return Math.ceil(text + labels.length * 18 + 24);
}

/**
 * A list's actions column. `size` is its width, or the labels of the longest set of buttons a row may show (in the
 * list's language): then the column is as wide as they are on one line and never shrinks below that, so no button
 * wraps or hides. With a width, the column may give up room toward the actions floor (columnWidths.ts) and its
 * buttons then share lines.
 */
export function actionsColumn<Row>(header: string, size: number | readonly string[], buttons: (row: Row) => RowButton[]): TableColumn<Row> {
  if (typeof size === 'number') return { key: 'actions', header, width: size, fixed: 'right', render: (row) => <CellActions buttons={buttons(row)} /> };
  const width = Math.max(90, actionsWidth(size));
  return { key: 'actions', header, width, shrinkTo: width, fixed: 'right', render: (row) => <CellActions nowrap buttons={buttons(row)} /> };
}
