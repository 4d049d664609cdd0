// /setUp without an id (issue 37: it was one sentence): the start page says what the editor is for, offers the
// algorithms edited most recently (links into the editor), a new one to those who may write, and the whole list;
// a failed load says why and retries.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import type { SetupEvent } from '../../src/screens/algorithms/orchestrationApi.ts';
import SetUpScreen from '../../src/screens/algorithms/SetUpScreen.tsx';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({ listRecentDrafts: vi.fn(), getDraft: vi.fn(), addDraft: vi.fn() }));
vi.mock('../../src/screens/algorithms/orchestrationApi.ts', () => ({ ...calls }));

const draft = (id: number, name: string, buttonType: SetupEvent['buttonType'], sataus: 0 | 1 | 2) =>
  ({ id, name, buttonType, sataus, updateTime: `2026-12-0${id} 10:00:00` }) as SetupEvent;

describe('/setUp without an id', () => {
  beforeAll(async () => {
    installDomPolyfills();
    await setupI18n('en', NAMESPACES);
  });
  beforeEach(() => {
    for (const fn of Object.values(calls)) fn.mockReset();
    calls.listRecentDrafts.mockResolvedValue([draft(3, 'Phone use', 'validate', 1), draft(2, 'Carton piles', 'orchestrate', 0)]);
  });
  afterEach(cleanup);

  it('offers the recent algorithms, a new one and the whole list', async () => {
    renderSignedIn(<SetUpScreen />, { path: '/setUp', buttons: ['setUp', 'algorithmicSetup'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Orchestration' })).toBeTruthy();
    const recent = await screen.findByRole('region', { name: 'Edited recently' });
    const links = within(recent).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Phone use', '/setUp?id=3'],
      ['Carton piles', '/setUp?id=2'],
    ]);
    expect(recent.textContent).toContain('Orchestrate');
    expect(calls.listRecentDrafts).toHaveBeenCalledWith(8, expect.any(AbortSignal));
    expect(screen.getByRole('link', { name: 'All algorithms' }).getAttribute('href')).toBe('/algorithmicSetup');
    fireEvent.click(screen.getByRole('button', { name: 'New algorithm' }));
    expect(await screen.findByRole('dialog', { name: 'New algorithm' })).toBeTruthy();
    expect(calls.getDraft).not.toHaveBeenCalled();
  });

  it('offers no new algorithm to a reader, and says when there is none yet', async () => {
    calls.listRecentDrafts.mockResolvedValue([]);
    renderSignedIn(<SetUpScreen />, { path: '/setUp', buttons: [] });
    expect(await screen.findByText('No algorithm yet. Create one to start.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New algorithm' })).toBeNull();
  });

  it('says why the recent list failed and loads it again on Retry', async () => {
    calls.listRecentDrafts.mockRejectedValueOnce(new Error('connection refused'));
    renderSignedIn(<SetUpScreen />, { path: '/setUp', buttons: ['setUp'] });
    expect((await screen.findByRole('alert')).textContent).toContain('connection refused');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Phone use' })).toBeTruthy();
  });
});
