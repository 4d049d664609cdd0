// Upload an offline video (POST /device/offline/upload): one MP4 file of at most 2 GB, a name of at most 128
// characters (§5 "video name at most 128"; empty: the file's name), an optional scene. Checked before sending, sent
// with its progress shown; the server's refusal (a taken name, not really an MP4) shows in the dialog.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Input from 'rsuite/Input';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Input/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { percentSent } from '../../api/progressFetch.ts';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { ActionDialog } from '../../components/dialog/ActionDialog.tsx';
import { useSubmission } from '../../components/dialog/useSubmission.ts';
import { FileUploader, type PickedFile, pickEntry } from '../../components/upload/FileUploader.tsx';
import { allScenes, type Device, uploadOfflineVideo } from './devicesApi.ts';

export const MAX_VIDEO_NAME = 128;
export const MAX_VIDEO_BYTES = 2 * 1024 ** 3;

/** What is wrong with the chosen file and name (null: nothing). */
export function videoProblem(file: File | null, name: string): 'pickFile' | 'notMp4' | 'tooLarge' | 'tooLong' | null {
  if (!file) return 'pickFile';
  if (!/\.mp4$/i.test(file.name) && file.type !== 'video/mp4') return 'notMp4';
  if (file.size > MAX_VIDEO_BYTES) return 'tooLarge';
  if ([...name.trim()].length > MAX_VIDEO_NAME) return 'tooLong';
  return null;
}

export function UploadVideoDialog({ open, onClose, onUploaded }: { open: boolean; onClose(): void; onUploaded(device: Device): void }) {
  const { t } = useTranslation('devices');
  const scenes = useLoaded((signal) => (open ? allScenes(signal) : Promise.resolve([])), [], String(open));
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const file = picked?.file ?? null;
  const [name, setName] = useState('');
  const [sceneId, setSceneId] = useState<string | null>(null);
  const { busy, failure: problem, setFailure: setProblem, run } = useSubmission();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = videoProblem(file, name);
    if (found || !file) {
      setProblem(t(`offline.${found ?? 'pickFile'}`));
      return;
    }
    const entry = picked as PickedFile;
    setPicked({ ...entry, status: 'uploading', progress: 0, problem: undefined });
    await run(async () => {
      const fallback = file.name.replace(/\.[^.]+$/, '').slice(0, MAX_VIDEO_NAME);
      const device = await uploadOfflineVideo(file, name.trim() || fallback, sceneId ? Number(sceneId) : undefined, {
        onProgress: (progress) => setPicked((current) => (current?.key === entry.key ? { ...current, progress: percentSent(progress) } : current)),
      });
      setPicked(null);
      setName('');
      onUploaded(device);
    }, () => setPicked({ ...entry, status: 'ready' }));
  };

  return (
    <ActionDialog
      open={open}
      titleId="upload-title"
      title={t('offline.uploadTitle')}
      formClassName="dialog-form"
      bodyClassName="dialog-form"
      busy={busy}
      failure={problem}
      onClose={onClose}
      onSubmit={submit}
      action={{ label: t('offline.send') }}
    >
      <div className="dialog-field">
        <label htmlFor="upload-file">{t('offline.file')}</label>
        <FileUploader
          id="upload-file"
          accept="video/mp4,.mp4"
          files={picked ? [picked] : []}
          disabled={busy}
          onAdd={([chosen]) => chosen && setPicked(pickEntry(chosen))}
          onRemove={() => setPicked(null)}
          hint={t('offline.fileHint')}
        />
      </div>
      <div className="dialog-field">
        <label htmlFor="upload-name">{t('offline.name')}</label>
        <Input id="upload-name" value={name} onChange={setName} aria-describedby="upload-name-hint" />
        <p id="upload-name-hint" className="dialog-hint">
          {t('offline.nameHint')} ({[...name].length}/{MAX_VIDEO_NAME})
        </p>
      </div>
      <div className="dialog-field">
        <label htmlFor="upload-scene">{t('offline.scene')}</label>
        <SelectPicker
          id="upload-scene"
          block
          data={scenes.data.map((scene) => ({ value: String(scene.id), label: scene.sceneName }))}
          value={sceneId}
          onChange={setSceneId}
          placeholder={t('form.none')}
        />
      </div>
    </ActionDialog>
  );
}
