// One actions column for every list (issue 37): its width is given, or taken from the labels of the longest set
// of buttons a row may show; then the buttons stay on one line and the column never shrinks below them.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { actionsColumn, actionsWidth } from '../../src/components/table/CellActions.tsx';
import { columnFloor } from '../../src/components/table/columnWidths.ts';

const buttons = () => [
  { key: 'edit', label: 'Edit', ariaLabel: 'Edit Alice', onClick: () => {} },
  { key: 'report', label: 'Report', to: '/report?id=1' },
];

describe('actionsColumn', () => {
  it('takes its width from the labels when none is given and keeps it; a given width may shrink to the floor', () => {
    const fitted = actionsColumn('Actions', ['Withdraw', 'Export', 'Export ONNX', 'Report'], buttons);
    expect(fitted.width).toBe(actionsWidth(['Withdraw', 'Export', 'Export ONNX', 'Report']));
    expect(fitted.fixed).toBe('right');
    expect(columnFloor(fitted)).toBe(fitted.width);
    const given = actionsColumn('Actions', 300, buttons);
    expect(given.width).toBe(300);
    expect(given.fixed).toBe('right');
    expect(columnFloor(given)).toBe(140);
  });

  it('renders the buttons on one line when fitted, with their names, links staying links', () => {
    const column = actionsColumn<{ id: number }>('Actions', ['Edit', 'Report'], buttons);
    render(<MemoryRouter>{column.render?.({ id: 1 })}</MemoryRouter>);
    expect(screen.getByRole('button', { name: 'Edit Alice' }).closest('.cell-actions')?.classList.contains('is-nowrap')).toBe(true);
    expect(screen.getByRole('link', { name: 'Report' }).getAttribute('href')).toBe('/report?id=1');
  });
});
