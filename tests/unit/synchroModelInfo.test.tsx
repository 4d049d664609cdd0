// /synchroModelInfo while another algorithm's versions load: the previous algorithm's versions leave the table and
// the version management at once, so no button of theirs (report, sync, withdraw) can be clicked under the new
// algorithm's name. Before, they stayed until
// the new list came, and a sync clicked then opened a version the screen could not find (the panel never showed).
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import SynchroModelInfoScreen from '../../src/screens/training/SynchroModelInfoScreen.tsx';
import type { WarehouseAlgorithm } from '../../src/screens/training/trainingApi.ts';
import type { TrainVersion, TrainVersionList } from '../../src/screens/training/versionsApi.ts';
import { deferred } from '../support/deferred.ts';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({ listWarehouse: vi.fn(), listVersions: vi.fn() }));
vi.mock('../../src/screens/training/trainingApi.ts', async (original) => ({ ...(await original<object>()), listWarehouse: calls.listWarehouse }));
vi.mock('../../src/screens/training/versionsApi.ts', async (original) => ({ ...(await original<object>()), listVersions: calls.listVersions }));

const algorithm = (id: number, name: string) => ({ id, name, versionCount: 1 }) as WarehouseAlgorithm;
const versionOf = (id: number, algorithmId: number, algorithmName: string) =>
  ({
    id,
    algorithmId,
    algorithmName,
    version: 'train-1',
    threshold: 0.5,
    accuracy: 0.9,
    averagePrecision: 0.8,
    positiveCount: 10,
    negativeCount: 10,
    published: true,
    createTime: '2026-11-26 10:00:00',
  }) as TrainVersion;
const listOf = (algorithmId: number, version: TrainVersion): TrainVersionList => ({ algorithmId, newSamples: 0, latestVersion: 'train-1', list: [version] });

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en', NAMESPACES);
});
afterEach(cleanup);

it("lists no version of the previous algorithm while the chosen one's load", async () => {
  calls.listWarehouse.mockResolvedValue({ list: [algorithm(1, 'Helmet'), algorithm(2, 'Red patch')], total: 2 });
  const second = deferred<TrainVersionList>();
  calls.listVersions.mockImplementation((id: number) => (id === 1 ? Promise.resolve(listOf(1, versionOf(11, 1, 'Helmet'))) : second.promise));
  const { router } = renderSignedIn(<SynchroModelInfoScreen />, { path: '/synchroModelInfo' });
  await screen.findByRole('button', { name: 'Sync train-1 to edge boxes' });
  // The versions' management is built when it is opened.
  const manage = screen.getByText('Publish, withdraw, export or import versions').closest('details') as HTMLDetailsElement;
  manage.open = true;
  fireEvent(manage, new Event('toggle'));
  await screen.findByRole('button', { name: 'Withdraw' });

  fireEvent.click(screen.getByRole('combobox', { name: 'Algorithm' }));
  fireEvent.click(await screen.findByRole('option', { name: /Red patch/ }));
  await waitFor(() => expect(router.state.location.search).toContain('algorithmId=2'));
  // Helmet's train-1 is gone before Red patch's list has come.
  expect(screen.queryByRole('button', { name: 'Sync train-1 to edge boxes' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Report of train-1' })).toBeNull();
  // Nor under "manage versions": Helmet's published train-1 offered no Withdraw there either.
  expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();

  await act(async () => second.resolve(listOf(2, versionOf(21, 2, 'Red patch'))));
  fireEvent.click(await screen.findByRole('button', { name: 'Sync train-1 to edge boxes' }));
  await waitFor(() => expect(router.state.location.search).toContain('sync=21'));
});
