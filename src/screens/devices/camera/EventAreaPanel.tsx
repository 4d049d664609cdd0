// One event's configuration on one camera (spec §3 "Event area configuration"): the schema-driven form with its
// drawn areas and line, saved with POST /device/eventConfig/save and shown again exactly as the server reads it
// back. §5 is checked before saving: an intrusion event needs an area, a boundary event one line of ≥ 50 px.
import type { CustomValidator, UiSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import eventAreaUi from '../../../../schemas/event-area.ui.json';
import { notify } from '../../../app/notify.ts';
import { refusalText } from '../../../components/shapeEditor/refusalText.ts';
import { eventShapeProblems, shapeProblems } from '../../../components/shapeEditor/shapeRules.ts';
import { startsAfterEnd } from '../../../forms/fields/TimeWindowsField.tsx';
import type { SnapshotState } from '../../../forms/formContext.ts';
import { LazySchemaForm } from '../../../forms/LazySchemaForm.tsx';
import { usePreloadedSchemaForm } from '../../../forms/loadSchemaForm.ts';
import { type DeviceEventBrief, eventConfigs, type RecheckAlgorithm, recheckAlgorithms, saveEventConfig } from '../devicesApi.ts';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { bodyFromForm, type EventAreaFormData, eventAreaSchemaWith, formFromSaved } from './eventAreaForm.ts';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';
import { ProblemLine } from '../../../components/dialog/ProblemLine.tsx';

export interface EventAreaPanelProps {
  cameraId: number;
  event: DeviceEventBrief;
  snapshot: SnapshotState;
  /** Absent where the picture comes from elsewhere (an offline video's frame). */
  takeSnapshot?: () => void;
  canWrite: boolean;
  /** The configuration was saved (the camera's event list may show a new state). */
  onSaved(): void;
}

export function EventAreaPanel({ cameraId, event, snapshot, takeSnapshot, canWrite, onSaved }: EventAreaPanelProps) {
  const { t } = useTranslation('devices');
  const { t: tf } = useTranslation('forms');
  const saved = useLoaded(
    async (signal) => {
      const list = await eventConfigs(cameraId, event.typeId, signal);
      const found = list.find((config) => config.id === event.configId) ?? list.find((config) => config.eventId === event.eventId && config.appName === event.appName);
      if (!found) throw new Error(t('events.notFound'));
      return formFromSaved(found);
    },
    null as EventAreaFormData | null,
    `${cameraId}:${event.configId}`,
  );
  // The choices of second identification; without them the form still offers none and the saved choice.
  const algorithms = useLoaded(recheckAlgorithms, [] as RecheckAlgorithm[]);
  // The form's code loads while its configuration does.
  usePreloadedSchemaForm();
  const [draft, setDraft] = useState<{ key: string; data: EventAreaFormData } | null>(null);
  const { busy, failure, run } = useSubmission();
  const key = `${cameraId}:${event.configId}`;
  const data = draft?.key === key ? draft.data : saved.data;
  const frame = snapshot.status === 'ready' ? snapshot.snapshot : null;
  const currentRecheck = data?.recheckAlgorithmId;
  const schema = useMemo(() => eventAreaSchemaWith(algorithms.data, currentRecheck), [algorithms.data, currentRecheck]);
  const vocabulary = useMemo(
    () => ({
      enumName: (name: string, value: string | number | boolean | null) => {
        if (name !== 'recheckAlgorithmId' || typeof value !== 'number') return undefined;
        const found = algorithms.data.find((a) => a.algorithmId === value);
        return found ? t('events.recheckChoice', { name: found.name, version: found.version }) : t('events.recheckUnavailable', { id: value });
      },
    }),
    [algorithms.data, t],
  );

  const customValidate: CustomValidator<EventAreaFormData> = (form, errors) => {
    if (!form) return errors;
    for (const { field, problem } of eventShapeProblems(form)) errors[field]?.addError(refusalText(tf, problem));
    for (const field of ['areas', 'lineAreas'] as const) {
      for (const problem of shapeProblems(form[field] ?? [], frame)) errors[field]?.addError(refusalText(tf, problem));
    }
    if ((form.times ?? []).some((window) => startsAfterEnd(window))) errors.times?.addError(tf('windows.startAfterEnd'));
    const { minObjectHeight: min, maxObjectHeight: max } = form;
    if (min != null && max != null && min > max) errors.minObjectHeight?.addError(tf('errors.objectHeightOrder'));
    return errors;
  };

  const context = useMemo(
    () => ({
      snapshot,
      takeSnapshot,
      allShapes: () => [
        { field: 'areas', shapes: data?.areas ?? [] },
        { field: 'lineAreas', shapes: data?.lineAreas ?? [] },
      ],
      requiredShapes: (field: string) => (field === 'areas' && data?.hasUdrVertice ? 1 : field === 'lineAreas' && data?.hasTripwire ? 1 : 0),
    }),
    [snapshot, takeSnapshot, data],
  );

  const save = async (form: EventAreaFormData) => {
    await run(async () => {
      const stored = await saveEventConfig(bodyFromForm(form));
      // Show what the server stored (read back), not what was typed.
      setDraft({ key, data: formFromSaved(stored) });
      notify('success', t('events.saved', { name: event.eventName ?? String(event.eventId) }));
      onSaved();
    });
  };

  if (saved.status === 'error') {
    return (
      <div className="event-panel-state" role="alert">
        <span>{t('events.loadFailed', { reason: saved.error ?? '' })}</span>
        <Button size="sm" onClick={saved.reload}>
          {t('actions.retry')}
        </Button>
      </div>
    );
  }
  // Until both the configuration and the form's code are in, one placeholder keeps the form's room (see
  // .event-panel-pending), so the panels below it do not jump down when it arrives.
  const pending = (
    <p className="event-panel-state event-panel-pending" aria-busy="true">
      {t('events.loading')}
    </p>
  );
  if (!data) return pending;

  return (
    <section className="event-panel" aria-label={t('events.settingsOf', { name: event.eventName ?? String(event.eventId) })}>
      <LazySchemaForm<EventAreaFormData>
        id={`event-form-${event.configId}`}
        schema={schema}
        vocabulary={vocabulary}
        uiSchema={eventAreaUi as UiSchema<EventAreaFormData>}
        formData={data}
        onChange={(next) => setDraft({ key, data: next })}
        onSubmit={save}
        customValidate={customValidate}
        context={context}
        disabled={!canWrite || busy}
        fallback={pending}
      >
        {canWrite ? (
          <div className="form-submit">
            <Button type="submit" appearance="primary" loading={busy}>
              {t('events.save')}
            </Button>
            <Button
              onClick={() => {
                setDraft(null);
                saved.reload();
              }}
              disabled={busy}
            >
              {t('events.revert')}
            </Button>
          </div>
        ) : (
          <span hidden />
        )}
      </LazySchemaForm>
      <ProblemLine failure={failure} />
    </section>
  );
}
