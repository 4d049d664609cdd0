// The resource dialog focuses its first field once it has come in — unless the user is already in one of its fields:
// keys typed into another field during the entering transition must not be sent back to the first
// (devicesExtras.spec typed the port "70000" at the end of the name on a loaded machine).
import type { RJSFSchema } from '@rjsf/utils';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { focusFirstField } from '../../src/components/focusFirstField.ts';
import { ResourceFormDialog } from '../../src/components/resource/ResourceFormDialog.tsx';
import { setupI18n } from '../../src/i18n/setup.ts';
import { installDomPolyfills } from './systemSupport.tsx';

// The real focusing, watched: the tests wait for the dialog to have come in (its onEntered called it), never for a
// time that a loaded machine may not keep (the entering transition took over 1 s at load 28).
vi.mock('../../src/components/focusFirstField.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/components/focusFirstField.ts')>();
  return { ...real, focusFirstField: vi.fn(real.focusFirstField) };
});
const ENTERED = { timeout: 120_000 };

const schema: RJSFSchema = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name' }, port: { type: 'integer', title: 'Port' } },
};

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en', ['common', 'forms']);
  // The form's code is in before the dialog opens, so the form is there when the entering transition ends.
  await Promise.all([import('../../src/forms/SchemaForm.tsx'), import('../../src/forms/validator.ts')]);
});
afterEach(() => {
  cleanup();
  vi.mocked(focusFirstField).mockClear();
});

function Dialog() {
  return (
    <ResourceFormDialog<{ name?: string; port?: number }>
      id="focus-resource"
      open
      title="Add"
      schema={schema}
      initial={{}}
      vocabulary={{}}
      texts={{ save: 'Save', cancel: 'Cancel', loading: 'Loading' }}
      onClose={() => {}}
      onSubmit={async () => {}}
    />
  );
}

describe('ResourceFormDialog focus', () => {
  it('focuses the first field once it has come in', async () => {
    render(<Dialog />);
    await waitFor(() => expect(focusFirstField).toHaveBeenCalled(), ENTERED);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Name/)));
  });

  it('leaves the focus where the user already is', async () => {
    render(<Dialog />);
    const port = await screen.findByLabelText(/^Port/);
    port.focus();
    await waitFor(() => expect(focusFirstField).toHaveBeenCalled(), ENTERED);
    expect(document.activeElement).toBe(port);
  });
});
