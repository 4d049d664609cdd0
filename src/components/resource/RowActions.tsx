// The buttons of a list row (edit, delete, start …) and of a list's toolbar (add, delete the selected rows): one
// look and one behaviour for every list — the resource screens and the edge-box, task and plan lists.
import type { ReactNode } from 'react';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import type { ConfirmRequest } from '../table/ConfirmDialog.tsx';
import { type RowButton, RowButtons } from './rowButtons.tsx';
import './resource.css';

export type { RowButton } from './rowButtons.tsx';

/** `nowrap`: the buttons stay on one line (the column is given their width: actionsWidth). */
export function RowActions({ buttons, nowrap }: { buttons: readonly RowButton[]; nowrap?: boolean }) {
  return (
    <span className={nowrap ? 'row-actions is-nowrap' : 'row-actions'}>
      <RowButtons buttons={buttons} />
    </span>
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
 * A list's right-hand column of row buttons kept on one line, as wide as the longest set of labels a row may show
 * (`labels`, in the list's language): it never shrinks below them, so no button wraps or hides. (CellActions'
 * actionsColumn takes a fixed width and lets the buttons wrap inside it.)
 */
export function fittedActionsColumn<Row>(header: string, labels: readonly string[], buttons: (row: Row) => RowButton[]) {
  const width = Math.max(90, actionsWidth(labels));
  return { key: 'actions', header, width, shrinkTo: width, fixed: 'right' as const, render: (row: Row) => <RowActions nowrap buttons={buttons(row)} /> };
}

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
