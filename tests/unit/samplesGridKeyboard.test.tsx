// Issue 37: the classify grid could not be used by keyboard alone (arrows and Space selected nothing in the
// listbox). Arrows move the active image (aria-activedescendant), Space selects it, Shift+arrow extends the
// selection, and P/N/U move the selection — the keys are shown in the buttons and the help.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { SamplesGrid } from '../../src/screens/training/SamplesGrid.tsx';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const training = vi.hoisted(() => ({ listSamples: vi.fn() }));
vi.mock('../../src/screens/training/trainingApi.ts', async (original) => ({ ...(await original()), ...training }));

const sample = (id: number) => ({ id, fileName: `s${id}.png`, label: 'unclassified', thumbUrl: `/files/private/${id}.png` });

describe('the classify grid by keyboard', () => {
  beforeAll(async () => {
    installDomPolyfills();
    await setupI18n('en', NAMESPACES);
  });
  afterEach(cleanup);

  it('arrows move, Space selects, Shift+arrow extends, P classifies the selection', async () => {
    training.listSamples.mockResolvedValue({ list: [1, 2, 3, 4].map(sample), total: 4, counts: { total: 4, positive: 0, negative: 0, unclassified: 4 } });
    const send = vi.fn();
    renderSignedIn(<SamplesGrid algorithmId={3} counts={{ total: 4, positive: 0, negative: 0, unclassified: 4 }} busy={false} send={send} />);
    const grid = await screen.findByRole('listbox', { name: /./ });
    await screen.findAllByRole('option');
    const selected = () => screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true').map((o) => o.id);
    expect(grid.getAttribute('aria-activedescendant')).toBe('train-sample-1');
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(grid.getAttribute('aria-activedescendant')).toBe('train-sample-2');
    fireEvent.keyDown(grid, { key: ' ' });
    expect(selected()).toEqual(['train-sample-2']);
    fireEvent.keyDown(grid, { key: 'ArrowRight', shiftKey: true });
    expect(selected()).toEqual(['train-sample-2', 'train-sample-3']);
    fireEvent.keyDown(grid, { key: 'End' });
    fireEvent.keyDown(grid, { key: ' ' });
    expect(selected()).toEqual(['train-sample-2', 'train-sample-3', 'train-sample-4']);
    fireEvent.keyDown(grid, { key: ' ' });
    expect(selected()).toEqual(['train-sample-2', 'train-sample-3']);
    fireEvent.keyDown(grid, { key: 'p' });
    expect(send).toHaveBeenCalledWith({ type: 'CLASSIFY', ids: [2, 3], label: 'positive' });
    // The keys are on screen.
    expect(screen.getByRole('button', { name: 'Positive (P)' })).toBeTruthy();
    expect(screen.getByText(/arrows move, Space selects/)).toBeTruthy();
  });
});
