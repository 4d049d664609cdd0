// What an edge box runs (POST /edgeBox/boxTask): a row per camera with the events it runs there. Cameras come
// from those already on the box and the free ones (not bound to any box); events from the catalogue.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import CheckPicker from 'rsuite/CheckPicker';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Button/styles/index.css';
import 'rsuite/CheckPicker/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { allScenes, sceneEvents } from '../devicesApi.ts';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { ActionDialog } from '../../../components/dialog/ActionDialog.tsx';
import { useOpenedFor, useSubmission } from '../../../components/dialog/useSubmission.ts';
import { type EdgeBoxTask, freeDevices, saveBoxTask } from './boxesApi.ts';

interface Row {
  cameraId: number | null;
  eventIds: number[];
}

async function choices(task: EdgeBoxTask, signal: AbortSignal) {
  const [free, scenes] = await Promise.all([freeDevices(signal), allScenes(signal)]);
  const events = scenes[0] ? await sceneEvents(scenes[0].id, signal) : [];
  const cameras = [
    ...task.items.map((item) => ({ value: item.cameraId, label: item.cameraName ?? String(item.cameraId) })),
    ...free.map((device) => ({ value: device.id, label: device.name })),
  ];
  return { cameras, events: events.map((event) => ({ value: event.eventId, label: event.eventName })) };
}

export function BoxTaskDialog({ task, boxName, onClose, onSaved }: { task: EdgeBoxTask | null; boxName: string; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('devices');
  const options = useLoaded(
    (signal) => (task ? choices(task, signal) : Promise.resolve({ cameras: [], events: [] })),
    { cameras: [] as { value: number; label: string }[], events: [] as { value: number; label: string }[] },
    task ? `${task.boxId}:${task.updateTime ?? ''}` : '',
  );
  const [rows, setRows] = useState<Row[]>([]);
  const { busy, failure, setFailure, run } = useSubmission();
  useOpenedFor(task, (opened) => {
    setRows(opened ? opened.items.map((item) => ({ cameraId: item.cameraId, eventIds: item.eventIds })) : []);
    setFailure(null);
  });
  const labelOf = (id: number | null) => options.data.cameras.find((camera) => camera.value === id)?.label ?? String(id ?? '');

  const save = async () => {
    if (!task) return;
    await run(async () => {
      const items = rows.flatMap((row) => (row.cameraId === null ? [] : [{ cameraId: row.cameraId, eventIds: row.eventIds }]));
      await saveBoxTask({ boxId: task.boxId, items });
      onSaved();
    });
  };

  return (
    <ActionDialog
      open={task !== null}
      titleId="box-task-title"
      title={t('boxConfig.editTitle', { name: boxName })}
      size="md"
      bodyClassName="dialog-form"
      busy={busy}
      failure={failure}
      onClose={onClose}
      action={{ label: t('actions.save'), onClick: save }}
    >
      {options.status === 'error' ? <p role="alert">{t('boxConfig.loadFailed', { reason: options.error ?? '' })}</p> : null}
      {rows.map((row, index) => {
        const taken = new Set(rows.map((other) => other.cameraId));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
          <div key={index} className="dialog-field">
            <SelectPicker
              aria-label={t('boxConfig.camera')}
              data={options.data.cameras.filter((camera) => camera.value === row.cameraId || !taken.has(camera.value))}
              value={row.cameraId}
              onChange={(value) => setRows(rows.map((r, i) => (i === index ? { ...r, cameraId: value } : r)))}
              placeholder={t('boxConfig.camera')}
              block
            />
            <CheckPicker
              aria-label={t('boxConfig.cameraEvents', { name: labelOf(row.cameraId) })}
              data={options.data.events}
              value={row.eventIds}
              onChange={(value) => setRows(rows.map((r, i) => (i === index ? { ...r, eventIds: value } : r)))}
              placeholder={t('boxConfig.events')}
              block
            />
            <Button size="xs" appearance="ghost" onClick={() => setRows(rows.filter((_, i) => i !== index))}>
              {t('boxConfig.removeCamera', { name: labelOf(row.cameraId) })}
            </Button>
          </div>
        );
      })}
      <Button size="sm" onClick={() => setRows([...rows, { cameraId: null, eventIds: [] }])}>
        {t('boxConfig.addCamera')}
      </Button>
    </ActionDialog>
  );
}
