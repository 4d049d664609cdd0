// Create or edit a planned task: name, cameras, start or stop, the time of day, every week on chosen days or once
// on a date, enabled, remark. Schema-driven; a refusal from the server (a taken name) shows in the dialog.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Modal from 'rsuite/Modal';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import { LazySchemaForm } from '../../../forms/LazySchemaForm.tsx';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { cameraOptions, savePlan, type TaskPlan } from '../tasksApi.ts';
import { bodyOf, onceInPast, type PlanValues, planSchema, planUi, valuesOf } from './planForm.ts';

export function PlanFormDialog({ target, onClose, onSaved }: { target: TaskPlan | 'new' | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('tasks');
  const cameras = useLoaded((signal) => (target ? cameraOptions(signal) : Promise.resolve([])), [], String(target !== null));
  const [values, setValues] = useState<PlanValues>({});
  const [openedFor, setOpenedFor] = useState<TaskPlan | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (target !== openedFor) {
    setOpenedFor(target);
    setValues(target && target !== 'new' ? valuesOf(target) : {});
    setFailure(null);
  }
  const repeat = values.repeat ?? 'weekly';

  const save = async (data: PlanValues) => {
    if (!target || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await savePlan(target === 'new' ? null : target.id, bodyOf(data));
      onSaved();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={target !== null} onClose={() => !busy && onClose()} size="md" backdrop="static" aria-labelledby="plan-form-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="plan-form-title">{target === 'new' ? t('plans.addTitle') : t('plans.editTitle', { name: openedFor && openedFor !== 'new' ? openedFor.name : '' })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
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
        {failure ? (
          <p className="dialog-failure" role="alert">
            {failure}
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button type="submit" form="plan-form" appearance="primary" loading={busy}>
          {t('save')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
