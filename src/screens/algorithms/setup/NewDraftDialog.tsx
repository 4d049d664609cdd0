// A new setup event draft: its name, kind, menu type, and optionally the preset event it starts from (the spec §9
// recognition prompts of events 15, 45, 53 and 102 are filled in).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { presetParam, serialiseOrchestrationParam } from '../../../domain/orchestrationParam.ts';
import { PRESET_PROMPTS } from '../../../domain/recognitionPrompts.ts';
import { FormModal } from '../../system/shared/FormModal.tsx';
import { addDraft, type ButtonType } from '../orchestrationApi.ts';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';
import { LabelledPicker } from '../../../components/form/LabelledPicker.tsx';

const PRESETS = Object.keys(PRESET_PROMPTS).map(Number);
const NAME_MAX = 32;

export interface NewDraftDialogProps {
  open: boolean;
  buttonType: ButtonType;
  onClose(): void;
  onCreated(id: number): void;
}

export function NewDraftDialog({ open, buttonType, onClose, onCreated }: NewDraftDialogProps) {
  const { t } = useTranslation('algorithms');
  const [name, setName] = useState('');
  // The Train menu makes fine-tuned algorithms (their model comes from training, no prompts needed); the others
  // start from a preset's prompts.
  const [kind, setKind] = useState<1 | 2 | 3>(buttonType === 'train' ? 3 : 2);
  const [preset, setPreset] = useState<string>(buttonType === 'train' ? '' : '45');
  const [openedFor, setOpenedFor] = useState(buttonType);
  if (openedFor !== buttonType) {
    setOpenedFor(buttonType);
    setKind(buttonType === 'train' ? 3 : 2);
    setPreset(buttonType === 'train' ? '' : '45');
  }
  const { busy, failure, run } = useSubmission();
  const nameProblem = !name.trim() ? t('newDraft.nameRequired') : name.length > NAME_MAX ? t('newDraft.nameTooLong', { max: NAME_MAX }) : null;
  const [touched, setTouched] = useState(false);

  const submit = async () => {
    setTouched(true);
    if (nameProblem) return;
    await run(async () => {
      const param = serialiseOrchestrationParam(presetParam(preset ? Number(preset) : null));
      const id = await addDraft({ name: name.trim(), customEventType: kind, buttonType, param });
      setName('');
      setTouched(false);
      onCreated(id);
    });
  };

  return (
    <FormModal open={open} title={t('newDraft.title')} formId="new-draft" busy={busy} failure={failure} onClose={onClose} onSubmit={submit} submitLabel={t('newDraft.create')}>
      <div className="orch-field">
        <label htmlFor="new-draft-name">{t('fields.name')}</label>
        <input
          id="new-draft-name"
          className="rs-input"
          value={name}
          maxLength={NAME_MAX + 1}
          aria-invalid={touched && Boolean(nameProblem)}
          aria-describedby="new-draft-name-problem"
          onChange={(e) => setName(e.target.value)}
        />
        {touched && nameProblem ? (
          <p id="new-draft-name-problem" className="orch-problem" role="alert">
            {nameProblem}
          </p>
        ) : null}
      </div>
      <LabelledPicker
        className="orch-field"
        id="new-draft-kind"
        label={t('fields.customEventType')}
        block
        data={([1, 2, 3] as const).map((k) => ({ value: k, label: t(`types.${k}`) }))}
        value={kind}
        onChange={(value) => value && setKind(value)}
      />
      <LabelledPicker
        className="orch-field"
        id="new-draft-preset"
        label={t('newDraft.preset')}
        block
        data={[
          { value: '', label: t('newDraft.presetNone') },
          ...PRESETS.map((id) => ({ value: String(id), label: t('newDraft.presetOption', { id, prompts: (PRESET_PROMPTS[id] ?? []).join(', ') }) })),
        ]}
        value={preset}
        onChange={(value) => setPreset(value ?? '')}
      />
    </FormModal>
  );
}
