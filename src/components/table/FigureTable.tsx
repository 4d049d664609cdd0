// A small table of figures (a few rows per site, model, node or rank; no paging or sorting — those lists use
// DataTable), declared by its columns: a header cell each (scope col) and, per row, a cell each; the column marked
// `rowHeader` names its row (th scope row).
import type { ReactNode } from 'react';

export interface FigureColumn<Row> {
  key: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  rowHeader?: boolean;
}

export interface FigureTableProps<Row> {
  rows: readonly Row[];
  columns: ReadonlyArray<FigureColumn<Row>>;
  rowKey(row: Row): string | number;
  className: string;
  label?: string;
  caption?: ReactNode;
  /** A row's own state (a chosen row's class and aria-selected). */
  rowProps?(row: Row): { className?: string; 'aria-selected'?: boolean };
}

export function FigureTable<Row>({ rows, columns, rowKey, className, label, caption, rowProps }: FigureTableProps<Row>) {
  return (
    <table className={className} aria-label={label}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((column) =>
              column.rowHeader ? (
                <th key={column.key} scope="row">
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.key}>{column.cell(row)}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
