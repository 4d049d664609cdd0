// The schema-driven form's code (RJSF, ajv and the validation messages of the current language), fetched once.
// A screen that knows a form is coming calls it early, so the code loads while the form's data does; a failed
// fetch is forgotten, so the next attempt fetches again.
import i18next from 'i18next';
import { useEffect } from 'react';

type FormModule = typeof import('./SchemaForm.tsx');

let pending: Promise<FormModule> | null = null;

export function loadSchemaForm(): Promise<FormModule> {
  pending ??= (async () => {
    const [form, validator] = await Promise.all([import('./SchemaForm.tsx'), import('./validator.ts')]);
    await validator.loadMessages(i18next.language);
    return form;
  })().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** Starts loading the form's code when a screen that will show one mounts (its failure shows in the form's place). */
export function usePreloadedSchemaForm(): void {
  useEffect(() => {
    loadSchemaForm().catch(() => {});
  }, []);
}
