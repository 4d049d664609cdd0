// The editor of one draft: its fields, the recognition prompts with what the detector makes of each, the box
// threshold and the rule, validation on images, and publishing — driven by orchestration.machine.ts (publish only
// when saved and validated; a validation of unsaved edits is a trial).
import { useMachine } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Button from 'rsuite/Button';
import Checkbox from 'rsuite/Checkbox';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Checkbox/styles/index.css';
import { fromPromise } from 'xstate';
import { ApiFailure } from '../../../api/client.ts';
import { percentPerFile } from '../../../api/progressFetch.ts';
import { notify } from '../../../app/notify.ts';
import { orchestrationMachine, orchestrationStatus, PublishRefused, type ValidateOutcome, type ValidateRequest } from '../../../machines/orchestration.machine.ts';
import { exportCustomEvent, getDraft, publishDraft, type SetupEvent, type SetupEventValidation, updateDraft, validateDraft } from '../orchestrationApi.ts';
import { DraftFields } from './DraftFields.tsx';
import { type DraftValues, paramOf, valuesOf, valuesProblem } from './draftValues.ts';
import { PromptEditor } from './PromptEditor.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { SatausTag } from './SatausTag.tsx';
import { ThresholdSlider } from './ThresholdSlider.tsx';
import { ValidationPanel } from './ValidationPanel.tsx';
import { LabelledPicker } from '../../../components/form/LabelledPicker.tsx';

/** customEventType of a fine-tuned algorithm (types.3): its model comes from training. */
const FINE_TUNED = 3;

