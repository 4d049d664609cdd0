// Governance tasks of one box: time-boxed campaigns (≤ 15 days) running chosen events on cameras bound to the
// box. Lists the pending and running ones (from GET /edgeBox/boxTask), creates or edits one, cancels with
// confirmation. The window is checked here first so the user reads why before anything is sent.
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
import { allScenes, listDevices, sceneEvents } from '../devicesApi.ts';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { boxTask, type EdgeBoxTask } from './boxesApi.ts';
import { cancelGovernanceTask, type GovernanceTask, saveGovernanceTask } from './boxExtrasApi.ts';
import { fromWireTime, toWireTime, windowProblem } from './boxRules.ts';

interface Draft {
  id?: number;
  name: string;
  cameraIds: number[];
  eventIds: number[];
  start: string;
  end: string;
  remark: string;
}
const EMPTY: Draft = { name: '', cameraIds: [], eventIds: [], start: '', end: '', remark: '' };

async function loadAll(boxId: number, signal: AbortSignal) {
  // Governance may use any camera bound to the box (boxId), whether or not the box task assigns it events.
  const [task, scenes, bound] = await Promise.all([boxTask(boxId, signal), allScenes(signal), listDevices('normal', { boxId: String(boxId) }, 1, 500, signal)]);
  const events = scenes[0] ? await sceneEvents(scenes[0].id, signal) : [];
  const eventChoices = new Map<number, string>(events.map((event) => [event.eventId, event.eventName]));
  for (const item of task.items) {
    item.eventIds.forEach((id, i) => {
      eventChoices.set(id, item.eventNames?.[i] ?? eventChoices.get(id) ?? String(id));
    });
  }
  return {
    task: task as EdgeBoxTask | null,
    cameras: bound.list.map((device) => ({ value: device.id, label: device.name })),
    events: [...eventChoices].map(([value, label]) => ({ value, label })),
  };
}

export function GovernancePanel({ boxId, canWrite }: { boxId: number; canWrite: boolean }) {
  const { t } = useTranslation('devices');
  const data = useLoaded((signal) => loadAll(boxId, signal), { task: null, cameras: [], events: [] } as Awaited<ReturnType<typeof loadAll>>, boxId);
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tasks = data.data.task?.governanceTasks ?? [];
  const edit = (task: GovernanceTask) =>
    setDraft({ id: task.id, name: task.name, cameraIds: task.cameraIds, eventIds: task.eventIds, start: fromWireTime(task.startTime), end: fromWireTime(task.endTime), remark: task.remark ?? '' });

  const save = async () => {
    if (!draft) return;
    if (!draft.name.trim()) return setProblem(t('boxExtras.governance.nameRequired'));
    if (draft.cameraIds.length === 0) return setProblem(t('boxExtras.governance.camerasRequired'));
    if (draft.eventIds.length === 0) return setProblem(t('boxExtras.governance.eventsRequired'));
    const found = windowProblem(draft.start, draft.end, new Date());
    if (found) return setProblem(t(`boxExtras.governance.window.${found}`));
    setBusy(true);
    setProblem(null);
    try {
      await saveGovernanceTask({
        id: draft.id,
        boxId,
        name: draft.name.trim(),
        cameraIds: draft.cameraIds,
        eventIds: draft.eventIds,
        startTime: toWireTime(draft.start),
        endTime: toWireTime(draft.end),
        remark: draft.remark.trim() || undefined,
      });
      notify('success', t('boxExtras.governance.saved'));
      setDraft(null);
      data.reload();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const cancelTask = (task: GovernanceTask) =>
    confirm({
      title: t('boxExtras.governance.cancelTitle'),
      message: t('boxExtras.governance.cancelMessage', { name: task.name }),
      confirmLabel: t('boxExtras.governance.cancelTask'),
      action: async () => {
        await cancelGovernanceTask(task.id);
        notify('success', t('boxExtras.governance.cancelled'));
        data.reload();
      },
    });

  if (data.status === 'loading' && !data.data.task) return <p aria-busy="true">{t('boxExtras.loading')}</p>;
  if (data.status === 'error') {
    return (
      <div role="alert">
        <p>{t('boxExtras.loadFailed', { reason: data.error ?? '' })}</p>
        <Button size="sm" onClick={data.reload}>
          {t('actions.retry')}
        </Button>
      </div>
    );
  }
  const set = (patch: Partial<Draft>) => draft && setDraft({ ...draft, ...patch });

  return (
    <div className="box-drawer-panel">
      {tasks.length === 0 ? <p>{t('boxExtras.governance.empty')}</p> : null}
      <ul className="governance-list" aria-label={t('boxExtras.governance.label')}>
        {tasks.map((task) => (
          <li key={task.id}>
            <strong>{task.name}</strong> <span>{t(`boxExtras.governance.status.${task.status}`)}</span>{' '}
            <span>
              {task.startTime} – {task.endTime}
            </span>
            {canWrite ? (
              <>
                <Button size="xs" appearance="link" onClick={() => edit(task)}>
                  {t('actions.edit')}
                </Button>
                <Button size="xs" appearance="link" color="red" onClick={() => cancelTask(task)}>
                  {t('boxExtras.governance.cancelTask')}
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {canWrite && !draft ? (
        <Button size="sm" appearance="primary" onClick={() => setDraft(EMPTY)} disabled={data.data.cameras.length === 0}>
          {t('boxExtras.governance.add')}
        </Button>
      ) : null}
      {canWrite && data.data.cameras.length === 0 ? <p>{t('boxExtras.governance.noCameras')}</p> : null}
      {draft ? (
        <fieldset className="governance-form">
          <legend>{draft.id ? t('boxExtras.governance.editTitle') : t('boxExtras.governance.addTitle')}</legend>
          <label htmlFor="governance-name">{t('boxExtras.governance.name')}</label>
          <Input id="governance-name" value={draft.name} maxLength={32} onChange={(name) => set({ name })} />
          <CheckPicker aria-label={t('boxExtras.governance.cameras')} placeholder={t('boxExtras.governance.cameras')} data={data.data.cameras} value={draft.cameraIds} onChange={(cameraIds) => set({ cameraIds })} block />
          <CheckPicker aria-label={t('boxExtras.governance.events')} placeholder={t('boxExtras.governance.events')} data={data.data.events} value={draft.eventIds} onChange={(eventIds) => set({ eventIds })} block />
          <label htmlFor="governance-start">{t('boxExtras.governance.start')}</label>
          <Input id="governance-start" type="datetime-local" step={1} value={draft.start} onChange={(start) => set({ start })} />
          <label htmlFor="governance-end">{t('boxExtras.governance.end')}</label>
          <Input id="governance-end" type="datetime-local" step={1} value={draft.end} onChange={(end) => set({ end })} />
          <label htmlFor="governance-remark">{t('boxExtras.governance.remark')}</label>
          <Input id="governance-remark" value={draft.remark} maxLength={500} onChange={(remark) => set({ remark })} />
          {problem ? (
            <p className="dialog-failure" role="alert">
              {problem}
            </p>
          ) : null}
          <Button size="sm" onClick={() => {
              setDraft(null);
              setProblem(null);
            }} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button size="sm" appearance="primary" onClick={save} loading={busy}>
            {t('actions.save')}
          </Button>
        </fieldset>
      ) : null}
      {dialog}
    </div>
  );
}
