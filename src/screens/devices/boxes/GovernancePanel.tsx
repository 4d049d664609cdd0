// Governance tasks of one box: time-boxed campaigns (≤ 15 days) running chosen events on cameras bound to the
// box. Lists the pending and running ones (from GET /edgeBox/boxTask), creates or edits one in rsuite's form with
// its date-time pickers, cancels with confirmation. Each field says what is wrong with it before anything is sent.
// The drawer asks before an unsaved form is lost (`onDirtyChange`).
import '../../../components/dateRange/rsuiteDateFns.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import ButtonToolbar from 'rsuite/ButtonToolbar';
import CheckPicker from 'rsuite/CheckPicker';
import DatePicker from 'rsuite/DatePicker';
import Form from 'rsuite/Form';
import Textarea from 'rsuite/Textarea';
import 'rsuite/Button/styles/index.css';
import 'rsuite/ButtonToolbar/styles/index.css';
import 'rsuite/CheckPicker/styles/index.css';
import 'rsuite/DatePicker/styles/index.css';
import 'rsuite/Form/styles/index.css';
import 'rsuite/FormControl/styles/index.css';
import 'rsuite/FormControlLabel/styles/index.css';
import 'rsuite/FormErrorMessage/styles/index.css';
import 'rsuite/FormGroup/styles/index.css';
import 'rsuite/Input/styles/index.css';
import { notify } from '../../../app/notify.ts';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { useConfirm } from '../../../components/table/ConfirmDialog.tsx';
import { allScenes, listDevices, sceneEvents } from '../devicesApi.ts';
import { boxTask, type EdgeBoxTask } from './boxesApi.ts';
import { cancelGovernanceTask, type GovernanceTask, saveGovernanceTask } from './boxExtrasApi.ts';
import { fromWireTime, toWireTime, windowProblem } from './boxRules.ts';

interface Draft {
  id?: number;
  name: string;
  cameraIds: number[];
  eventIds: number[];
  start: Date | null;
  end: Date | null;
  remark: string;
}
type Problems = Partial<Record<'name' | 'cameraIds' | 'eventIds' | 'start' | 'end', string>>;

const EMPTY: Draft = { name: '', cameraIds: [], eventIds: [], start: null, end: null, remark: '' };
const DATE_TIME = 'yyyy-MM-dd HH:mm:ss';

const sameDraft = (a: Draft, b: Draft) =>
  a.name === b.name &&
  a.remark === b.remark &&
  a.start?.getTime() === b.start?.getTime() &&
  a.end?.getTime() === b.end?.getTime() &&
  a.cameraIds.join() === b.cameraIds.join() &&
  a.eventIds.join() === b.eventIds.join();

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

export interface GovernancePanelProps {
  boxId: number;
  canWrite: boolean;
  /** Whether a form with changes not saved is open (the drawer asks before it is lost). */
  onDirtyChange?(dirty: boolean): void;
}

