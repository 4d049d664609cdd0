// One camera opened from a device list (?camera=<id>&event=<configId>): its snapshot (or, for an offline video, a
// frame taken in the browser), its events as tags — add, choose, close (deletes that configuration, confirmed) —
// the chosen event's schema-driven settings with the shape editor, and start / stop of the camera or the event.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { notify } from '../../../app/notify.ts';
import { useConfirm } from '../../../components/table/ConfirmDialog.tsx';
import { cameraInfo, type DeviceEventBrief, type DeviceInfo, deleteEventConfigs, startDevice, stopDevice } from '../devicesApi.ts';
import { DeviceState } from '../shared/DeviceState.tsx';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { AddEventsDialog } from './AddEventsDialog.tsx';
import { CrossCameraPanel } from './CrossCameraPanel.tsx';
import { EventAreaPanel } from './EventAreaPanel.tsx';
import { FpsSyncPanel } from './FpsSyncPanel.tsx';
import { LivePanel } from './LivePanel.tsx';
import { OutputsPanel } from './OutputsPanel.tsx';
import { SimulatedBadge } from '../shared/SimulatedBadge.tsx';
import { initialSnapshot, SnapshotPreview, useCameraSnapshot, VideoFramePanel } from './SnapshotPanel.tsx';

export interface CameraConfigViewProps {
  cameraId: number;
  canWrite: boolean;
  onBack(): void;
}

export function CameraConfigView({ cameraId, canWrite, onBack }: CameraConfigViewProps) {
  const { t } = useTranslation('devices');
  const info = useLoaded((signal) => cameraInfo(cameraId, signal), null as DeviceInfo | null, cameraId);
  if (info.status === 'error' && !info.data) {
    return (
      <section className="devices-screen">
        <Button appearance="link" onClick={onBack}>
          {t('camera.back')}
        </Button>
        <div className="event-panel-state" role="alert">
          <span>{t('camera.loadFailed', { reason: info.error ?? '' })}</span>
          <Button size="sm" onClick={info.reload}>
            {t('actions.retry')}
          </Button>
        </div>
      </section>
    );
  }
  if (!info.data) return <p className="event-panel-state">{t('camera.loading')}</p>;
  return <CameraConfigBody key={cameraId} device={info.data} canWrite={canWrite} onBack={onBack} reload={info.reload} />;
}