export function DraftEditor({ initial }: { initial: SetupEvent }) {
  const { t } = useTranslation('algorithms');
  const [draft, setDraft] = useState(initial);
  const [values, setValues] = useState<DraftValues>(() => valuesOf(initial));
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const [resultFiles, setResultFiles] = useState<File[]>([]);
  const [sending, setSending] = useState<number[] | null>(null);
  const [publishing, setPublishing] = useState(false);

  const machine = useMemo(
    () =>
      orchestrationMachine.provide({
        actors: {
          save: fromSave(async () => {
            const v = valuesRef.current;
            await updateDraft({
              id: initial.id,
              name: v.name.trim(),
              eventName: v.eventName.trim(),
              desc: v.desc,
              version: v.version,
              remark: v.remark,
              customEventType: v.customEventType,
              buttonType: v.buttonType,
              param: paramOf(v),
            });
            const saved = await getDraft(initial.id);
            setDraft(saved);
            return { validated: saved.validated, validationNeeded: saved.customEventType !== FINE_TUNED };
          }),
          validate: fromValidate(async ({ files, trial }) => {
            const sizes = files.map((file) => file.size);
            setSending(sizes.map(() => 0));
            const result = await validateDraft(initial.id, files, trial, { onProgress: (progress) => setSending(percentPerFile(sizes, progress)) }).finally(() =>
              setSending(null),
            );
            setResultFiles(files);
            if (result.draftValidated) setDraft(await getDraft(initial.id));
            return { result, draftValidated: result.draftValidated };
          }),
          publish: fromPublish(async ({ typeId, version }) => {
            try {
              const published = await publishDraft(initial.id, typeId, version);
              setDraft(await getDraft(initial.id));
              setPublishing(false);
              notify('success', t('editor.publishedNotice', { version: published.version, eventId: published.eventId }));
              return { version: published.version };
            } catch (error) {
              if (error instanceof ApiFailure && error.code === 409) throw new PublishRefused(error.message, true);
              throw error;
            }
          }),
        },
      }),
    [initial.id, t],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { validated: initial.validated, validationNeeded: initial.customEventType !== FINE_TUNED, publishedVersion: initial.publishedVersion },
  });
  const busy = !snapshot.matches('editing');
  const status = orchestrationStatus(snapshot.context, busy);
  const result = snapshot.context.result as SetupEventValidation | null;
  const problem = valuesProblem(values);

  const change = (patch: Partial<DraftValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    send({ type: 'EDIT' });
  };
  const scores = result?.images.flatMap((i) => i.detections.map((d) => d.score)) ?? [];
  const canPublish = status === 'validated' || status === 'fineTuned';
  // A fine-tuned algorithm is validated with its trained model in the training wizard, not with prompts.
  const fineTuned = draft.customEventType === FINE_TUNED && values.customEventType === FINE_TUNED;

  return (
    <div className="orch-editor">
      <header className="orch-header">
        <h1>{draft.name}</h1>
        <SatausTag sataus={draft.sataus} />
        <span className={`orch-status orch-status-${status}`} data-testid="draft-status" role="status">
          {t(`editor.status.${status}`)}
        </span>
        {draft.publishedVersion ? <span className="orch-muted">{t('editor.publishedVersion', { version: draft.publishedVersion, eventId: draft.eventId })}</span> : null}
      </header>
      {snapshot.context.error ? (
        <p className="orch-problem" role="alert">
          {snapshot.context.refusedStale ? t('editor.staleRefusal') : null} {snapshot.context.error}{' '}
          <Button appearance="link" onClick={() => send({ type: 'DISMISS' })}>
            {t('editor.dismiss')}
          </Button>
        </p>
      ) : null}
      <section className="orch-card" aria-labelledby="orch-basic">
        <h2 id="orch-basic">{t('editor.sections.basic')}</h2>
        <DraftFields values={values} disabled={busy} onChange={change} />
      </section>
      <section className="orch-card" aria-labelledby="orch-recognition">
        <h2 id="orch-recognition">{t('editor.sections.prompts')}</h2>
        <Checkbox className="orch-toggle" checked={values.checked} disabled={busy} onChange={(_, checked) => change({ checked })}>
          {t('prompts.checked')}
        </Checkbox>
        <PromptEditor prompts={values.prompts} disabled={busy} onChange={(prompts) => change({ prompts })} />
        <ThresholdSlider value={values.threshold} scores={scores} disabled={busy} onChange={(threshold) => change({ threshold })} />
        <div className="orch-rule">
          <LabelledPicker
            id="orch-rule-match"
            label={t('rule.label')}
            disabled={busy}
            data={(['any', 'all'] as const).map((match) => ({ value: match, label: t(`rule.${match}`) }))}
            value={values.rule.match}
            onChange={(match) => match && change({ rule: { ...values.rule, match } })}
          />
          <label htmlFor="orch-rule-count">{t('rule.minCount')}</label>
          <input
            id="orch-rule-count"
            className="rs-input"
            type="number"
            min={1}
            max={50}
            value={values.rule.minCount}
            disabled={busy}
            onChange={(e) => change({ rule: { ...values.rule, minCount: Math.min(50, Math.max(1, Math.round(Number(e.target.value) || 1))) } })}
          />
        </div>
      </section>
      <div className="orch-actions">
        <Button appearance="primary" disabled={busy || !snapshot.context.dirty || Boolean(problem)} onClick={() => send({ type: 'SAVE' })}>
          {t('editor.save')}
        </Button>
        <Button disabled={busy || !canPublish} onClick={() => setPublishing(true)} title={canPublish ? undefined : t('editor.publishNeeds')}>
          {t('editor.publish')}
        </Button>
        <Button disabled={busy} onClick={() => exportCustomEvent(draft.id).catch((e: Error) => notify('error', e.message))}>
          {t('actions.export')}
        </Button>
        {problem ? <span className="orch-problem">{t(`editor.problems.${problem}`)}</span> : null}
        {!canPublish && !busy ? <span className="orch-muted">{t('editor.publishNeeds')}</span> : null}
      </div>
      {fineTuned ? (
        <section className="orch-validation" aria-labelledby="orch-validation-title">
          <h2 id="orch-validation-title">{t('validate.title')}</h2>
          <p>
            {t(draft.sataus === 0 ? 'editor.fineTunedDraft' : 'editor.fineTunedPublished')}{' '}
            {draft.sataus === 0 ? null : <Link to={`/algorithmProduction/train?algorithmId=${draft.id}`}>{t('editor.toTraining')}</Link>}
          </p>
        </section>
      ) : (
        <ValidationPanel
          result={result}
          resultFiles={resultFiles}
          threshold={values.threshold}
          rule={values.rule}
          busy={snapshot.matches('validating')}
          sending={sending}
          disabled={busy || values.prompts.length === 0}
          onValidate={(files) => send({ type: 'VALIDATE', files, trial: { prompts: values.prompts, boxThreshold: Math.round(values.threshold * 100) / 100 } })}
        />
      )}
      <PublishDialog
        open={publishing}
        busy={snapshot.matches('publishing')}
        failure={publishing ? snapshot.context.error : null}
        publishedVersion={draft.publishedVersion}
        onClose={() => setPublishing(false)}
        onPublish={(typeId, version) => send({ type: 'PUBLISH', typeId, version })}
      />
    </div>
  );
}

// Typed wrappers: the machine's actor slots take promise creators with these inputs and outputs.

function fromSave(run: () => Promise<{ validated: boolean; validationNeeded: boolean }>) {
  return fromPromise<{ validated: boolean; validationNeeded?: boolean }, void>(() => run());
}
function fromValidate(run: (input: ValidateRequest) => Promise<ValidateOutcome>) {
  return fromPromise<ValidateOutcome, ValidateRequest>(({ input }) => run(input));
}
function fromPublish(run: (input: { typeId: number; version?: string }) => Promise<{ version: string }>) {
  return fromPromise<{ version: string }, { typeId: number; version?: string }>(({ input }) => run(input));
}
