// A dashboard tile keeps the line of its detail while the figures load: the row of tiles must not grow when they
// arrive, or the panels below move under the user's pointer (a fresh-clone e2e run clicked beside the trend
// panel's link that way, just after returning to /index_traffic).
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tile } from '../../src/screens/stats/parts/Panel.tsx';

vi.mock('../../src/app/permissions.tsx', () => ({ usePermission: () => () => true }));
afterEach(cleanup);

const lines = (tile: HTMLElement) => [...tile.children].map((child) => child.className);

describe('Tile', () => {
  it('keeps the detail line while the figures load, then fills it', () => {
    const { getByTestId, rerender } = render(
      <MemoryRouter>
        <Tile testId="t" label="Today" value="–" detail={null} to={{ href: '/historyEvent', perm: 'historyEvent' }} />
      </MemoryRouter>,
    );
    const loading = lines(getByTestId('t'));
    expect(getByTestId('t').querySelector('.stats-tile-detail')?.textContent).toBe('\u00a0');
    rerender(
      <MemoryRouter>
        <Tile testId="t" label="Today" value="12" detail="violation 3 · road 9" to={{ href: '/historyEvent', perm: 'historyEvent' }} />
      </MemoryRouter>,
    );
    expect(lines(getByTestId('t'))).toEqual(loading);
    expect(getByTestId('t').querySelector('.stats-tile-detail')?.textContent).toBe('violation 3 · road 9');
  });

  it('has no detail line when it has no detail at all', () => {
    const { getByTestId } = render(<Tile testId="t" label="Cameras" value="4" />);
    expect(getByTestId('t').querySelector('.stats-tile-detail')).toBeNull();
    expect(getByTestId('t').tagName).toBe('DIV');
  });
});
