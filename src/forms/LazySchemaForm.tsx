// The schema-driven form, loaded on demand: RJSF and ajv are one chunk that only screens showing a form fetch.
import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Loader from 'rsuite/Loader';
import 'rsuite/Loader/styles/index.css';
import { LoadFailure } from '../components/data/LoadFailure.tsx';
import type { SchemaFormProps } from './SchemaForm.tsx';

// The form and the validation messages of the current language load together.
const SchemaForm = lazy(async () => {
  const [form, validator] = await Promise.all([import('./SchemaForm.tsx'), import('./validator.ts')]);
  await validator.loadMessages(i18next.language);
  return form;
});

export type { SchemaFormProps };

export function LazySchemaForm<T>(props: SchemaFormProps<T>) {
  const { t } = useTranslation('forms');
  // A form whose code did not arrive says so in its place; the dialog around it stays (Cancel closes it).
  return (
    <LoadFailure
      failed={
        <p className="dialog-failure" role="alert">
          {t('loadFailed')}
        </p>
      }
    >
      <Suspense fallback={<Loader content={t('loading')} />}>
        <SchemaForm {...(props as SchemaFormProps<unknown>)} />
      </Suspense>
    </LoadFailure>
  );
}
