// Create or edit a scene: its name (≤ 32), the catalogue events and violation types it offers its cameras, a remark.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import CheckPicker from 'rsuite/CheckPicker';
import Input from 'rsuite/Input';
import 'rsuite/CheckPicker/styles/index.css';
import 'rsuite/Input/styles/index.css';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { ActionDialog } from '../../../components/dialog/ActionDialog.tsx';
import { useOpenedFor, useSubmission } from '../../../components/dialog/useSubmission.ts';
import { addScene, editScene, type Scene, sceneChoices } from './otherApi.ts';

const MAX_NAME = 32;

export function SceneFormDialog({ target, anyScene, onClose, onSaved }: { target: Scene | 'new' | null; anyScene: number | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('devices');
  const source = target && target !== 'new' ? target.id : anyScene;
  const choices = useLoaded(
    (signal) => (target && source ? sceneChoices(source, signal) : Promise.resolve({ events: [], violations: [] })),
    { events: [], violations: [] } as Awaited<ReturnType<typeof sceneChoices>>,
    `${source}:${target === null}`,
  );
  const [name, setName] = useState('');
  const [eventIds, setEventIds] = useState<number[]>([]);
  const [violationIds, setViolationIds] = useState<number[]>([]);
  const [remark, setRemark] = useState('');
  const { busy, failure: problem, setFailure: setProblem, run } = useSubmission();
  const openedFor = useOpenedFor(target, (opened) => {
    const scene = opened && opened !== 'new' ? opened : null;
    setName(scene?.sceneName ?? '');
    setEventIds(scene?.eventIds ?? []);
    setViolationIds(scene?.violationIds ?? []);
    setRemark(scene?.remark ?? '');
    setProblem(null);
  });

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setProblem(t('other.sceneNameHint'));
    if ([...trimmed].length > MAX_NAME) return setProblem(t('other.sceneNameHint'));
    await run(async () => {
      const body = { sceneName: trimmed, eventIds, violationIds, remark };
      if (target === 'new') await addScene(body);
      else if (target) await editScene(target.id, body);
      onSaved();
    });
  };

  return (
    <ActionDialog
      open={target !== null}
      titleId="scene-form-title"
      title={target === 'new' ? t('other.sceneAdd') : t('other.sceneEdit', { name: openedFor && openedFor !== 'new' ? openedFor.sceneName : '' })}
      bodyClassName="dialog-form"
      busy={busy}
      failure={problem}
      onClose={onClose}
      action={{ label: t('actions.save'), onClick: save }}
    >
      <div className="dialog-field">
        <label htmlFor="scene-name">{t('fields.sceneName')}</label>
        <Input id="scene-name" value={name} onChange={setName} aria-describedby="scene-name-hint" aria-required />
        <p id="scene-name-hint" className="dialog-hint">
          {t('other.sceneNameHint')}
        </p>
      </div>
      <div className="dialog-field">
        <label htmlFor="scene-events">{t('boxConfig.events')}</label>
        <CheckPicker id="scene-events" block data={choices.data.events.map((e) => ({ value: e.eventId, label: e.eventName }))} value={eventIds} onChange={setEventIds} />
      </div>
      <div className="dialog-field">
        <label htmlFor="scene-violations">{t('fields.detection')}</label>
        <CheckPicker id="scene-violations" block data={choices.data.violations.map((v) => ({ value: v.id, label: v.name }))} value={violationIds} onChange={setViolationIds} />
      </div>
      <div className="dialog-field">
        <label htmlFor="scene-remark">{t('fields.remark')}</label>
        <Input id="scene-remark" as="textarea" rows={2} value={remark} onChange={setRemark} />
      </div>
    </ActionDialog>
  );
}
