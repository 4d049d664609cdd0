// One detection task (?task=<id>): its name and the schema-driven detection configuration (§3, defaults §9),
// whose drawn fields open the shape editor on the camera's snapshot; saved with /task/updateTask and shown again
// as the server reads it back; started and stopped with confirmation (a 409 "box offline" is shown there).
import type { UiSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Input from 'rsuite/Input';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Input/styles/index.css';
import detectionSchema from '../../../schemas/detection-task.schema.json';
import detectionUi from '../../../schemas/detection-task.ui.json';
import { notify } from '../../app/notify.ts';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { LazySchemaForm } from '../../forms/LazySchemaForm.tsx';
import { initialSnapshot, SnapshotPreview, useCameraSnapshot } from '../devices/camera/SnapshotPanel.tsx';
import { cameraInfo, type DeviceInfo } from '../devices/devicesApi.ts';
import { DeviceState } from '../devices/shared/DeviceState.tsx';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { allDrawn, validateDetection } from './detectionRules.ts';
import { type DetectionTask, type DetectionTaskConfig, getTask, startTask, stopTask, updateTask } from './tasksApi.ts';
import { useSubmission } from '../../components/dialog/useSubmission.ts';
import { ProblemLine } from '../../components/dialog/ProblemLine.tsx';

const MAX_NAME = 128;

export function TaskEditorView({ taskId, canWrite, onBack }: { taskId: number; canWrite: boolean; onBack(): void }) {
  const { t } = useTranslation('tasks');
  const loaded = useLoaded(
    async (signal) => {
      const task = await getTask(taskId, signal);
      const camera = await cameraInfo(task.cameraId, signal).catch(() => null);
      return { task, camera };
    },
    null as { task: DetectionTask; camera: DeviceInfo | null } | null,
    taskId,
  );
  if (!loaded.data) {
    return (
      <section className="devices-screen">
        <Button appearance="link" onClick={onBack}>
          {t('back')}
        </Button>
        {loaded.status === 'error' ? (
          <div className="event-panel-state" role="alert">
            <span>{t('loadFailed', { reason: loaded.error ?? '' })}</span>
            <Button size="sm" onClick={loaded.reload}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <p className="event-panel-state">{t('loading')}</p>
        )}
      </section>
    );
  }
  return <TaskEditor key={taskId} task={loaded.data.task} camera={loaded.data.camera} canWrite={canWrite} onBack={onBack} reload={loaded.reload} />;
}

function TaskEditor({ task, camera, canWrite, onBack, reload }: { task: DetectionTask; camera: DeviceInfo | null; canWrite: boolean; onBack(): void; reload(): void }) {
  const { t } = useTranslation('tasks');
  const { t: tf } = useTranslation('forms');
  const snapshot = useCameraSnapshot(task.cameraId, camera ? initialSnapshot(camera) : { status: 'none' });
  const [name, setName] = useState(task.name);
  const [config, setConfig] = useState<DetectionTaskConfig>(task.config);
  const { busy, failure, run: submit } = useSubmission();
  const { confirm, dialog } = useConfirm();
  const frame = snapshot.state.status === 'ready' ? snapshot.state.snapshot : null;
  const nameProblem = name.trim() === '' ? t('nameRequired') : [...name.trim()].length > MAX_NAME ? t('nameTooLong', { max: MAX_NAME }) : null;

  const context = useMemo(() => ({ snapshot: snapshot.state, takeSnapshot: snapshot.take, allShapes: () => allDrawn(config) }), [snapshot.state, snapshot.take, config]);

  const save = async (data: DetectionTaskConfig) => {
    if (nameProblem) {
      document.getElementById('task-name')?.focus();
      return;
    }
    await submit(async () => {
      await updateTask(task.id, name.trim(), data);
      // Read back what the server stored.
      const stored = await getTask(task.id);
      setConfig(stored.config);
      setName(stored.name);
      notify('success', t('saved', { name: stored.name }));
    });
  };

  const run = (start: boolean) =>
    confirm({
      title: t(start ? 'startTitle' : 'stopTitle'),
      message: t(start ? 'startOne' : 'stopOne', { name: task.name }),
      confirmLabel: t(start ? 'start' : 'stop'),
      action: async () => {
        await (start ? startTask(task.id) : stopTask(task.id));
        notify('success', t(start ? 'started' : 'stopped', { count: 1 }));
        reload();
      },
    });

  return (
    <section className="devices-screen">
      <header className="devices-header">
        <Button appearance="link" onClick={onBack}>
          {t('back')}
        </Button>
        <h1>{task.name}</h1>
        <DeviceState device={task} />
        {canWrite ? <Button onClick={() => run(task.startState !== 1)}>{task.startState === 1 ? t('stop') : t('start')}</Button> : null}
      </header>
      <div className="camera-layout">
        <aside className="camera-side">
          <SnapshotPreview state={snapshot.state} onTake={snapshot.take} onUpload={canWrite ? snapshot.upload : undefined} name={task.cameraName ?? String(task.cameraId)} />
          <p>{t('camera', { name: task.cameraName ?? task.cameraId })}</p>
        </aside>
        <div className="camera-main">
          <div className="dialog-field">
            <label htmlFor="task-name">{t('fields.name')}</label>
            <Input
              id="task-name"
              value={name}
              onChange={setName}
              disabled={!canWrite}
              aria-invalid={nameProblem ? true : undefined}
              aria-describedby={nameProblem ? 'task-name-problem' : undefined}
            />
            {nameProblem ? (
              <p id="task-name-problem" className="form-field-errors">
                {nameProblem}
              </p>
            ) : null}
          </div>
          <LazySchemaForm<DetectionTaskConfig>
            id="task-form"
            schema={detectionSchema as never}
            uiSchema={detectionUi as UiSchema<DetectionTaskConfig>}
            formData={config}
            onChange={setConfig}
            onSubmit={save}
            customValidate={(data, errors) => validateDetection(data, errors, frame, tf)}
            context={context}
            disabled={!canWrite || busy}
          >
            {canWrite ? (
              <div className="form-submit">
                <Button type="submit" appearance="primary" loading={busy}>
                  {t('save')}
                </Button>
              </div>
            ) : (
              <span hidden />
            )}
          </LazySchemaForm>
          <ProblemLine failure={failure} />
        </div>
      </div>
      {dialog}
    </section>
  );
}
