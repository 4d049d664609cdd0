// The cross-camera (cross-mirror) link of the chosen event: the cameras a target is followed to and how many
// of them must see it. Saved with POST /device/crossCameraConfig; the count may not exceed the linked cameras.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import CheckPicker from 'rsuite/CheckPicker';
import Input from 'rsuite/Input';
import 'rsuite/Button/styles/index.css';
import 'rsuite/CheckPicker/styles/index.css';
import 'rsuite/Input/styles/index.css';
import { notify } from '../../../app/notify.ts';
import { type DeviceEventBrief, listDevices } from '../devicesApi.ts';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { saveCrossCamera } from './cameraExtrasApi.ts';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';
import { ProblemLine } from '../../../components/dialog/ProblemLine.tsx';
import { RetryLine } from '../../../components/data/RetryLine.tsx';

async function otherCameras(cameraId: number, signal: AbortSignal) {
  const page = await listDevices('normal', {}, 1, 500, signal);
  return page.list.filter((device) => device.id !== cameraId).map((device) => ({ value: device.id, label: device.name }));
}

export function CrossCameraPanel({ cameraId, event, canWrite }: { cameraId: number; event: DeviceEventBrief; canWrite: boolean }) {
  const { t } = useTranslation('devices');
  const cameras = useLoaded((signal) => otherCameras(cameraId, signal), [] as { value: number; label: string }[], cameraId);
  const [linked, setLinked] = useState<number[]>([]);
  const [count, setCount] = useState('1');
  const { busy, failure: problem, setFailure: setProblem, run } = useSubmission();
  if (!canWrite) return null;

  const save = async () => {
    const n = Number(count);
    if (linked.length === 0) return setProblem(t('cameraExtras.cross.camerasRequired'));
    if (!Number.isInteger(n) || n < 1 || n > Math.min(16, linked.length)) return setProblem(t('cameraExtras.cross.countRange', { max: Math.min(16, linked.length) }));
    await run(async () => {
      await saveCrossCamera({
        cameraId,
        eventId: event.eventId,
        typeId: event.typeId,
        appName: event.appName,
        crossMirrorNumber: n,
        cameraBoxList: linked.map((id) => ({ cameraId: id, cameraName: cameras.data.find((c) => c.value === id)?.label ?? null })),
      });
      notify('success', t('cameraExtras.cross.saved'));
    });
  };

  return (
    <section className="camera-extra" aria-labelledby="camera-cross-title">
      <h2 id="camera-cross-title">{t('cameraExtras.cross.title', { event: event.eventName ?? String(event.eventId) })}</h2>
      {cameras.status === 'error' ? (
        <RetryLine message={t('boxExtras.loadFailed', { reason: cameras.error ?? '' })} retryLabel={t('actions.retry')} onRetry={cameras.reload} boxed size="xs" />
      ) : null}
      <div className="camera-extra-form">
        <CheckPicker
          aria-label={t('cameraExtras.cross.cameras')}
          placeholder={t('cameraExtras.cross.cameras')}
          data={cameras.data}
          loading={cameras.status === 'loading'}
          value={linked}
          onChange={setLinked}
          block
        />
        <label htmlFor="cross-count">{t('cameraExtras.cross.count')}</label>
        <Input id="cross-count" type="number" min={1} max={16} value={count} onChange={setCount} />
        <ProblemLine failure={problem} />
        <div>
          <Button size="sm" appearance="primary" onClick={save} loading={busy}>
            {t('cameraExtras.cross.save')}
          </Button>
        </div>
      </div>
    </section>
  );
}
