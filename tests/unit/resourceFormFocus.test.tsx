// The resource dialog focuses its first field once it has come in — unless the user is already in one of its fields:
// keys typed into another field during the entering transition must not be sent back to the first
// (devicesExtras.spec typed the port "70000" at the end of the name on a loaded machine).
import type { RJSFSchema } from '@rjsf/utils';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ResourceFormDialog } from '../../src/components/resource/ResourceFormDialog.tsx';
import { setupI18n } from '../../src/i18n/setup.ts';
import { installDomPolyfills } from './systemSupport.tsx';

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
afterEach(cleanup);

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
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Name/)));
  });

  it('leaves the focus where the user already is', async () => {
    render(<Dialog />);
    const port = await screen.findByLabelText(/^Port/);
    port.focus();
    // Long enough for the entering transition to have ended (the first test shows it ends in this environment).
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(document.activeElement).toBe(port);
  });
});
