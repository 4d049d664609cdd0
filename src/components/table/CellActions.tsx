// A row's buttons in a table cell of their own (wrapping onto lines; .cell-actions of serverTable.css, which the
// tables load): the system trees, users and orchestration lists.
import { type RowButton, RowButtons } from '../resource/rowButtons.tsx';
import type { TableColumn } from './ServerTable.tsx';

export function CellActions({ buttons }: { buttons: readonly RowButton[] }) {
  return (
    <div className="cell-actions">
      <RowButtons buttons={buttons} />
    </div>
  );
}

/** A list's actions column: kept in view on the right, the row's buttons in it. */
export function actionsColumn<Row>(header: string, width: number, buttons: (row: Row) => RowButton[]): TableColumn<Row> {
  return { key: 'actions', header, width, fixed: 'right', render: (row) => <CellActions buttons={buttons(row)} /> };
}
