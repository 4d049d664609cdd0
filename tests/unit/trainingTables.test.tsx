// Issue 37 ("aitables"): the training screens' lists were bare HTML tables (class train-table) with native inputs —
// no pager, no sorting, no empty state, actions that wrapped ("继续", "算法编排") and the warehouse's action cells out
// of line with their rows. Each list is now on the shared table: the warehouse and the landing page on the server
// (listWarehouse's page and size), the versions paged and sorted as a whole, empty / error states with Retry, the
// actions on one line in their row, and no browser control of its own (select, file chooser, check box).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { AlgorithmPicker } from '../../src/screens/training/AlgorithmPicker.tsx';
import { ProductionLanding } from '../../src/screens/training/ProductionLanding.tsx';
import SynchroModelInfoScreen from '../../src/screens/training/SynchroModelInfoScreen.tsx';
import TestVerifyScreen from '../../src/screens/training/TestVerifyScreen.tsx';
import type { WarehouseAlgorithm } from '../../src/screens/training/trainingApi.ts';
import type { TrainVersion } from '../../src/screens/training/versionsApi.ts';
import { VersionsPanel } from '../../src/screens/training/VersionsPanel.tsx';
import WarehouseScreen from '../../src/screens/training/WarehouseScreen.tsx';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';
import { chooseFiles } from './uploadSupport.ts';

const training = vi.hoisted(() => ({ listWarehouse: vi.fn() }));
vi.mock('../../src/screens/training/trainingApi.ts', async (original) => ({ ...(await original<object>()), ...training }));
const versions = vi.hoisted(() => ({ listVersions: vi.fn(), importVersion: vi.fn(), planDatasetExport: vi.fn(async () => null) }));
vi.mock('../../src/screens/training/versionsApi.ts', async (original) => ({ ...(await original<object>()), ...versions }));

const NATIVE = ['select', 'input[type="file"]', 'input[type="date"]', 'input[type="checkbox"]', 'input[type="radio"]'].join(',');
/** The browser's own controls shown (rsuite's markup hides its own inputs). */
const nativeControls = () =>
  [...document.body.querySelectorAll(NATIVE)].filter((e) => !e.closest('.rs-uploader-trigger, .rs-checkbox, .rs-radio, .rs-slider')).map((e) => e.outerHTML.slice(0, 80));

const algorithm = (id: number, over: Partial<WarehouseAlgorithm> = {}): WarehouseAlgorithm =>
  ({
    id,
    name: `Algorithm ${String(id).padStart(2, '0')}`,
    eventId: id,
    eventName: `Algorithm ${id}`,
    version: '1.0.0',
    customEventType: 3,
    source: 'train',
    sampleCount: 12,
    positiveCount: id,
    negativeCount: 3,
    unclassifiedCount: 0,
    trainState: null,
    lastTrainTaskId: null,
    versionCount: 0,
    publishedTrainVersion: null,
    lastReport: null,
    downloads: 0,
    userName: 'admin',
    createTime: '2026-12-01 10:00:00',
    updateTime: `2026-12-01 10:${String(id).padStart(2, '0')}:00`,
    ...over,
  }) as WarehouseAlgorithm;

/** A warehouse of `n` algorithms that pages as the server does. */
const warehouseOf = (n: number) => {
  const all = Array.from({ length: n }, (_, i) => algorithm(i + 1));
  return async (name: string, pageNo: number, pageSize: number) => {
    const found = all.filter((a) => a.name.includes(name));
    return { list: found.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: found.length, pageNo, pageSize };
  };
};

const version = (id: number, over: Partial<TrainVersion> = {}): TrainVersion =>
  ({
    id,
    algorithmId: 1,
    algorithmName: 'Algorithm 01',
    version: `train-${id}`,
    source: 'train',
    threshold: 0.5,
    accuracy: id / 100,
    averagePrecision: 0.8,
    robustAccuracy: null,
    robustWarning: false,
    positiveCount: 10,
    negativeCount: 10,
    published: false,
    publishedAt: null,
    publishedBy: null,
    createTime: `2026-11-${String(id).padStart(2, '0')} 10:00:00`,
    ...over,
  }) as TrainVersion;

