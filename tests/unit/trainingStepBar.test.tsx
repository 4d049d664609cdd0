// Issue 37: the wizard says where the operator is and what comes next, and each step's primary action is in one
// place — the step bar under the steps — whatever the step's panel shows above its own end (it sat at the end of
// each panel, moving with what the panel showed).
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { TrainingWizard } from '../../src/screens/training/TrainingWizard.tsx';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const training = vi.hoisted(() => ({ loadDataset: vi.fn(), findAlgorithm: vi.fn(), listSamples: vi.fn() }));
vi.mock('../../src/screens/training/trainingApi.ts', async (original) => ({ ...(await original<object>()), ...training }));

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en', NAMESPACES);
});
afterEach(cleanup);

it('classify: "Step 2 of 7", next the health check, and the step\'s primary action in the step bar', async () => {
  training.findAlgorithm.mockResolvedValue({ id: 41, name: 'Helmet check' });
  training.loadDataset.mockResolvedValue({ counts: { total: 10, positive: 5, negative: 5, unclassified: 0 }, trainTaskId: null, modelId: null, report: null, published: false });
  training.listSamples.mockResolvedValue([]);
  renderSignedIn(<TrainingWizard algorithmId={41} />, { path: '/algorithmProduction/train?algorithmId=41&step=classify' });
  const bar = await screen.findByTestId('step-bar');
  expect(bar.textContent).toContain('Step 2 of 7: Classify');
  expect(bar.textContent).toContain('Next: Health check');
  const next = await within(bar).findByRole('button', { name: 'Go on to the health check' });
  expect(next.classList.contains('rs-btn')).toBe(true);
  // Only there: not a second time at the end of the panel.
  expect(screen.getAllByRole('button', { name: 'Go on to the health check' })).toHaveLength(1);
  // The bar sits right under the steps, before the panel.
  const steps = screen.getByRole('navigation', { name: 'Training steps' });
  expect(steps.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});
