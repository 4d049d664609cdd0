// The filter draft follows the URL when it changes from outside (Back, a link), but the URL catching up with the
// draft's own apply or reset — late, on a loaded machine, behind a router transition — does not overwrite what the
// user typed since (issue 8: a time typed right after Reset was wiped; timeRange.spec.ts failed on a fresh clone).
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFilterDraft } from '../../src/components/table/FilterBar.tsx';

type Filters = Record<'keyword' | 'status', string>;

function setup(initial: Filters) {
  const setFilters = vi.fn();
  const hook = renderHook(({ applied }: { applied: Filters }) => useFilterDraft<'keyword' | 'status'>(applied, setFilters), {
    initialProps: { applied: initial },
  });
  return { hook, setFilters };
}

describe('useFilterDraft', () => {
  it('keeps what is typed after Reset when the URL catches up later', () => {
    const { hook, setFilters } = setup({ keyword: 'gate', status: '1' });
    act(() => hook.result.current.reset());
    expect(setFilters).toHaveBeenCalledWith({ keyword: '', status: '' });
    act(() => hook.result.current.set('keyword', 'typed meanwhile'));
    hook.rerender({ applied: { keyword: '', status: '' } }); // the URL now has the reset
    expect(hook.result.current.values).toEqual({ keyword: 'typed meanwhile', status: '' });
  });

  it('keeps what is typed after an apply when the URL catches up later', () => {
    const { hook, setFilters } = setup({ keyword: '', status: '' });
    act(() => hook.result.current.set('keyword', 'north'));
    act(() => hook.result.current.apply());
    expect(setFilters).toHaveBeenCalledWith({ keyword: 'north', status: '' });
    act(() => hook.result.current.set('status', '2'));
    hook.rerender({ applied: { keyword: 'north', status: '' } });
    expect(hook.result.current.values).toEqual({ keyword: 'north', status: '2' });
  });

  it('follows a change from outside, also one back to what it applied before', () => {
    const { hook } = setup({ keyword: '', status: '' });
    act(() => hook.result.current.set('keyword', 'north'));
    act(() => hook.result.current.apply());
    hook.rerender({ applied: { keyword: 'north', status: '' } });
    hook.rerender({ applied: { keyword: 'south', status: '3' } }); // Back
    expect(hook.result.current.values).toEqual({ keyword: 'south', status: '3' });
    hook.rerender({ applied: { keyword: 'north', status: '' } }); // Forward
    expect(hook.result.current.values).toEqual({ keyword: 'north', status: '' });
  });
});
