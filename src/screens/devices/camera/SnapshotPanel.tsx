// The picture shapes are drawn on. A camera's snapshot comes from the server (GET /device/snapshot: a grabbed frame,
// an image camera's latest picture, or "no snapshot obtained"), or is a picture the operator uploads for a camera
// that cannot give one; an offline video's frame is taken in the browser from the <video> at the moment the
// operator chooses. Either way the drawing uses the picture's own pixel size.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { UploadButton } from '../../../components/upload/FileUploader.tsx';
import type { Snapshot, SnapshotState } from '../../../forms/formContext.ts';
import { type Device, takeSnapshot, uploadSnapshot } from '../devicesApi.ts';

/** What the server takes (contract uploadDeviceSnapshot); it judges the content again. */
export const SNAPSHOT_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export const SNAPSHOT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export function initialSnapshot(device: Pick<Device, 'snapshotUrl' | 'width' | 'height'>): SnapshotState {
  if (device.snapshotUrl && device.width && device.height) {
    return { status: 'ready', snapshot: { imageUrl: device.snapshotUrl, width: device.width, height: device.height } };
  }
  return { status: 'none' };
}

/** The snapshot of a camera, and how to take a new one or upload one. */
export function useCameraSnapshot(cameraId: number, initial: SnapshotState) {
  const { t } = useTranslation('devices');
  const [state, setState] = useState<SnapshotState>(initial);
  const load = useCallback(async (get: () => Promise<{ imageUrl: string; width: number; height: number; time: string }>) => {
    setState({ status: 'loading' });
    try {
      const taken = await get();
      // The same path may hold a newer picture: ask the browser for this one.
      const imageUrl = `${taken.imageUrl}${taken.imageUrl.includes('?') ? '&' : '?'}t=${encodeURIComponent(taken.time)}`;
      setState({ status: 'ready', snapshot: { imageUrl, width: taken.width, height: taken.height } });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);
  const take = useCallback(() => load(() => takeSnapshot(cameraId)), [load, cameraId]);
  const upload = useCallback(
    (file: File) => {
      if (!SNAPSHOT_UPLOAD_TYPES.includes(file.type)) return setState({ status: 'failed', message: t('snapshot.uploadType') });
      if (file.size > SNAPSHOT_UPLOAD_MAX_BYTES) return setState({ status: 'failed', message: t('snapshot.uploadSize') });
      return load(() => uploadSnapshot(cameraId, file));
    },
    [load, cameraId, t],
  );
  return { state, take, upload, set: setState };
}

export interface SnapshotPreviewProps {
  state: SnapshotState;
  onTake(): void;
  /** Given where a picture may be uploaded (the caller may write). */
  onUpload?(file: File): void;
  name: string;
}

export function SnapshotPreview({ state, onTake, onUpload, name }: SnapshotPreviewProps) {
  const { t } = useTranslation('devices');
  return (
    <figure className="snapshot-panel">
      {state.status === 'ready' ? (
        <img src={state.snapshot.imageUrl} alt={t('snapshot.alt', { name })} width={state.snapshot.width} height={state.snapshot.height} />
      ) : (
        <div className="snapshot-empty" role={state.status === 'failed' ? 'alert' : undefined}>
          {state.status === 'failed' ? state.message : state.status === 'loading' ? t('snapshot.loading') : t('snapshot.none')}
          {state.status !== 'loading' && onUpload ? <span className="snapshot-hint">{t('snapshot.uploadHint')}</span> : null}
        </div>
      )}
      <figcaption>
        {state.status === 'ready' ? <span>{t('snapshot.size', { width: state.snapshot.width, height: state.snapshot.height })}</span> : null}
        <span className="snapshot-actions">
          {onUpload ? (
            <UploadButton accept={SNAPSHOT_UPLOAD_TYPES.join(',')} onPick={onUpload} disabled={state.status === 'loading'}>
              {t('snapshot.upload')}
            </UploadButton>
          ) : null}
          <Button size="sm" onClick={onTake} loading={state.status === 'loading'}>
            {state.status === 'ready' ? t('snapshot.retake') : t('snapshot.take')}
          </Button>
        </span>
      </figcaption>
    </figure>
  );
}

/** An offline video and a button that takes the frame being shown as the picture to draw on. */
export function VideoFramePanel({ videoUrl, name, onFrame }: { videoUrl: string; name: string; onFrame(snapshot: Snapshot): void }) {
  const { t } = useTranslation('devices');
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const grab = () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) {
      setFailure(t('snapshot.videoNotReady'));
      return;
    }
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.drawImage(element, 0, 0);
    try {
      onFrame({ imageUrl: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height });
      setFailure(null);
    } catch {
      setFailure(t('snapshot.frameFailed'));
    }
  };
  return (
    <figure className="snapshot-panel">
      {/* biome-ignore lint/a11y/useMediaCaption: uploaded surveillance footage has no captions */}
      <video ref={video} src={videoUrl} controls preload="metadata" crossOrigin="anonymous" aria-label={t('snapshot.video', { name })} />
      <figcaption>
        {failure ? <span role="alert">{failure}</span> : <span>{t('snapshot.frameHint')}</span>}
        <Button size="sm" onClick={grab}>
          {t('snapshot.takeFrame')}
        </Button>
      </figcaption>
    </figure>
  );
}
