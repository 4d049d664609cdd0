// Issue 37, a newcomer training from nothing: "New training" on the landing page asks for a name and opens the
// wizard on a new fine-tuned algorithm (it was a link to the algorithm picker, which had nothing to pick on a new
// site); the New algorithm dialog opened from the Train menu defaults to Fine-tuned with no preset (it defaulted to
// Large-model prompts with preset 45's prompts); the wizard names the algorithm on its upload step and shows its
// steps across the top (it named nothing).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { NewDraftDialog } from '../../src/screens/algorithms/setup/NewDraftDialog.tsx';
import { ProductionLanding } from '../../src/screens/training/ProductionLanding.tsx';
import { TrainingWizard } from '../../src/screens/training/TrainingWizard.tsx';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const orch = vi.hoisted(() => ({ addDraft: vi.fn(), publishDraft: vi.fn(), listEventTypes: vi.fn() }));
vi.mock('../../src/screens/algorithms/orchestrationApi.ts', () => ({ ...orch }));
const training = vi.hoisted(() => ({ listWarehouse: vi.fn(), loadDataset: vi.fn(), findAlgorithm: vi.fn() }));
vi.mock('../../src/screens/training/trainingApi.ts', async (original) => ({ ...(await original()), ...training }));

const versions = vi.hoisted(() => ({ listVersions: vi.fn(), exportVersion: vi.fn(), exportOnnx: vi.fn() }));
vi.mock('../../src/screens/training/versionsApi.ts', async (original) => ({ ...(await original()), ...versions }));

const NATIVE = 'select, input[type="file"], input[type="range"], input[type="date"]';
const nativeControls = () => [...document.body.querySelectorAll(NATIVE)].filter((e) => !e.closest('.rs-uploader-trigger, .rs-slider')).map((e) => e.outerHTML.slice(0, 80));

const EMPTY = { total: 0, positive: 0, negative: 0, unclassified: 0 };

