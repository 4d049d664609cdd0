// Adds events to a camera: the catalogue's events (as the camera's scene offers them, those of the scene first),
// each added with the schema's defaults (POST /device/eventType/batch, mode add) and then configured in its form.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from 'rsuite/Checkbox';
import 'rsuite/Checkbox/styles/index.css';
import { allScenes, changeEventTypes, type SceneMenuEvent, sceneEvents } from '../devicesApi.ts';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { ActionDialog } from '../../../components/dialog/ActionDialog.tsx';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';
import { RetryLine } from '../../../components/data/RetryLine.tsx';

export interface AddEventsDialogProps {
  open: boolean;
  cameraId: number;
  sceneId: number | null;
  /** Events the camera has already. */
  configured: readonly number[];
  onClose(): void;
  onAdded(eventIds: number[]): void;
}

async function catalogue(sceneId: number | null, signal: AbortSignal): Promise<SceneMenuEvent[]> {
  // The scene's menu lists the whole catalogue (checked = offered in the scene); any scene will do without one.
  const id = sceneId ?? (await allScenes(signal))[0]?.id;
  if (id === undefined) return [];
  const events = await sceneEvents(id, signal);
  return [...events].sort((a, b) => Number(b.checked) - Number(a.checked));
}

export function AddEventsDialog({ open, cameraId, sceneId, configured, onClose, onAdded }: AddEventsDialogProps) {
  const { t } = useTranslation('devices');
  const events = useLoaded((signal) => (open ? catalogue(sceneId, signal) : Promise.resolve([])), [], `${open}:${sceneId}`);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const { busy, failure, setFailure, run } = useSubmission();
  const available = events.data.filter((event) => !configured.includes(event.eventId));

  const add = async () => {
    if (picked.size === 0) {
      setFailure(t('events.pickOne'));
      return;
    }
    await run(async () => {
      await changeEventTypes([cameraId], [...picked], 'add');
      onAdded([...picked]);
      setPicked(new Set());
    });
  };

  return (
    <ActionDialog
      open={open}
      titleId="add-events-title"
      title={t('events.addTitle')}
      backdrop
      busy={busy}
      failure={failure}
      onClose={onClose}
      action={{ label: t('events.add', { n: picked.size }), onClick: add }}
    >
      {events.status === 'loading' ? <p>{t('events.loading')}</p> : null}
      {events.status === 'error' ? (
        <RetryLine message={t('events.loadFailed', { reason: events.error ?? '' })} retryLabel={t('actions.retry')} onRetry={events.reload} size="xs" />
      ) : null}
      {events.status === 'ready' && available.length === 0 ? <p>{t('events.noneLeft')}</p> : null}
      <ul className="event-picker">
        {available.map((event) => (
          <li key={`${event.typeId}-${event.eventId}`}>
            <Checkbox
              checked={picked.has(event.eventId)}
              onChange={(_, checked) => {
                const next = new Set(picked);
                if (checked) next.add(event.eventId);
                else next.delete(event.eventId);
                setPicked(next);
              }}
            >
              {event.eventName}
              <span className="event-picker-type">{event.typeName ?? ''}</span>
              {event.checked ? <span className="event-picker-scene">{t('events.inScene')}</span> : null}
            </Checkbox>
          </li>
        ))}
      </ul>
    </ActionDialog>
  );
}