function CameraConfigBody({ device, canWrite, onBack, reload }: { device: DeviceInfo; canWrite: boolean; onBack(): void; reload(): void }) {
  const { t } = useTranslation('devices');
  const [params, setParams] = useSearchParams();
  const snapshot = useCameraSnapshot(device.id, initialSnapshot(device));
  const { confirm, dialog } = useConfirm();
  const [adding, setAdding] = useState(false);
  const events = device.events ?? [];
  const chosenId = Number(params.get('event'));
  const chosen = events.find((event) => event.configId === chosenId) ?? events[0];
  const nameOf = (event: DeviceEventBrief) => event.eventName ?? String(event.eventId);

  const choose = (event: DeviceEventBrief) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('event', String(event.configId));
      return next;
    });

  const run = (start: boolean, event?: DeviceEventBrief) =>
    confirm({
      title: t(start ? 'run.startTitle' : 'run.stopTitle'),
      message: event
        ? t(start ? 'run.startEvent' : 'run.stopEvent', { name: device.name, event: nameOf(event) })
        : t(start ? 'run.startOne' : 'run.stopOne', { name: device.name }),
      confirmLabel: t(start ? 'run.start' : 'run.stop'),
      action: async () => {
        await (start ? startDevice(device.id, event?.eventId) : stopDevice(device.id, event?.eventId));
        notify('success', t(start ? 'run.started' : 'run.stopped', { count: 1 }));
        reload();
      },
    });

  const closeTag = (event: DeviceEventBrief) =>
    confirm({
      title: t('events.removeTitle'),
      message: t('events.removeOne', { name: nameOf(event) }),
      confirmLabel: t('actions.delete'),
      action: async () => {
        await deleteEventConfigs([event.configId]);
        notify('success', t('events.removed', { name: nameOf(event) }));
        reload();
      },
    });

  return (
    <section className="devices-screen camera-config">
      <header className="devices-header">
        <Button appearance="link" onClick={onBack}>
          {t('camera.back')}
        </Button>
        <h1>{device.name}</h1>
        <SimulatedBadge simulated={device.simulated} what="camera" />
        <DeviceState device={device} />
        {device.runState === 3 && device.runMessage ? <span className="device-run-message">{device.runMessage}</span> : null}
        {canWrite ? (
          <Button onClick={() => run(device.startState !== 1)}>{device.startState === 1 ? t('run.stopCamera') : t('run.startCamera')}</Button>
        ) : null}
      </header>
      <div className="camera-layout">
        <aside className="camera-side">
          {device.kind === 'offline' && device.videoUrl ? (
            <VideoFramePanel videoUrl={device.videoUrl} name={device.name} onFrame={(frame) => snapshot.set({ status: 'ready', snapshot: frame })} />
          ) : (
            <SnapshotPreview state={snapshot.state} onTake={snapshot.take} onUpload={canWrite && device.kind !== 'offline' ? snapshot.upload : undefined} name={device.name} />
          )}
          <LivePanel device={device} />
          <dl className="camera-facts">
            <dt>{t('columns.scene')}</dt>
            <dd>{device.sceneName ?? t('form.none')}</dd>
            <dt>{t('columns.box')}</dt>
            <dd>{device.boxName ?? t('camera.platform')}</dd>
          </dl>
        </aside>
        <div className="camera-main">
          <div className="event-tags" role="toolbar" aria-label={t('events.title')}>
            {events.map((event) => (
              <span key={event.configId} className={event.configId === chosen?.configId ? 'event-tag chosen' : 'event-tag'}>
                <button type="button" aria-pressed={event.configId === chosen?.configId} onClick={() => choose(event)}>
                  {nameOf(event)}
                  <span className={`event-status status-${event.status}`}>{t(`events.status.${event.status}`)}</span>
                </button>
                {canWrite ? (
                  <button type="button" className="event-tag-close" aria-label={t('events.remove', { name: nameOf(event) })} onClick={() => closeTag(event)}>
                    ×
                  </button>
                ) : null}
              </span>
            ))}
            {canWrite ? (
              <Button size="sm" onClick={() => setAdding(true)}>
                {t('events.addButton')}
              </Button>
            ) : null}
          </div>
          {events.length === 0 ? <p className="event-panel-state">{t('events.none')}</p> : null}
          {chosen ? (
            <>
              {canWrite ? (
                <div className="event-run">
                  <Button size="sm" onClick={() => run(chosen.status !== 1, chosen)}>
                    {chosen.status === 1 ? t('run.stopEventButton') : t('run.startEventButton')}
                  </Button>
                </div>
              ) : null}
              <EventAreaPanel
                key={chosen.configId}
                cameraId={device.id}
                event={chosen}
                snapshot={snapshot.state}
                takeSnapshot={device.kind === 'offline' ? undefined : snapshot.take}
                canWrite={canWrite}
                onSaved={reload}
              />
              {device.kind === 'normal' ? <CrossCameraPanel key={`cross-${chosen.configId}`} cameraId={device.id} event={chosen} canWrite={canWrite} /> : null}
            </>
          ) : null}
          <FpsSyncPanel cameraId={device.id} cameraName={device.name} canWrite={canWrite} />
          <OutputsPanel device={device} canWrite={canWrite} onChanged={reload} />
        </div>
      </div>
      <AddEventsDialog
        open={adding}
        cameraId={device.id}
        sceneId={device.sceneId ?? null}
        configured={events.map((event) => event.eventId)}
        onClose={() => setAdding(false)}
        onAdded={(ids) => {
          setAdding(false);
          notify('success', t('events.added', { count: ids.length }));
          reload();
        }}
      />
      {dialog}
    </section>
  );
}
