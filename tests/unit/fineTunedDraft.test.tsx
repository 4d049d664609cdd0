// Issue 37: a fine-tuned algorithm with no preset could not be published ("Publish to the warehouse" and
// "Validate 1 image" stayed disabled until an unrelated prompt was added). Its model comes from training, so the
// editor publishes it as saved (the server already did) and says it is validated in the training wizard; a
// prompt-based draft still needs its validation.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import type { SetupEvent } from '../../src/screens/algorithms/orchestrationApi.ts';
import { DraftEditor } from '../../src/screens/algorithms/setup/DraftEditor.tsx';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({
  listEventTypes: vi.fn(),
  getDraft: vi.fn(),
  updateDraft: vi.fn(),
  validateDraft: vi.fn(),
  publishDraft: vi.fn(),
  exportCustomEvent: vi.fn(),
}));
vi.mock('../../src/screens/algorithms/orchestrationApi.ts', () => ({ ...calls }));

const draftOf = (customEventType: number, sataus: 0 | 1) =>
  ({
    id: 4,
    name: 'Helmet check',
    eventName: 'Helmet check',
    desc: '',
    version: '1.0.0',
    remark: '',
    customEventType,
    buttonType: 'train',
    sataus,
    param: JSON.stringify({ identifyObj: { checked: false, prompt: [], box_threshold: 0.3 } }),
    validated: false,
    publishedVersion: sataus === 1 ? '1.0.0' : null,
    eventId: sataus === 1 ? 900 : null,
  }) as unknown as SetupEvent;

describe('a fine-tuned draft in the orchestration editor', () => {
  beforeAll(async () => {
    installDomPolyfills();
    await setupI18n('en', NAMESPACES);
  });
  beforeEach(() => {
    for (const fn of Object.values(calls)) fn.mockReset();
    calls.listEventTypes.mockResolvedValue([{ id: 2, typeName: 'General' }]);
    calls.publishDraft.mockResolvedValue({ id: 4, eventId: 900, catalogueEventId: 5, version: '1.0.0' });
    calls.getDraft.mockResolvedValue(draftOf(3, 1));
  });
  afterEach(cleanup);

  it('publishes with no prompt and no validation, and points to the training wizard for validation', async () => {
    renderSignedIn(<DraftEditor initial={draftOf(3, 0)} />, { path: '/setUp' });
    expect(screen.getByRole('status').textContent).toBe('Saved (fine-tuned: validated in training)');
    expect(screen.getByText(/A fine-tuned algorithm needs no prompts/)).toBeTruthy();
    const publish = screen.getByRole('button', { name: 'Publish to the warehouse' });
    expect(publish.hasAttribute('disabled')).toBe(false);
    fireEvent.click(publish);
    const dialog = await screen.findByRole('dialog');
    fireEvent.submit(dialog.querySelector('form')!);
    await waitFor(() => expect(calls.publishDraft).toHaveBeenCalledWith(4, 2, undefined));
    expect(calls.validateDraft).not.toHaveBeenCalled();
    // Published: the editor links to the training of this algorithm.
    expect((await screen.findByRole('link', { name: 'Open the training wizard' })).getAttribute('href')).toBe('/algorithmProduction/train?algorithmId=4');
    expect(within(document.body).queryByText(/needs no prompts/)).toBeNull();
  });

  it('a prompt-based draft still publishes only once validated', () => {
    renderSignedIn(<DraftEditor initial={draftOf(2, 0)} />, { path: '/setUp' });
    expect(screen.getByRole('button', { name: 'Publish to the warehouse' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText(/needs no prompts/)).toBeNull();
  });
});