const names = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => row.querySelector('td')?.textContent ?? '');

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en', NAMESPACES);
});
beforeEach(() => {
  training.listWarehouse.mockReset();
  versions.listVersions.mockReset();
  versions.importVersion.mockReset();
});
afterEach(cleanup);

describe('the warehouse', () => {
  it('pages on the server, sorts, and keeps each row\'s actions on one line in that row', async () => {
    training.listWarehouse.mockImplementation(warehouseOf(25));
    const { router } = renderSignedIn(<WarehouseScreen />, { path: '/algorithmProduction/warehouse' });
    const table = await screen.findByRole('table', { name: 'Published algorithms: 25' });
    await waitFor(() => expect(names(table)).toHaveLength(20));
    expect(training.listWarehouse).toHaveBeenLastCalledWith('', 1, 20, expect.any(AbortSignal));
    expect(nativeControls()).toEqual([]);

    // The row's actions are cells of that row, on one line.
    const row = within(table).getByRole('row', { name: /Algorithm 03/ });
    const train = within(row).getByRole('link', { name: 'Train' });
    expect(train.getAttribute('href')).toBe('/algorithmProduction/train?algorithmId=3');
    expect(train.closest('.cell-actions')?.classList.contains('is-nowrap')).toBe(true);
    expect(within(row).getByRole('button', { name: 'Versions (0)' })).toBeTruthy();

    // Sorting by name, descending then ascending.
    fireEvent.click(within(table).getByRole('button', { name: 'Algorithm' }));
    await waitFor(() => expect(names(table)[0]).toBe('Algorithm 20'));
    expect(router.state.location.search).toBe('?sort=name.desc');
    fireEvent.click(within(table).getByRole('button', { name: 'Algorithm' }));
    await waitFor(() => expect(names(table)[0]).toBe('Algorithm 01'));

    // The next page comes from the server.
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(names(table)).toEqual(['Algorithm 21', 'Algorithm 22', 'Algorithm 23', 'Algorithm 24', 'Algorithm 25']));
    expect(training.listWarehouse).toHaveBeenLastCalledWith('', 2, 20, expect.any(AbortSignal));
  });

  it('opens an algorithm\'s versions under the list, paged and sorted as a whole', async () => {
    training.listWarehouse.mockImplementation(async () => ({ list: [algorithm(1, { versionCount: 12 })], total: 1, pageNo: 1, pageSize: 20 }));
    versions.listVersions.mockResolvedValue({ algorithmId: 1, newSamples: 0, latestVersion: 'train-12', list: Array.from({ length: 12 }, (_, i) => version(i + 1)) });
    const { router } = renderSignedIn(<WarehouseScreen />, { path: '/algorithmProduction/warehouse' });
    fireEvent.click(await screen.findByRole('button', { name: 'Versions (12)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?versions=1'));
    const table = await screen.findByRole('table', { name: 'Versions of Algorithm 01: 12' });
    await waitFor(() => expect(names(table)).toHaveLength(10));
    // Sorting orders all twelve, not the page: the best accuracy first.
    fireEvent.click(within(table).getByRole('button', { name: 'Accuracy' }));
    await waitFor(() => expect(names(table)[0]).toBe('train-12'));
    expect(screen.queryByText('Sorting applies to this page only')).toBeNull();
    const pager = table.closest('.server-table') as HTMLElement;
    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    await waitFor(() => expect(names(table)).toEqual(['train-2', 'train-1']));
    // Each version's actions on one line in its row.
    const row = within(table).getByRole('row', { name: /train-2/ });
    expect(within(row).getByRole('button', { name: 'Publish' }).closest('.cell-actions')?.classList.contains('is-nowrap')).toBe(true);
    expect(nativeControls()).toEqual([]);
  });

  it('says so when the warehouse is empty, and offers Retry when it cannot load', async () => {
    training.listWarehouse.mockRejectedValueOnce(new Error('server down'));
    training.listWarehouse.mockResolvedValue({ list: [], total: 0, pageNo: 1, pageSize: 20 });
    renderSignedIn(<WarehouseScreen />, { path: '/algorithmProduction/warehouse' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('server down');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('No algorithm is in the warehouse yet: publish one from algorithm orchestration first.')).toBeTruthy());
  });
});

