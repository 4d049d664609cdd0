// The training wizard's health step: Train is offered once the check is shown (or failed to load). Offered while
// the check was loading, the results arriving above it moved it down under the pointer and a click made just then
// was lost (a fresh-clone e2e run missed the §5 refusal that way).
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { HealthPanel } from '../../src/screens/training/HealthPanel.tsx';
import { deferred } from '../support/deferred.ts';
import { installDomPolyfills } from './systemSupport.tsx';
import type { TrainHealth } from '../../src/screens/training/trainingApi.ts';

const calls = vi.hoisted(() => ({ getHealth: vi.fn(), listSamples: vi.fn() }));
vi.mock('../../src/screens/training/trainingApi.ts', () => ({ getHealth: calls.getHealth, listSamples: calls.listSamples }));

const counts = { total: 12, positive: 6, negative: 5, unclassified: 1 };
const health: TrainHealth = {
  counts,
  balance: 0.83,
  width: { min: 320, max: 320, mean: 320 },
  height: { min: 240, max: 240, mean: 240 },
  exactDuplicates: [],
  nearDuplicates: [],
  tooSmall: [],
  minSide: 224,
};

beforeAll(async () => {
  // rsuite's pickers (the augmentation's copies) ask matchMedia, which jsdom lacks.
  installDomPolyfills();
  await setupI18n('en', NAMESPACES);
});
afterEach(cleanup);

describe('HealthPanel', () => {
  // Issue 37: near-duplicate groups offered deletion without showing the images.
  it('shows each duplicate group as images, the one kept and the ones removed, before Keep one deletes', async () => {
    calls.getHealth.mockResolvedValueOnce({ ...health, nearDuplicates: [{ sampleIds: [5, 6, 7] }] });
    calls.listSamples.mockResolvedValue({
      list: [5, 6, 7].map((id) => ({ id, fileName: `s${id}.png`, label: 'positive', thumbUrl: `/files/private/${id}.png` })),
      total: 3,
    });
    const send = vi.fn();
    render(<HealthPanel algorithmId={4} counts={counts} busy={false} send={send} augmentation={{ copies: 4, flip: true }} onAugmentation={vi.fn()} />);
    const group = await screen.findByRole('listitem', { name: 'Group 1: 3 images' });
    const images = await within(group).findAllByRole('img');
    expect(images.map((i) => i.getAttribute('alt'))).toEqual(['s5.png (Kept)', 's6.png (Removed)', 's7.png (Removed)']);
    expect(send).not.toHaveBeenCalled();
  });

  it('offers Train only once the check is shown, and then sends TRAIN', async () => {
    const answer = deferred<TrainHealth>();
    calls.getHealth.mockReturnValueOnce(answer.promise);
    const send = vi.fn();
    render(<HealthPanel algorithmId={4} counts={counts} busy={false} send={send} augmentation={{ copies: 4, flip: true }} onAugmentation={vi.fn()} />);
    const train = screen.getByRole('button', { name: 'Train' }) as HTMLButtonElement;
    expect(train.disabled).toBe(true);
    await act(async () => answer.resolve(health));
    expect(screen.getByText(/320/)).toBeTruthy();
    expect(train.disabled).toBe(false);
    act(() => train.click());
    expect(send).toHaveBeenCalledWith({ type: 'TRAIN' });
  });

  it('still offers Train when the check failed to load (the server applies the rules)', async () => {
    calls.getHealth.mockRejectedValueOnce(new Error('connecting to the server failed'));
    render(<HealthPanel algorithmId={4} counts={counts} busy={false} send={vi.fn()} augmentation={{ copies: 4, flip: true }} onAugmentation={vi.fn()} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Train' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers the augmentation beside Train: mirroring can be turned off, and not asked for without copies', async () => {
    calls.getHealth.mockResolvedValueOnce(health);
    const onAugmentation = vi.fn();
    const { rerender } = render(<HealthPanel algorithmId={4} counts={counts} busy={false} send={vi.fn()} augmentation={{ copies: 4, flip: true }} onAugmentation={onAugmentation} />);
    const mirror = screen.getByRole('checkbox', { name: 'Copies may be mirrored left–right' }) as HTMLInputElement;
    expect(mirror.checked).toBe(true);
    act(() => mirror.click());
    expect(onAugmentation).toHaveBeenCalledWith({ copies: 4, flip: false });
    rerender(<HealthPanel algorithmId={4} counts={counts} busy={false} send={vi.fn()} augmentation={{ copies: 0, flip: true }} onAugmentation={onAugmentation} />);
    expect((screen.getByRole('checkbox', { name: 'Copies may be mirrored left–right' }) as HTMLInputElement).disabled).toBe(true);
    await screen.findByText(/320/);
  });
});
