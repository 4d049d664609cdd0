// Parts of a screen shown together: not while any part is on its first load, and from the first render where none
// is, for good (a part reloading later does not hide the others again).
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstSettled } from '../../src/components/data/useFirstSettled.ts';

describe('useFirstSettled', () => {
  it('waits for every part, answered or failed, then stays settled through reloads', () => {
    const { result, rerender } = renderHook((statuses: string[]) => useFirstSettled(...statuses), { initialProps: ['loading', 'loading'] });
    expect(result.current).toBe(false);
    rerender(['ready', 'loading']);
    expect(result.current).toBe(false);
    rerender(['ready', 'error']);
    expect(result.current).toBe(true);
    rerender(['loading', 'error']);
    expect(result.current).toBe(true);
  });

  it('is settled at once when nothing is loading', () => {
    const { result } = renderHook(() => useFirstSettled('ready'));
    expect(result.current).toBe(true);
  });
});
