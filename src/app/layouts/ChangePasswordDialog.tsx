// Change password (user menu): current, new and confirmation, checked as the user types once a field was
// left or the form submitted (§5); the server's refusal (wrong current password) shows in the dialog.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Input from 'rsuite/Input';
import Modal from 'rsuite/Modal';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Input/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import { api } from '../../api/client.ts';
import { notify } from '../notify.ts';
import { type PasswordChange, type PasswordProblems, passwordChangeProblems } from './passwordRules.ts';

const FIELDS = [
  ['oldPassword', 'old', 'current-password'],
  ['newPassword', 'new', 'new-password'],
  ['confirmPassword', 'confirm', 'new-password'],
] as const;

const EMPTY: PasswordChange = { oldPassword: '', newPassword: '', confirmPassword: '' };

export default function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('shell');
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const problems: PasswordProblems = checked ? passwordChangeProblems(values) : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const found = passwordChangeProblems(values);
    const first = FIELDS.find(([field]) => found[field]);
    if (first) {
      document.getElementById(`password-${first[0]}`)?.focus();
      return;
    }
    setBusy(true);
    setRefusal('');
    const result = await api.post('/user/saveNewPwd', { body: values, quiet: true });
    setBusy(false);
    if (result.ok) {
      notify('success', t('password.saved'));
      onClose();
    } else if (result.failure.kind !== 'expired' && result.failure.kind !== 'aborted') {
      setRefusal(result.failure.message);
    }
  };

  return (
    <Modal open onClose={busy ? undefined : onClose} size="xs" aria-labelledby="password-title">
      <form onSubmit={submit} noValidate>
        <Modal.Header>
          <Modal.Title id="password-title">{t('password.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {FIELDS.map(([field, label, autoComplete], index) => {
            const id = `password-${field}`;
            const problem = problems[field];
            return (
              <div className="form-field" key={field}>
                <label htmlFor={id}>{t(`password.${label}`)}</label>
                <Input
                  id={id}
                  type="password"
                  autoComplete={autoComplete}
                  value={values[field]}
                  onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-problem` : field === 'newPassword' ? `${id}-hint` : undefined}
                  autoFocus={index === 0}
                />
                {problem ? (
                  <p className="form-problem" id={`${id}-problem`}>
                    {t(`password.problems.${problem}`)}
                  </p>
                ) : field === 'newPassword' ? (
                  <p className="form-hint" id={`${id}-hint`}>
                    {t('password.newHint')}
                  </p>
                ) : null}
              </div>
            );
          })}
          {refusal ? (
            <p className="form-refusal" role="alert">
              {refusal}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={onClose} disabled={busy}>
            {t('password.cancel')}
          </Button>
          <Button type="submit" appearance="primary" loading={busy}>
            {busy ? t('password.saving') : t('password.save')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