export function GovernancePanel({ boxId, canWrite, onDirtyChange }: GovernancePanelProps) {
  const { t } = useTranslation('devices');
  const data = useLoaded((signal) => loadAll(boxId, signal), { task: null, cameras: [], events: [] } as Awaited<ReturnType<typeof loadAll>>, boxId);
  const { confirm, dialog } = useConfirm();
  // The form as opened (to tell changes) and as edited.
  const [opened, setOpened] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tasks = data.data.task?.governanceTasks ?? [];
  const dirty = draft !== null && opened !== null && !sameDraft(draft, opened);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const open = (next: Draft | null) => {
    setOpened(next);
    setDraft(next);
    setProblems({});
    setFailure(null);
  };
  const edit = (task: GovernanceTask) =>
    open({ id: task.id, name: task.name, cameraIds: task.cameraIds, eventIds: task.eventIds, start: fromWireTime(task.startTime), end: fromWireTime(task.endTime), remark: task.remark ?? '' });

  const check = (value: Draft): Problems => {
    const found: Problems = {};
    if (!value.name.trim()) found.name = t('boxExtras.governance.nameRequired');
    if (value.cameraIds.length === 0) found.cameraIds = t('boxExtras.governance.camerasRequired');
    if (value.eventIds.length === 0) found.eventIds = t('boxExtras.governance.eventsRequired');
    const window = windowProblem(value.start, value.end, new Date());
    // Said at the field to change: the missing one, the start when it is not before the end, else the end.
    const at = window === 'missing' ? (value.start ? 'end' : 'start') : window === 'order' ? 'start' : 'end';
    if (window) found[at] = t(`boxExtras.governance.window.${window}`);
    return found;
  };

  const save = async () => {
    if (!draft || busy) return;
    const found = check(draft);
    setProblems(found);
    if (Object.keys(found).length > 0 || !draft.start || !draft.end) return;
    setBusy(true);
    setFailure(null);
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
      open(null);
      data.reload();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
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
        <Button size="sm" appearance="primary" onClick={() => open(EMPTY)} disabled={data.data.cameras.length === 0}>
          {t('boxExtras.governance.add')}
        </Button>
      ) : null}
      {canWrite && data.data.cameras.length === 0 ? <p>{t('boxExtras.governance.noCameras')}</p> : null}
      {draft ? (
        <Form fluid className="drawer-form" formValue={draft} onSubmit={() => void save()} disabled={busy} aria-labelledby="governance-form-title">
          <h3 id="governance-form-title" className="drawer-form-title">
            {draft.id ? t('boxExtras.governance.editTitle') : t('boxExtras.governance.addTitle')}
          </h3>
          <Form.Group controlId="governance-name">
            <Form.Label>{t('boxExtras.governance.name')}</Form.Label>
            <Form.Control name="name" maxLength={32} onChange={(name: string) => set({ name })} errorMessage={problems.name} />
          </Form.Group>
          <Form.Group controlId="governance-cameras">
            <Form.Label id="governance-cameras-label">{t('boxExtras.governance.cameras')}</Form.Label>
            <CheckPicker
              id="governance-cameras"
              aria-labelledby="governance-cameras-label"
              data={data.data.cameras}
              value={draft.cameraIds}
              block
              placeholder={t('boxExtras.governance.choose')}
              onChange={(cameraIds) => set({ cameraIds })}
            />
            {problems.cameraIds ? (
              <p className="drawer-form-problem" role="alert">
                {problems.cameraIds}
              </p>
            ) : null}
          </Form.Group>
          <Form.Group controlId="governance-events">
            <Form.Label id="governance-events-label">{t('boxExtras.governance.events')}</Form.Label>
            <CheckPicker
              id="governance-events"
              aria-labelledby="governance-events-label"
              data={data.data.events}
              value={draft.eventIds}
              block
              placeholder={t('boxExtras.governance.choose')}
              onChange={(eventIds) => set({ eventIds })}
            />
            {problems.eventIds ? (
              <p className="drawer-form-problem" role="alert">
                {problems.eventIds}
              </p>
            ) : null}
          </Form.Group>
          <div className="drawer-form-pair">
            <Form.Group controlId="governance-start">
              <Form.Label>{t('boxExtras.governance.start')}</Form.Label>
              <Form.Control name="start" accepter={DatePicker} format={DATE_TIME} block onChange={(start: Date | null) => set({ start })} errorMessage={problems.start} />
            </Form.Group>
            <Form.Group controlId="governance-end">
              <Form.Label>{t('boxExtras.governance.end')}</Form.Label>
              <Form.Control name="end" accepter={DatePicker} format={DATE_TIME} block onChange={(end: Date | null) => set({ end })} errorMessage={problems.end} />
            </Form.Group>
          </div>
          <Form.Group controlId="governance-remark">
            <Form.Label>{t('boxExtras.governance.remark')}</Form.Label>
            <Form.Control name="remark" accepter={Textarea} rows={2} maxLength={500} onChange={(remark: string) => set({ remark })} />
          </Form.Group>
          {failure ? (
            <p className="dialog-failure" role="alert">
              {failure}
            </p>
          ) : null}
          <ButtonToolbar>
            <Button type="submit" size="sm" appearance="primary" loading={busy}>
              {t('actions.save')}
            </Button>
            <Button size="sm" onClick={() => open(null)} disabled={busy}>
              {t('actions.cancel')}
            </Button>
          </ButtonToolbar>
        </Form>
      ) : null}
      {dialog}
    </div>
  );
}
