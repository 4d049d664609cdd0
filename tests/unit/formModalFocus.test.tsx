// The form dialog focuses its first field once it has come in — unless the user is already in one of its fields:
// typing into the second field during the entering transition must not be sent back to the first (system.spec's
// password reset typed both passwords into "new password" on a loaded machine).
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../../src/i18n/setup.ts';
import { FormModal } from '../../src/screens/system/shared/FormModal.tsx';
import { installDomPolyfills } from './systemSupport.tsx';

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en');
});
afterEach(cleanup);

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
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('first')));
  });

  it('leaves the focus where the user already is', async () => {
    render(<Dialog />);
    const second = screen.getByLabelText('second');
    second.focus();
    // Long enough for the entering transition to have ended (the first test shows it ends in this environment).
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(document.activeElement).toBe(second);
  });
});
