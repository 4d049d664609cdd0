// A resource's declared columns as the shared table's columns: headers from the catalogue, enumerated values,
// yes / no, colour swatches and looked-up names rendered the same way on every screen; the row buttons last.
import type { ReactNode } from 'react';
import { actionsColumn } from '../table/CellActions.tsx';
import type { TableColumn } from '../table/ServerTable.tsx';
import type { RowButton } from './rowButtons.tsx';
import type { ResourceTexts } from './resourceText.ts';
import type { ColumnSpec } from './types.ts';
import './resource.css';

function cell<Row>(column: ColumnSpec<Row>, row: Row, texts: ResourceTexts): ReactNode {
  if (column.render) return column.render(row, texts);
  const value = (row as Record<string, unknown>)[column.key];
  switch (column.kind) {
    case 'enum':
      return texts.enumText(column.key, value);
    case 'bool':
      return texts.shared(value ? 'yes' : 'no');
    case 'color':
      return typeof value === 'string' ? (
        <span className="resource-swatch" style={{ ['--swatch' as string]: value }}>
          {value}
        </span>
      ) : (
        '–'
      );
    case 'lookup': {
      const choice = (texts.lookups[column.lookup ?? column.key] ?? []).find((option) => option.value === value);
      return choice?.label ?? (value === null || value === undefined ? '–' : String(value));
    }
    case 'code':
      // A code (a type's code, a machine code) is no language: marked so for people and their translators.
      return value === null || value === undefined || value === '' ? '–' : <span translate="no">{String(value)}</span>;
    default:
      if (value === null || value === undefined || value === '') return '–';
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}

export function tableColumns<Row>(columns: ReadonlyArray<ColumnSpec<Row>>, texts: ResourceTexts, buttons: ((row: Row) => RowButton[]) | null, actionsWidth: number): TableColumn<Row>[] {
  const out: TableColumn<Row>[] = columns.map((column) => ({
    key: column.key,
    header: texts.text(`fields.${column.key}`),
    width: column.width,
    flexGrow: column.flexGrow ?? (column.width ? undefined : 1),
    minWidth: column.minWidth ?? (column.width ? undefined : 120),
    kind: column.kind === 'time' ? 'time' : undefined,
    shrinkTo: column.shrinkTo,
    sortable: column.sortable,
    align: column.align,
    render: (row) => cell(column, row, texts),
  }));
  if (buttons) out.push(actionsColumn(texts.shared('actions'), actionsWidth, buttons));
  return out;
}
