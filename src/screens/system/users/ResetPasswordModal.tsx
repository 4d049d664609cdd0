// An administrator sets another user's password (resetUserPassword, which also signs that user out and clears a
// lock). Changing one's own password is the shell's ChangePasswordDialog. §5: 6 to 20 characters, entries match.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Input from 'rsuite/Input';
import 'rsuite/Input/styles/index.css';
import * as rules from '../../../domain/validators.ts';
import { PASSWORD_LENGTH } from '../../../domain/validators.ts';
import { Field, FormModal, fieldAria } from '../shared/FormModal.tsx';
import { type FormState, useFormState } from '../shared/useFormState.ts';
import { resetUserPassword, type User } from './usersApi.ts';
import '../shared/systemForms.css';
import '../shared/systemScreens.css';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';

interface PasswordValues extends Record<string, unknown> {
  password: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { password: '', confirmPassword: '' };
const ORDER = ['password', 'confirmPassword'] as const;

function validate(values: PasswordValues) {
  return {
    password: rules.password(values.password),
    confirmPassword: rules.first(
      () => rules.required(values.confirmPassword),
      () => rules.passwordsMatch(values.password, values.confirmPassword),
    ),
  };
}

function PasswordField({ form, formId, field, label, autoComplete, hint }: {
  form: FormState<PasswordValues>;
  formId: string;
  field: (typeof ORDER)[number];
  label: string;
  autoComplete: string;
  hint?: string;
}) {
  const id = `${formId}-${field}`;
  const problem = form.shown[field];
  return (
    <Field id={id} label={label} required problem={problem} hint={hint} wide>
      <Input
        {...fieldAria(id, problem, true)}
        type="password"
        value={form.values[field]}
        onChange={(value) => form.set(field, value)}
        onBlur={() => form.leave(field)}
        autoComplete={autoComplete}
      />
    </Field>
  );
}

function usePasswordForm(open: boolean, formId: string, send: (values: PasswordValues) => Promise<void>, onDone: () => void) {
  const form = useFormState<PasswordValues>(EMPTY, validate, { order: ORDER, idPrefix: formId });
  const { busy, failure, setFailure, run } = useSubmission();
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every opening starts empty; reset is stable in effect
  useEffect(() => {
    if (open) {
      reset(EMPTY);
      setFailure(null);
    }
  }, [open]);
  const submit = async () => {
    if (!form.attempt()) return;
    await run(async () => {
      await send(form.values);
      onDone();
    });
  };
  return { form, busy, failure, submit: () => void submit() };
}

export function ResetPasswordModal({ user, onClose, onDone }: { user: User | null; onClose(): void; onDone(): void }) {
  const { t } = useTranslation('system');
  const formId = 'reset-password-form';
  const { form, busy, failure, submit } = usePasswordForm(
    user !== null,
    formId,
    (values) => resetUserPassword(user?.id ?? 0, values.password, values.confirmPassword),
    onDone,
  );
  return (
    <FormModal
      open={user !== null}
      title={t('users.resetTitle', { name: user?.username ?? '' })}
      formId={formId}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={submit}
      size="xs"
    >
      <p className="system-field wide system-muted">{t('users.resetExplain')}</p>
      <PasswordField form={form} formId={formId} field="password" label={t('users.fields.newPassword')} autoComplete="new-password" hint={t('users.passwordHint', PASSWORD_LENGTH)} />
      <PasswordField form={form} formId={formId} field="confirmPassword" label={t('users.fields.confirmPassword')} autoComplete="new-password" />
    </FormModal>
  );
}
