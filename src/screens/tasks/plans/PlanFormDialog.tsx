// Create or edit a planned task: name, cameras, start or stop, the time of day, every week on chosen days or once
// on a date, enabled, remark. Schema-driven; a refusal from the server (a taken name) shows in the dialog.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySchemaForm } from '../../../forms/LazySchemaForm.tsx';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { ActionDialog } from '../../../components/dialog/ActionDialog.tsx';
import { useOpenedFor, useSubmission } from '../../../components/dialog/useSubmission.ts';
import { cameraOptions, savePlan, type TaskPlan } from '../tasksApi.ts';
import { bodyOf, onceInPast, type PlanValues, planSchema, planUi, valuesOf } from './planForm.ts';

export function PlanFormDialog({ target, onClose, onSaved }: { target: TaskPlan | 'new' | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('tasks');
  const cameras = useLoaded((signal) => (target ? cameraOptions(signal) : Promise.resolve([])), [], String(target !== null));
  const [values, setValues] = useState<PlanValues>({});
  const { busy, failure, setFailure, run } = useSubmission();
  const openedFor = useOpenedFor(target, (opened) => {
    setValues(opened && opened !== 'new' ? valuesOf(opened) : {});
    setFailure(null);
  });
  const repeat = values.repeat ?? 'weekly';

  const save = async (data: PlanValues) => {
    if (!target || busy) return;
    await run(async () => {
      await savePlan(target === 'new' ? null : target.id, bodyOf(data));
      onSaved();
    });
  };

  return (
    <ActionDialog
      open={target !== null}
      titleId="plan-form-title"
      title={target === 'new' ? t('plans.addTitle') : t('plans.editTitle', { name: openedFor && openedFor !== 'new' ? openedFor.name : '' })}
      size="md"
      busy={busy}
      failure={failure}
      onClose={onClose}
      action={{ label: t('save'), form: 'plan-form' }}
      cancelLabel={t('cancel')}
    >
      {target !== null && cameras.status !== 'loading' ? (
        <LazySchemaForm<PlanValues>
          id="plan-form"
          schema={planSchema(repeat, cameras.data.map((camera) => camera.id))}
          uiSchema={planUi}
          formData={values}
          onChange={setValues}
          onSubmit={save}
          noSubmit
          disabled={busy}
          customValidate={(data, errors) => {
            if (data && onceInPast(data)) errors.onceDate?.addError(t('plans.inPast'));
            return errors;
          }}
          vocabulary={{
            title: (name) => t(`plans.fields.${name}` as never, { defaultValue: name }),
            enumName: (name, value) => {
              if (name === 'action' || name === 'repeat') return t(`plans.${name}.${String(value)}` as never);
              if (name === 'cameraIds') return cameras.data.find((camera) => camera.id === value)?.name;
              return undefined;
            },
          }}
        />
      ) : null}
      {cameras.status === 'error' ? <p role="alert">{t('loadFailed', { reason: cameras.error ?? '' })}</p> : null}
    </ActionDialog>
  );
}