describe('the landing page and the picker', () => {
  it('lists the algorithms paged on the server, with Continue as a link on one line', async () => {
    training.listWarehouse.mockImplementation(warehouseOf(30));
    renderSignedIn(<ProductionLanding />, { path: '/algorithmProduction' });
    const table = await screen.findByRole('table', { name: 'Algorithms: 30' });
    await waitFor(() => expect(names(table)).toHaveLength(20));
    const row = within(table).getByRole('row', { name: /Algorithm 02/ });
    const next = within(row).getByRole('link', { name: 'Continue' });
    expect(next.getAttribute('href')).toBe('/algorithmProduction/train?algorithmId=2&step=health');
    expect(next.closest('.cell-actions')?.classList.contains('is-nowrap')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(names(table)).toHaveLength(10));
    expect(training.listWarehouse).toHaveBeenLastCalledWith('', 2, 20, expect.any(AbortSignal));
    expect(nativeControls()).toEqual([]);
  });

  it('finds by name on the server through the filter bar (no native input), and says when nothing matches', async () => {
    training.listWarehouse.mockImplementation(warehouseOf(3));
    const { router } = renderSignedIn(<AlgorithmPicker />, { path: '/algorithmProduction/train' });
    const table = await screen.findByRole('table', { name: 'Algorithms in the warehouse' });
    await waitFor(() => expect(names(table)).toHaveLength(3));
    const field = screen.getByLabelText('Name');
    expect(field.classList.contains('rs-input')).toBe(true);
    fireEvent.change(field, { target: { value: 'nothing' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await waitFor(() => expect(router.state.location.search).toBe('?name=nothing'));
    expect(await within(table).findByText('No algorithm matches this name.')).toBeTruthy();
    expect(training.listWarehouse).toHaveBeenLastCalledWith('nothing', 1, 20, expect.any(AbortSignal));
  });
});

describe('no native control on the versions screens and /testVerify', () => {
  it('/synchroModelInfo picks the algorithm in a picker and versions with rsuite check boxes', async () => {
    training.listWarehouse.mockResolvedValue({ list: [algorithm(1, { versionCount: 2 })], total: 1, pageNo: 1, pageSize: 100 });
    versions.listVersions.mockResolvedValue({ algorithmId: 1, newSamples: 0, latestVersion: 'train-2', list: [version(1), version(2, { published: true })] });
    const { router } = renderSignedIn(<SynchroModelInfoScreen />, { path: '/synchroModelInfo' });
    await screen.findByRole('button', { name: 'Sync train-2 to edge boxes' });
    expect(screen.getByRole('combobox', { name: 'Algorithm' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare version train-1' }));
    await waitFor(() => expect(router.state.location.search).toContain('compare=1'));
    expect(nativeControls()).toEqual([]);
  });

  it('a version package is chosen in the upload field and imported', async () => {
    versions.listVersions.mockResolvedValue({ algorithmId: 1, newSamples: 0, latestVersion: null, list: [] });
    versions.importVersion.mockResolvedValue(version(3));
    renderSignedIn(<VersionsPanel algorithmId={1} name="Algorithm 01" />, { path: '/algorithmProduction/warehouse' });
    const drop = await screen.findByLabelText('Import a version package (.zip)');
    expect(nativeControls()).toEqual([]);
    const zip = new File([new Uint8Array([80, 75, 3, 4])], 'package.zip', { type: 'application/zip' });
    chooseFiles(drop, [zip]);
    expect(await screen.findByText('package.zip')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(versions.importVersion).toHaveBeenCalledWith(1, zip));
  });

  it('/testVerify picks the model in a picker and the images in the upload field', async () => {
    training.listWarehouse.mockResolvedValue({
      list: [algorithm(1, { lastReport: { modelId: 9, version: 'train-1', accuracy: 0.9, averagePrecision: 0.9, folds: 5 } as WarehouseAlgorithm['lastReport'] })],
      total: 1,
      pageNo: 1,
      pageSize: 100,
    });
    renderSignedIn(<TestVerifyScreen />, { path: '/testVerify' });
    expect(await screen.findByRole('combobox', { name: 'Trained version' })).toBeTruthy();
    const drop = screen.getByLabelText('Images');
    chooseFiles(drop, [new File([new Uint8Array(20_000)], 'a.jpg', { type: 'image/jpeg' })]);
    expect(await screen.findByText('a.jpg')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Validate 1 image/ })).toBeTruthy();
    expect(nativeControls()).toEqual([]);
  });
});
