// The dialog every system form uses: a real <form> (Enter submits), Escape or Cancel closes, focus moves to the
// first field when it opens, the Save button is busy while the call runs, and a refusal from the server shows
// inside the dialog (the values stay as typed: nothing is lost).
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../components/dialog/ActionDialog.tsx';
import { useFocusFirstField } from '../../../components/useFocusFirstField.ts';
import type { Problem } from '../../../domain/validators.ts';
import { problemText } from './problemText.ts';
import './systemForms.css';

export interface FormModalProps {
  open: boolean;
  title: string;
  /** Prefix of the field ids; the form's own id too. */
  formId: string;
  busy: boolean;
  failure: string | null;
  onClose(): void;
  onSubmit(): void;
  submitLabel?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  children: ReactNode;
}

export function FormModal({ open, title, formId, busy, failure, onClose, onSubmit, submitLabel, size = 'sm', children }: FormModalProps) {
  const { t } = useTranslation('system');
  const focus = useFocusFirstField(formId, open);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <ActionDialog
      open={open}
      titleId={`${formId}-title`}
      title={title}
      size={size}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={submit}
      formId={formId}
      formClassName="system-form"
      onEntered={focus.onEntered}
      onExited={focus.onExited}
      action={{ label: submitLabel ?? t('actions.save') }}
      cancelLabel={t('actions.cancel')}
    >
      {children}
    </ActionDialog>
  );
}

export interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  problem?: Problem | null;
  hint?: string;
  /** Spans the whole row of the form's grid (remarks, descriptions). */
  wide?: boolean;
  children: ReactNode;
}

/** A labelled control with its §5 problem under it (the control gets aria-invalid from `fieldAria`). */
export function Field({ id, label, required, problem, hint, wide, children }: FieldProps) {
  const { t } = useTranslation('system');
  return (
    <div className={wide ? 'system-field wide' : 'system-field'}>
      <label htmlFor={id} id={`${id}-label`}>
        {label}
        {required ? (
          <span className="system-field-required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {children}
      {hint && !problem ? (
        <p id={`${id}-hint`} className="system-field-hint">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="field-problem">
          {problemText(t, problem)}
        </p>
      ) : null}
    </div>
  );
}

/** The accessibility attributes of a control with a possible problem. */
export function fieldAria(id: string, problem: Problem | null | undefined, required?: boolean) {
  return {
    id,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : undefined,
    'aria-required': required ? true : undefined,
  } as const;
}
