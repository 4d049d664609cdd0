// Username and password, both required (inline messages); Enter submits; the button is busy while signing in;
// the server's message (wrong password, account locked, …) shows above the button.
// The first screen must stay light: plain form markup and rsuite-styled lightweight controls.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, useSessionActor } from '../../app/session.tsx';
import { LightButton, LightInput } from '../../components/lightweight.tsx';
import { type LoginProblem, type LoginValues, toCredentials, validateLogin } from './loginValidation.ts';

type Field = keyof LoginValues;

export function LoginForm() {
  const { t } = useTranslation('auth');
  const session = useSessionActor();
  const busy = useSession((snapshot) => snapshot.matches('authenticating') || snapshot.matches('bootstrapping'));
  const failure = useSession((snapshot) => snapshot.context.error);
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, LoginProblem>>>({});

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A required-field message goes away as soon as the field is filled in.
    if (problems[field]) setProblems((current) => ({ ...current, [field]: validateLogin({ ...values, [field]: value })[field] }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateLogin(values);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`login-${found.username ? 'username' : 'password'}`)?.focus();
      return;
    }
    if (!busy) session.send({ type: 'LOGIN', credentials: toCredentials(values) });
  };

  const field = (name: Field, type: string, autoComplete: string) => {
    const id = `login-${name}`;
    const problem = problems[name];
    return (
      <div className="login-field">
        <label htmlFor={id}>{t(`login.${name}`)}</label>
        <LightInput
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => change(name)(event.target.value)}
          readOnly={busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        {problem ? (
          <p id={`${id}-problem`} className="login-field-problem">
            {t(`login.${problem}`)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="login-form" noValidate onSubmit={submit}>
      {field('username', 'text', 'username')}
      {field('password', 'password', 'current-password')}
      {failure && !busy ? (
        <p className="login-failure" role="alert">
          {failure}
        </p>
      ) : null}
      <LightButton appearance="primary" type="submit" block disabled={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </LightButton>
    </form>
  );
}
