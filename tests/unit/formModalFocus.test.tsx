// The form dialog focuses its first field once it has come in — unless the user is already in one of its fields:
// typing into the second field during the entering transition must not be sent back to the first (system.spec's
// password reset typed both passwords into "new password" on a loaded machine).
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { focusFirstField } from '../../src/components/focusFirstField.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { FormModal } from '../../src/screens/system/shared/FormModal.tsx';
import { installDomPolyfills } from './systemSupport.tsx';

// The real focusing, watched: the tests wait for the dialog to have come in and its form to be there (the hook then
// calls it), never for a time that a loaded machine may not keep.
vi.mock('../../src/components/focusFirstField.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/components/focusFirstField.ts')>();
  return { ...real, focusFirstField: vi.fn(real.focusFirstField) };
});
const ENTERED = { timeout: 120_000 };

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en');
});
afterEach(() => {
  cleanup();
  vi.mocked(focusFirstField).mockClear();
});

function Dialog() {
  return (
    <FormModal open title="Reset" formId="focus-form" busy={false} failure={null} onClose={() => {}} onSubmit={() => {}}>
      <input id="focus-form-first" aria-label="first" />
      <input id="focus-form-second" aria-label="second" />
    </FormModal>
  );
}

describe('FormModal focus', () => {
  it('focuses the first field once it has come in', async () => {
    render(<Dialog />);
    await waitFor(() => expect(focusFirstField).toHaveBeenCalled(), ENTERED);
    expect(document.activeElement).toBe(screen.getByLabelText('first'));
  });

  it('leaves the focus where the user already is', async () => {
    render(<Dialog />);
    const second = screen.getByLabelText('second');
    second.focus();
    await waitFor(() => expect(focusFirstField).toHaveBeenCalled(), ENTERED);
    expect(document.activeElement).toBe(second);
  });
});
