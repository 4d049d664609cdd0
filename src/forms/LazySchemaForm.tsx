// The schema-driven form, loaded on demand: RJSF and ajv are one chunk that only screens showing a form fetch.
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Loader from 'rsuite/Loader';
import 'rsuite/Loader/styles/index.css';
import { LoadFailure } from '../components/data/LoadFailure.tsx';
import { loadSchemaForm } from './loadSchemaForm.ts';
import type { SchemaFormProps } from './SchemaForm.tsx';

// The form and the validation messages of the current language load together.
const SchemaForm = lazy(loadSchemaForm);

export type { SchemaFormProps };

export type LazySchemaFormProps<T> = SchemaFormProps<T> & {
  /** Shown while the form's code loads; a loader line by default. A screen whose form is tall passes a placeholder
   * that keeps the form's room, so what follows the form does not move when it arrives. */
  fallback?: ReactNode;
};

export function LazySchemaForm<T>({ fallback, ...props }: LazySchemaFormProps<T>) {
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
      <Suspense fallback={fallback ?? <Loader content={t('loading')} />}>
        <SchemaForm {...(props as SchemaFormProps<unknown>)} />
      </Suspense>
    </LoadFailure>
  );
}
