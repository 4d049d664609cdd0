// "Sync to edge boxes" on /synchroModelInfo against fake calls: the box picker shows each box's online state and
// its current sync, and bounds the choice; the status table names each state and the box's reason; the panel
// confirms before it syncs, then refreshes while a sync is on its way and stops once every box has answered; a
// failed load offers a retry; no box registered says so.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { MAX_SYNC_BOXES, SyncBoxPicker } from '../../src/screens/training/SyncBoxPicker.tsx';
import { SyncStatusTable } from '../../src/screens/training/SyncStatusTable.tsx';
import { VersionSyncPanel } from '../../src/screens/training/VersionSyncPanel.tsx';
import type { TrainVersionSync, TrainVersionSyncList } from '../../src/screens/training/versionSyncApi.ts';
import { SYNC_POLL_MS } from '../../src/screens/training/versionSyncApi.ts';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({ listVersionSyncs: vi.fn(), syncVersion: vi.fn() }));
vi.mock('../../src/screens/training/versionSyncApi.ts', async (original) => ({ ...(await original<object>()), ...calls }));

const boxes = [
  { id: 1, name: 'Gate box', online: true, simulated: true },
  { id: 2, name: 'Yard box', online: false, simulated: false },
];
const row = (status: TrainVersionSync['status'], extra: Partial<TrainVersionSync> = {}): TrainVersionSync => ({
  boxId: 1,
  boxName: 'Gate box',
  status,
  reason: '',
  createTime: '2026-11-26 10:00:00',
  deliveredTime: status === 'pending' ? null : '2026-11-26 10:00:05',
  finishedTime: status === 'applied' || status === 'failed' ? '2026-11-26 10:00:06' : null,
  ...extra,
});
const answer = (syncs: TrainVersionSync[]): TrainVersionSyncList => ({ versionId: 7, boxes, syncs });
const version = { id: 7, version: 'train-3', algorithmName: 'Red patch' };

let i18n: Awaited<ReturnType<typeof setupI18n>>;
beforeAll(async () => {
  installDomPolyfills();
  i18n = await setupI18n('en', NAMESPACES);
});
beforeEach(() => {
  calls.listVersionSyncs.mockReset();
  calls.syncVersion.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('box picker and status table', () => {
  it('shows online state, simulated and current sync per box, and bounds the choice', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <SyncBoxPicker boxes={boxes} syncs={[row('applied')]} chosen={[]} onChange={onChange} />
      </I18nextProvider>,
    );
    const gate = screen.getByLabelText('Gate box: Online');
    expect(gate.closest('label')?.textContent).toMatch(/Simulated.*Now: Applied/);
    expect(screen.getByLabelText('Yard box: Offline (takes it when it is back)')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Yard box: Offline (takes it when it is back)'));
    expect(onChange).toHaveBeenCalledWith([2]);
    expect(screen.getByText(`0 chosen (at most ${MAX_SYNC_BOXES})`)).toBeTruthy();
    rerender(
      <I18nextProvider i18n={i18n}>
        <SyncBoxPicker boxes={boxes} syncs={[]} chosen={Array.from({ length: MAX_SYNC_BOXES + 1 }, (_, i) => i + 1)} onChange={onChange} />
      </I18nextProvider>,
    );
    expect(screen.getByText(`Choose at most ${MAX_SYNC_BOXES} boxes at a time.`)).toBeTruthy();
  });

  it('says when no box is registered', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <SyncBoxPicker boxes={[]} syncs={[]} chosen={[]} onChange={() => {}} />
      </I18nextProvider>,
    );
    expect(screen.getByText(/No edge box is registered/)).toBeTruthy();
  });

  it('names each state with the box reason, and says whether anything is still on its way', () => {
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <SyncStatusTable syncs={[]} />
      </I18nextProvider>,
    );
    expect(screen.getByText('This version has not been synced to any box yet.')).toBeTruthy();
    rerender(
      <I18nextProvider i18n={i18n}>
        <SyncStatusTable syncs={[row('failed', { reason: 'extractor differs' }), row('delivered', { boxId: 2, boxName: 'Yard box' })]} />
      </I18nextProvider>,
    );
    const table = screen.getByTestId('sync-status');
    expect(within(table).getByRole('row', { name: /Gate box/ }).textContent).toMatch(/Failed.*extractor differs/);
    expect(within(table).getByRole('row', { name: /Yard box/ }).textContent).toContain('Delivered');
    expect(screen.getByText(/Refreshing every 2 s/)).toBeTruthy();
  });
});

describe('sync panel', () => {
  it('confirms, syncs, refreshes while pending and stops once every box answered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    calls.listVersionSyncs.mockResolvedValueOnce(answer([])).mockResolvedValueOnce(answer([row('pending')])).mockResolvedValue(answer([row('applied')]));
    calls.syncVersion.mockResolvedValue(answer([row('pending')]));
    renderSignedIn(<VersionSyncPanel version={version} onClose={() => {}} />);
    fireEvent.click(await screen.findByLabelText('Gate box: Online'));
    fireEvent.click(screen.getByRole('button', { name: 'Sync to the chosen boxes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sync version train-3 to 1 edge box?' });
    expect(dialog.textContent).toContain('Gate box');
    expect(calls.syncVersion).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sync' }));
    await waitFor(() => expect(calls.syncVersion).toHaveBeenCalledWith(7, [1]));
    expect(await screen.findByText('Queued for 1 box.')).toBeTruthy();
    expect(await screen.findByText(/Refreshing every/)).toBeTruthy();
    // The reload right after syncing answers pending; the next refresh answers applied.
    await waitFor(() => expect(calls.listVersionSyncs).toHaveBeenCalledTimes(2));
    await act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_MS));
    await waitFor(() => expect(within(screen.getByTestId('sync-status')).getByRole('row', { name: /Gate box/ }).textContent).toContain('Applied'));
    expect(screen.getByText('Every sync has an answer.')).toBeTruthy();
    const count = calls.listVersionSyncs.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_MS * 3));
    expect(calls.listVersionSyncs).toHaveBeenCalledTimes(count);
  });

  it('keeps the dialog open with the server reason when the sync is refused', async () => {
    calls.listVersionSyncs.mockResolvedValue(answer([]));
    calls.syncVersion.mockRejectedValue(new Error('Version Red patch train-3 is not published'));
    renderSignedIn(<VersionSyncPanel version={version} onClose={() => {}} />);
    fireEvent.click(await screen.findByLabelText('Yard box: Offline (takes it when it is back)'));
    fireEvent.click(screen.getByRole('button', { name: 'Sync to the chosen boxes' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sync' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('is not published');
  });

  it('offers a retry when the boxes cannot be loaded', async () => {
    calls.listVersionSyncs.mockRejectedValueOnce(new Error('network down')).mockResolvedValue(answer([]));
    renderSignedIn(<VersionSyncPanel version={version} onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('network down');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Gate box: Online')).toBeTruthy();
  });
});
