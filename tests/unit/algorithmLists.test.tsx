// The orchestration list (/algorithmicSetup) and the version history on the declared list toolbar (issue 37): the
// name is typed in the product's own text field (bounded as the contract bounds it) and applied with Search, the
// state is a picker; Reset clears the fields but keeps the tab the list is on (it sent the Train tab back to
// Validate) and the draft the history was opened on; New algorithm only for a user who may write.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AlgorithmHistoryScreen from '../../src/screens/algorithms/AlgorithmHistoryScreen.tsx';
import AlgorithmicSetupScreen from '../../src/screens/algorithms/AlgorithmicSetupScreen.tsx';
import { renderSignedIn, setUpScreenTests } from './systemSupport.tsx';

const orch = vi.hoisted(() => ({ listDrafts: vi.fn(), listVersions: vi.fn(), listEventTypes: vi.fn() }));
vi.mock('../../src/screens/algorithms/orchestrationApi.ts', async (original) => ({ ...(await original()), ...orch }));

const page = { list: [], total: 0, pageNo: 1, pageSize: 20 };

describe('the algorithm lists', () => {
  setUpScreenTests();
  beforeEach(() => {
    for (const fn of Object.values(orch)) fn.mockReset();
    orch.listDrafts.mockResolvedValue(page);
    orch.listVersions.mockResolvedValue(page);
    orch.listEventTypes.mockResolvedValue([]);
  });

  it('orchestration: Search applies the name on the tab shown, Reset clears it and stays on that tab', async () => {
    const { router } = renderSignedIn(<AlgorithmicSetupScreen />, { path: '/algorithmicSetup', buttons: ['algorithmicSetup'] });
    await waitFor(() => expect(orch.listDrafts).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('tab', { name: 'Train' }));
    await waitFor(() => expect(orch.listDrafts.mock.lastCall?.[0]).toMatchObject({ buttonType: 'train' }));
    const name = screen.getByLabelText('Algorithm name') as HTMLInputElement;
    expect(name.maxLength).toBe(32);
    fireEvent.change(name, { target: { value: 'helmet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(orch.listDrafts.mock.lastCall?.[0]).toMatchObject({ name: 'helmet', buttonType: 'train' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(orch.listDrafts.mock.lastCall?.[0]).toMatchObject({ name: '', buttonType: 'train' }));
    expect(screen.getByRole('tab', { name: 'Train' }).getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.search).not.toContain('name=');
    expect(screen.getByRole('button', { name: 'New algorithm' })).toBeTruthy();
  });

  it('orchestration: no New algorithm without the permission to write', async () => {
    renderSignedIn(<AlgorithmicSetupScreen />, { path: '/algorithmicSetup', buttons: [] });
    await waitFor(() => expect(orch.listDrafts).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'New algorithm' })).toBeNull();
  });

  it("history: Reset clears the name and keeps the draft whose versions are shown", async () => {
    renderSignedIn(<AlgorithmHistoryScreen />, { path: '/algorithmProduction/algorithmHistory?draft=7' });
    await waitFor(() => expect(orch.listVersions.mock.lastCall?.[0]).toEqual({ name: '', setupEventId: 7 }));
    fireEvent.change(screen.getByLabelText('Algorithm name'), { target: { value: 'helmet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(orch.listVersions.mock.lastCall?.[0]).toEqual({ name: 'helmet', setupEventId: 7 }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(orch.listVersions.mock.lastCall?.[0]).toEqual({ name: '', setupEventId: 7 }));
  });
});
