// A new detection task: a camera (each has at most one task) and a name; the configuration starts from the
// defaults of §9 and is edited next.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Input from 'rsuite/Input';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Input/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { ActionDialog } from '../../components/dialog/ActionDialog.tsx';
import { useSubmission } from '../../components/dialog/useSubmission.ts';
import { addTask, cameraOptions } from './tasksApi.ts';

export function NewTaskDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(id: number): void }) {
  const { t } = useTranslation('tasks');
  const cameras = useLoaded((signal) => (open ? cameraOptions(signal) : Promise.resolve([])), [], String(open));
  const [cameraId, setCameraId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const { busy, failure: problem, setFailure: setProblem, run } = useSubmission();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (cameraId === null) return setProblem(t('pickCamera'));
    const trimmed = name.trim() || (cameras.data.find((camera) => camera.id === cameraId)?.name ?? '');
    if ([...trimmed].length > 128) return setProblem(t('nameTooLong', { max: 128 }));
    await run(async () => {
      const id = await addTask(cameraId, trimmed);
      setCameraId(null);
      setName('');
      onCreated(id);
    });
  };

  return (
    <ActionDialog
      open={open}
      titleId="new-task-title"
      title={t('addTitle')}
      bodyClassName="dialog-form"
      busy={busy}
      failure={problem}
      onClose={onClose}
      onSubmit={submit}
      action={{ label: t('create') }}
      cancelLabel={t('cancel')}
    >
      <div className="dialog-field">
        <label htmlFor="new-task-camera">{t('fields.camera')}</label>
        <SelectPicker
          id="new-task-camera"
          block
          data={cameras.data.map((camera) => ({ value: camera.id, label: camera.name }))}
          value={cameraId}
          onChange={setCameraId}
          loading={cameras.status === 'loading'}
          placeholder={t('pickCamera')}
        />
      </div>
      <div className="dialog-field">
        <label htmlFor="new-task-name">{t('fields.name')}</label>
        <Input id="new-task-name" value={name} onChange={setName} placeholder={t('nameHint')} />
      </div>
    </ActionDialog>
  );
}
