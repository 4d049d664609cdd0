// The camera's analysis frame rate (view, change within 1–60 and not above the stream's own rate when known)
// and the "sync event configuration" action: re-sends what is saved to the engine or edge box, confirmed
// first, with the number of configurations sent as the result.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Input from 'rsuite/Input';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Input/styles/index.css';
import { notify } from '../../../app/notify.ts';
import { useConfirm } from '../../../components/table/ConfirmDialog.tsx';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { type DeviceFps, deviceFps, editDeviceFps, syncEventConfig } from './cameraExtrasApi.ts';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';
import { ProblemLine } from '../../../components/dialog/ProblemLine.tsx';
import { FormActions } from '../../../components/dialog/FormActions.tsx';
import { RetryLine } from '../../../components/data/RetryLine.tsx';

export function FpsSyncPanel({ cameraId, cameraName, canWrite }: { cameraId: number; cameraName: string; canWrite: boolean }) {
  const { t } = useTranslation('devices');
  const fps = useLoaded((signal) => deviceFps(cameraId, signal), null as DeviceFps | null, cameraId);
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState<string | null>(null);
  const { busy, failure: problem, setFailure: setProblem, run } = useSubmission();
  const [synced, setSynced] = useState<number | null>(null);

  const save = async () => {
    const value = Number(draft);
    const ceiling = Math.min(60, fps.data?.sourceFps ? Math.floor(fps.data.sourceFps) : 60);
    if (!Number.isInteger(value) || value < 1 || value > ceiling) return setProblem(t('cameraExtras.fps.range', { max: ceiling }));
    await run(async () => {
      await editDeviceFps(cameraId, value);
      notify('success', t('cameraExtras.fps.saved'));
      setDraft(null);
      fps.reload();
    });
  };

  const sync = () =>
    confirm({
      title: t('cameraExtras.sync.title'),
      message: t('cameraExtras.sync.message', { name: cameraName }),
      confirmLabel: t('cameraExtras.sync.button'),
      action: async () => {
        const n = await syncEventConfig(cameraId);
        setSynced(n);
        notify('success', t('cameraExtras.sync.done', { count: n }));
      },
    });

  return (
    <section className="camera-extra" aria-labelledby="camera-fps-title">
      <h2 id="camera-fps-title">{t('cameraExtras.fps.title')}</h2>
      {fps.status === 'loading' && !fps.data ? <p aria-busy="true">{t('boxExtras.loading')}</p> : null}
      {fps.status === 'error' ? (
        <RetryLine message={t('boxExtras.loadFailed', { reason: fps.error ?? '' })} retryLabel={t('actions.retry')} onRetry={fps.reload} boxed size="xs" />
      ) : null}
      {fps.data && draft === null ? (
        <p>
          {t('cameraExtras.fps.value', { fps: fps.data.fps })}
          {fps.data.sourceFps ? ` ${t('cameraExtras.fps.source', { fps: fps.data.sourceFps })}` : ''}{' '}
          {canWrite ? (
            <Button size="xs" appearance="link" onClick={() => setDraft(String(fps.data?.fps ?? ''))}>
              {t('actions.edit')}
            </Button>
          ) : null}
        </p>
      ) : null}
      {draft !== null ? (
        <div className="camera-extra-form">
          <label htmlFor="camera-fps">{t('cameraExtras.fps.label')}</label>
          <Input id="camera-fps" type="number" min={1} max={60} value={draft} onChange={setDraft} />
          <ProblemLine failure={problem} />
          <FormActions
            busy={busy}
            onCancel={() => {
              setDraft(null);
              setProblem(null);
            }}
            onSave={save}
          />
        </div>
      ) : null}
      {canWrite ? (
        <p>
          <Button size="sm" onClick={sync}>
            {t('cameraExtras.sync.button')}
          </Button>{' '}
          {synced !== null ? <span role="status">{t('cameraExtras.sync.done', { count: synced })}</span> : null}
        </p>
      ) : null}
      {dialog}
    </section>
  );
}
