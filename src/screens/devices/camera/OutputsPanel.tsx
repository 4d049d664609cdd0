// A camera's alarm outputs (read back from the camera info): list, add (http URL, or mqtt/kafka host:port and
// topic; all events or the chosen ones), delete with confirmation.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import CheckPicker from 'rsuite/CheckPicker';
import Input from 'rsuite/Input';
import 'rsuite/Button/styles/index.css';
import 'rsuite/CheckPicker/styles/index.css';
import 'rsuite/Input/styles/index.css';
import { notify } from '../../../app/notify.ts';
import { useConfirm } from '../../../components/table/ConfirmDialog.tsx';
import type { DeviceInfo } from '../devicesApi.ts';
import { addOutput, type DeviceOutput, deleteOutputs } from './cameraExtrasApi.ts';
import { outputProblem } from './outputRules.ts';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';
import { ProblemLine } from '../../../components/dialog/ProblemLine.tsx';
import { FormActions } from '../../../components/dialog/FormActions.tsx';

const TYPES = ['http', 'mqtt', 'kafka'] as const;
type OutputType = (typeof TYPES)[number];
const EMPTY = { name: '', outputType: 'http' as OutputType, target: '', topic: '', eventIds: [] as number[] };

export function OutputsPanel({ device, canWrite, onChanged }: { device: DeviceInfo; canWrite: boolean; onChanged(): void }) {
  const { t } = useTranslation('devices');
  const { confirmDelete, dialog } = useConfirm();
  const [draft, setDraft] = useState<typeof EMPTY | null>(null);
  const { busy, failure: problem, setFailure: setProblem, run } = useSubmission();
  const outputs: DeviceOutput[] = device.outputs ?? [];
  const events = (device.events ?? []).map((event) => ({ value: event.eventId, label: event.eventName ?? String(event.eventId) }));
  const eventNames = (ids: number[]) => (ids.length === 0 ? t('cameraExtras.outputs.allEvents') : ids.map((id) => events.find((e) => e.value === id)?.label ?? id).join(', '));

  const save = async () => {
    if (!draft) return;
    const found = outputProblem(draft);
    if (found) return setProblem(t(`cameraExtras.outputs.problems.${found}`));
    await run(async () => {
      const http = draft.outputType === 'http';
      await addOutput({ cameraId: device.id, name: draft.name.trim(), outputType: draft.outputType, target: draft.target.trim(), topic: http ? undefined : draft.topic.trim(), eventIds: draft.eventIds });
      notify('success', t('cameraExtras.outputs.added'));
      setDraft(null);
      onChanged();
    });
  };

  const remove = (output: DeviceOutput) =>
    confirmDelete(
      { title: t('cameraExtras.outputs.deleteTitle'), message: t('cameraExtras.outputs.deleteMessage', { name: output.name }), done: t('cameraExtras.outputs.deleted') },
      () => deleteOutputs([output.id]),
      onChanged,
    );
  const set = (patch: Partial<typeof EMPTY>) => draft && setDraft({ ...draft, ...patch });

  return (
    <section className="camera-extra" aria-labelledby="camera-outputs-title">
      <h2 id="camera-outputs-title">{t('cameraExtras.outputs.title')}</h2>
      {outputs.length === 0 ? (
        <p>{t('cameraExtras.outputs.empty')}</p>
      ) : (
        <table className="box-drawer-table">
          <thead>
            <tr>
              <th>{t('cameraExtras.outputs.name')}</th>
              <th>{t('cameraExtras.outputs.type')}</th>
              <th>{t('cameraExtras.outputs.target')}</th>
              <th>{t('cameraExtras.outputs.topic')}</th>
              <th>{t('cameraExtras.outputs.events')}</th>
              {canWrite ? <th>{t('boxes.columns.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {outputs.map((output) => (
              <tr key={output.id}>
                <td>{output.name}</td>
                <td>{output.outputType}</td>
                <td>{output.target}</td>
                <td>{output.topic ?? '–'}</td>
                <td>{eventNames(output.eventIds)}</td>
                {canWrite ? (
                  <td>
                    <Button size="xs" appearance="link" color="red" onClick={() => remove(output)} aria-label={t('cameraExtras.outputs.deleteOne', { name: output.name })}>
                      {t('actions.delete')}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canWrite && !draft ? (
        <Button size="sm" onClick={() => setDraft(EMPTY)}>
          {t('cameraExtras.outputs.add')}
        </Button>
      ) : null}
      {draft ? (
        <fieldset className="camera-extra-form">
          <legend>{t('cameraExtras.outputs.add')}</legend>
          <label htmlFor="output-name">{t('cameraExtras.outputs.name')}</label>
          <Input id="output-name" value={draft.name} maxLength={32} onChange={(name) => set({ name })} />
          <span>{t('cameraExtras.outputs.type')}</span>
          <div role="radiogroup" aria-label={t('cameraExtras.outputs.type')}>
            {TYPES.map((type) => (
              <label key={type}>
                <input type="radio" name="output-type" checked={draft.outputType === type} onChange={() => set({ outputType: type })} /> {type}
              </label>
            ))}
          </div>
          <label htmlFor="output-target">{draft.outputType === 'http' ? t('cameraExtras.outputs.url') : t('cameraExtras.outputs.hostPort')}</label>
          <Input id="output-target" value={draft.target} maxLength={500} onChange={(target) => set({ target })} />
          {draft.outputType !== 'http' ? (
            <>
              <label htmlFor="output-topic">{t('cameraExtras.outputs.topic')}</label>
              <Input id="output-topic" value={draft.topic} maxLength={128} onChange={(topic) => set({ topic })} />
            </>
          ) : null}
          <CheckPicker aria-label={t('cameraExtras.outputs.events')} placeholder={t('cameraExtras.outputs.allEvents')} data={events} value={draft.eventIds} onChange={(eventIds) => set({ eventIds })} block />
          <ProblemLine failure={problem} />
          <FormActions
            busy={busy}
            onCancel={() => {
              setDraft(null);
              setProblem(null);
            }}
            onSave={save}
          />
        </fieldset>
      ) : null}
      {dialog}
    </section>
  );
}
