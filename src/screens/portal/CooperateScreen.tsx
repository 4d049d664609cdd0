// /cooperate (§2 cooperation service): a contact form posting POST /licence/companyApplication (public, at most
// 5 an hour per address → 429). Messages appear once the form was submitted and follow the typing after that;
// success shows the application's number; 429 and other refusals are said in the form.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { LightButton, LightInput } from '../../components/lightweight.tsx';
import {
  COOPERATE_LIMITS,
  type CooperateField,
  type CooperateProblem,
  type CooperateValues,
  cooperateBody,
  cooperateProblems,
  emptyCooperateValues,
  REQUIRED_FIELDS,
} from './cooperateForm.ts';
import { PublicPage } from './PublicPage.tsx';

type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; id: number } | { kind: 'refused'; message: string; rateLimited: boolean };

const FIELDS: { field: CooperateField; type?: string; autoComplete?: string; multiline?: boolean }[] = [
  { field: 'companyName', autoComplete: 'organization' },
  { field: 'contact', autoComplete: 'name' },
  { field: 'phone', type: 'tel', autoComplete: 'tel' },
  { field: 'email', type: 'email', autoComplete: 'email' },
  { field: 'purpose', multiline: true },
  { field: 'machineCode' },
];

const HINTED: Partial<Record<CooperateField, 'phone' | 'purpose' | 'machineCode'>> = {
  phone: 'phone',
  purpose: 'purpose',
  machineCode: 'machineCode',
};

export default function CooperateScreen() {
  const { t } = useTranslation('portal');
  const [values, setValues] = useState<CooperateValues>(emptyCooperateValues);
  const [submitted, setSubmitted] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const problems = submitted ? cooperateProblems(values) : {};

  const problemText = (problem: CooperateProblem) =>
    problem.key === 'tooLong' ? t('cooperate.problems.tooLong', { max: problem.max }) : t(`cooperate.problems.${problem.key}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = cooperateProblems(values);
    const first = FIELDS.find(({ field }) => found[field]);
    if (first) {
      document.getElementById(`cooperate-${first.field}`)?.focus();
      return;
    }
    setOutcome({ kind: 'sending' });
    const result = await api.post('/licence/companyApplication', { body: cooperateBody(values), quiet: true });
    if (result.ok) {
      setOutcome({ kind: 'sent', id: result.data?.id ?? 0 });
      return;
    }
    const rateLimited = result.failure.code === 429;
    setOutcome({ kind: 'refused', message: result.failure.message, rateLimited });
  };

  if (outcome.kind === 'sent') {
    return (
      <PublicPage title={t('routes.cooperate', { ns: 'shell' })}>
        <p className="public-success" role="status">
          {t('cooperate.success', { id: outcome.id })}
        </p>
        <LightButton
          onClick={() => {
            setValues(emptyCooperateValues);
            setSubmitted(false);
            setOutcome({ kind: 'idle' });
          }}
        >
          {t('cooperate.another')}
        </LightButton>
      </PublicPage>
    );
  }

  const sending = outcome.kind === 'sending';
  return (
    <PublicPage title={t('routes.cooperate', { ns: 'shell' })}>
      <p className="public-lead">{t('cooperate.lead')}</p>
      <form className="public-form" onSubmit={submit} noValidate>
        {FIELDS.map(({ field, type = 'text', autoComplete, multiline }) => {
          const id = `cooperate-${field}`;
          const problem = problems[field];
          const hint = HINTED[field];
          const required = (REQUIRED_FIELDS as readonly string[]).includes(field);
          const describedBy = [problem ? `${id}-problem` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
          const common = {
            id,
            name: field,
            value: values[field],
            required,
            'aria-invalid': problem ? true : undefined,
            'aria-describedby': describedBy,
          };
          const change = (value: string) => setValues((current) => ({ ...current, [field]: value }));
          return (
            <div className="public-field" key={field}>
              <label htmlFor={id}>
                {t(`cooperate.fields.${field}`)}{' '}
                <span className="public-field-flag">{required ? t('cooperate.required') : t('cooperate.optional')}</span>
              </label>
              {multiline ? (
                <textarea {...common} className="rs-input" rows={4} onChange={(event) => change(event.target.value)} />
              ) : (
                <LightInput {...common} type={type} autoComplete={autoComplete} onChange={(event) => change(event.target.value)} />
              )}
              {hint ? (
                <p className="public-hint" id={`${id}-hint`}>
                  {t(`cooperate.hints.${hint}`)}
                  {multiline ? ` · ${t('cooperate.count', { count: values[field].length, max: COOPERATE_LIMITS[field] })}` : ''}
                </p>
              ) : null}
              {problem ? (
                <p className="public-problem" id={`${id}-problem`}>
                  {problemText(problem)}
                </p>
              ) : null}
            </div>
          );
        })}
        {outcome.kind === 'refused' ? (
          <p className="public-refusal" role="alert">
            {outcome.rateLimited ? t('cooperate.rateLimited') : t('cooperate.failed', { message: outcome.message })}
          </p>
        ) : null}
        <LightButton type="submit" appearance="primary" disabled={sending}>
          {sending ? t('cooperate.submitting') : t('cooperate.submit')}
        </LightButton>
      </form>
    </PublicPage>
  );
}
