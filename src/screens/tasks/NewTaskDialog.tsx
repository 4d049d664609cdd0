// A new detection task: a camera (each has at most one task) and a name; the configuration starts from the
// defaults of §9 and is edited next.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Input from 'rsuite/Input';
import Modal from 'rsuite/Modal';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Input/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { addTask, cameraOptions } from './tasksApi.ts';

export function NewTaskDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(id: number): void }) {
  const { t } = useTranslation('tasks');
  const cameras = useLoaded((signal) => (open ? cameraOptions(signal) : Promise.resolve([])), [], String(open));
  const [cameraId, setCameraId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (cameraId === null) return setProblem(t('pickCamera'));
    const trimmed = name.trim() || (cameras.data.find((camera) => camera.id === cameraId)?.name ?? '');
    if ([...trimmed].length > 128) return setProblem(t('nameTooLong', { max: 128 }));
    setBusy(true);
    setProblem(null);
    try {
      const id = await addTask(cameraId, trimmed);
      setCameraId(null);
      setName('');
      onCreated(id);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={() => !busy && onClose()} size="sm" backdrop="static" aria-labelledby="new-task-title">
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton={!busy}>
          <Modal.Title id="new-task-title">{t('addTitle')}</Modal.Title>
        </Modal.Header>
        <Modal.Body className="dialog-form">
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
          {problem ? (
            <p className="dialog-failure" role="alert">
              {problem}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" appearance="primary" loading={busy}>
            {t('create')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
