// The list table's column widths (as rsuite's table gave them) and sticky offsets, and the order a header click
// asks for.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { baseWidth, columnWidths, DEFAULT_COLUMN_WIDTH, stickyOffsets } from '../../src/components/table/columnWidths.ts';
import { nextSort } from '../../src/components/table/DataTable.tsx';

describe('column widths', () => {
  const columns = [{ width: 48, fixed: 'left' as const }, { flexGrow: 1, minWidth: 120 }, { flexGrow: 2, minWidth: 100 }, {}, { width: 200, fixed: 'right' as const }];

  it('keeps set widths and shares the rest of the frame by flexGrow, filling it exactly', () => {
    const widths = columnWidths(columns, 1000);
    expect(widths).toEqual([48, 217, 435, DEFAULT_COLUMN_WIDTH, 200]);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('gives a growing column no less than its minWidth: the table is then wider than the frame', () => {
    const widths = columnWidths(columns, 412);
    expect(widths).toEqual([48, 120, 100, 100, 200]);
    expect(widths.reduce((a, b) => a + b, 0)).toBeGreaterThan(412);
  });

  it('starts from base widths before the frame is measured', () => {
    expect(columns.map(baseWidth)).toEqual([48, 120, 100, 100, 200]);
  });

  it('offsets sticky columns by the sticky columns before them on their side', () => {
    expect(stickyOffsets([{ width: 48, fixed: 'left' }, { width: 60, fixed: 'left' }, { flexGrow: 1 }, { width: 90, fixed: 'right' }, { width: 150, fixed: 'right' }])).toEqual([0, 48, null, 150, 0]);
  });
});

describe('header order', () => {
  it('starts a new column descending, then turns it around on each click', () => {
    expect(nextSort(null, 'name')).toBe('desc');
    expect(nextSort({ column: 'size', type: 'asc' }, 'name')).toBe('desc');
    expect(nextSort({ column: 'name', type: 'desc' }, 'name')).toBe('asc');
    expect(nextSort({ column: 'name', type: 'asc' }, 'name')).toBe('desc');
  });
});
