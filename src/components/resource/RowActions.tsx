// A list's toolbar (add, delete the selected rows) and the confirmation of an action on rows: one look and one
// behaviour for every list — the resource screens and the edge-box, task and plan lists. The row buttons
// themselves are an actions column (actionsColumn, src/components/table/CellActions.tsx).
import type { ReactNode } from 'react';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import type { ConfirmRequest } from '../table/ConfirmDialog.tsx';

export type { RowButton } from './rowButtons.tsx';

export interface ToolbarProps {
  /** The add button (absent without the permission). */
  add?: { label: string; onClick(): void } | null;
  /** Delete the selected rows (absent without the permission). */
  removeSelected?: { label: string; count: number; onClick(): void } | null;
  children?: ReactNode;
}

export function ListToolbar({ add, removeSelected, children }: ToolbarProps) {
  if (!add && !removeSelected && !children) return null;
  return (
    <>
      {add ? (
        <Button appearance="primary" onClick={add.onClick}>
          {add.label}
        </Button>
      ) : null}
      {children}
      {removeSelected ? (
        <Button color="red" appearance="ghost" disabled={removeSelected.count === 0} onClick={removeSelected.onClick}>
          {removeSelected.label}
        </Button>
      ) : null}
    </>
  );
}

export interface RowsConfirmTexts {
  title: string;
  /** The message for one row, given its name. */
  one(name: string): string;
  /** The message for several rows, given their number. */
  many(n: number): string;
  confirmLabel: string;
}

/** The confirmation of an action on one or several rows (delete, start, stop …). */
export function rowsConfirmation<Row>(rows: readonly Row[], nameOf: (row: Row) => string, texts: RowsConfirmTexts, action: () => Promise<void>): ConfirmRequest {
  return {
    title: texts.title,
    message: rows.length === 1 ? texts.one(nameOf(rows[0])) : texts.many(rows.length),
    confirmLabel: texts.confirmLabel,
    action,
  };
}