describe('training from nothing', () => {
  beforeAll(async () => {
    installDomPolyfills();
    await setupI18n('en', NAMESPACES);
  });
  beforeEach(() => {
    for (const fn of [...Object.values(orch), ...Object.values(training)]) fn.mockReset();
    orch.listEventTypes.mockResolvedValue([{ id: 7, typeName: 'Safety' }]);
    orch.addDraft.mockResolvedValue(41);
    orch.publishDraft.mockResolvedValue({ id: 41, eventId: 900, catalogueEventId: 5, version: 'v1.0.0' });
    training.listWarehouse.mockResolvedValue({ list: [], total: 0, pageNo: 1, pageSize: 100 });
  });
  afterEach(cleanup);

  it('New training asks for a name, makes a fine-tuned algorithm in the warehouse and opens the wizard on it', async () => {
    const { router } = renderSignedIn(<ProductionLanding />, { path: '/algorithmProduction' });
    expect(await screen.findByText('No algorithm yet: start with New training.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New training' }));
    const dialog = await screen.findByRole('dialog', { name: 'New training' });
    // Nothing is made without a name.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and start' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Enter the algorithm name');
    expect(orch.addDraft).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Algorithm name'), { target: { value: ' Helmet check ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and start' }));
    await waitFor(() => expect(router.state.location.search).toBe('?algorithmId=41&step=upload'));
    expect(router.state.location.pathname).toBe('/algorithmProduction/train');
    const [draft] = orch.addDraft.mock.calls[0]!;
    expect(draft).toMatchObject({ name: 'Helmet check', customEventType: 3, buttonType: 'train' });
    // No prompt is needed: the fine-tuned algorithm starts with none.
    expect(JSON.parse(draft.param).identifyObj.prompt).toEqual([]);
    expect(orch.publishDraft).toHaveBeenCalledWith(41, 7);
  });

  it('a failed publish is said in the dialog and Create again publishes the same draft, not a second one', async () => {
    orch.publishDraft.mockRejectedValueOnce(new Error('event type 7 not found'));
    const { router } = renderSignedIn(<ProductionLanding />, { path: '/algorithmProduction' });
    fireEvent.click(await screen.findByRole('button', { name: 'New training' }));
    const dialog = await screen.findByRole('dialog', { name: 'New training' });
    fireEvent.change(within(dialog).getByLabelText('Algorithm name'), { target: { value: 'Helmet check' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and start' }));
    expect(await within(dialog).findByText(/event type 7 not found/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and start' }));
    await waitFor(() => expect(router.state.location.search).toBe('?algorithmId=41&step=upload'));
    expect(orch.addDraft).toHaveBeenCalledTimes(1);
    expect(orch.publishDraft).toHaveBeenCalledTimes(2);
  });

  it('the New algorithm dialog opened from the Train menu defaults to Fine-tuned with no preset', async () => {
    renderSignedIn(<NewDraftDialog open buttonType="train" onClose={() => {}} onCreated={() => {}} />, { path: '/algorithmicSetup' });
    const dialog = await screen.findByRole('dialog', { name: 'New algorithm' });
    expect(dialog.textContent).toContain('Fine-tuned');
    expect(dialog.textContent).toContain('No preset (empty)');
    expect(dialog.textContent).not.toContain('Large-model prompts');
  });

  it('the wizard names the algorithm on its upload step, with its steps across the top', async () => {
    training.loadDataset.mockResolvedValue({ counts: EMPTY, trainTaskId: null, modelId: null, report: null, published: false });
    training.findAlgorithm.mockResolvedValue({ id: 41, name: 'Helmet check' });
    renderSignedIn(<TrainingWizard algorithmId={41} />, { path: '/algorithmProduction/train?algorithmId=41&step=upload' });
    expect(await screen.findByRole('heading', { name: 'Upload the images of “Helmet check”' })).toBeTruthy();
    const steps = screen.getByRole('navigation', { name: 'Training steps' });
    expect(within(steps).getAllByRole('button').map((b) => b.textContent)).toEqual(['Upload', 'Classify', 'Health check', 'Train', 'Evaluate', 'Validate', 'Publish']);
    expect(within(steps).getByRole('button', { name: 'Upload' }).getAttribute('aria-current')).toBe('step');
    expect(steps.querySelector('.rs-steps')).toBeTruthy();
    // The zip and the images are chosen in the console's upload field (the browser's own 'Choose File' was shown).
    expect(nativeControls()).toEqual([]);
    expect(screen.getByLabelText('Zip file').textContent).toContain('Drop a file here');
    expect(screen.getByLabelText('Images').textContent).toContain('Drop files here');
  });

  it('validates on images and on a video within the wizard, and exports the published version from it', async () => {
    const version = { id: 77, modelId: 9, version: 'train-1', published: true };
    versions.listVersions.mockResolvedValue({ list: [version], newSamples: 0, latestVersion: 'train-1' });
    versions.exportVersion.mockResolvedValue(undefined);
    versions.exportOnnx.mockResolvedValue(undefined);
    training.findAlgorithm.mockResolvedValue({ id: 41, name: 'Helmet check' });
    training.loadDataset.mockResolvedValue({
      counts: { total: 10, positive: 5, negative: 5, unclassified: 0 },
      trainTaskId: null,
      modelId: 9,
      report: { threshold: 0.5 },
      published: true,
    });
    renderSignedIn(<TrainingWizard algorithmId={41} />, { path: '/algorithmProduction/train?algorithmId=41&step=publish' });
    expect(await screen.findByRole('heading', { name: 'Validation on images' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Validation on a video' })).toBeTruthy();
    expect(nativeControls()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Export ONNX' }));
    await waitFor(() => expect(versions.exportOnnx).toHaveBeenCalledWith(version));
    fireEvent.click(screen.getByRole('button', { name: 'Export package' }));
    await waitFor(() => expect(versions.exportVersion).toHaveBeenCalledWith(version));
  });
});
