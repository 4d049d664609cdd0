// "New training" on the landing page: the operator names the algorithm, and it is made as a fine-tuned algorithm
// of the Train menu with no preset prompts and put in the warehouse (the server publishes a fine-tuned algorithm
// without a prompt validation: its model comes from this training), then the wizard opens on it at the upload
// step. The event type it is filed under is the catalogue's first unless the operator picks another.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/SelectPicker/styles/index.css';
import { useNavigate } from 'react-router';
import { presetParam, serialiseOrchestrationParam } from '../../domain/orchestrationParam.ts';
import { addDraft, type CatalogueEventType, listEventTypes, publishDraft } from '../algorithms/orchestrationApi.ts';
import { FormModal } from '../system/shared/FormModal.tsx';

const NAME_MAX = 32;
/** customEventType of a fine-tuned algorithm (algorithms:types.3). */
const FINE_TUNED = 3;

export function NewTrainingDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('training');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [types, setTypes] = useState<CatalogueEventType[]>([]);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A draft made by an earlier attempt whose publish failed: tried again, not made twice.
  const [madeId, setMadeId] = useState<number | null>(null);
  const nameProblem = !name.trim() ? t('newTraining.nameRequired') : name.trim().length > NAME_MAX ? t('newTraining.nameTooLong', { max: NAME_MAX }) : null;

  useEffect(() => {
    if (!open) return;
    let live = true;
    void listEventTypes().then((list) => {
      if (!live) return;
      setTypes(list);
      setTypeId((current) => current ?? list[0]?.id ?? null);
    });
    return () => {
      live = false;
    };
  }, [open]);

  const submit = async () => {
    setTouched(true);
    if (nameProblem) return;
    if (typeId === null) return setFailure(t('newTraining.noType'));
    setBusy(true);
    setFailure(null);
    try {
      const id =
        madeId ??
        (await addDraft({ name: name.trim(), customEventType: FINE_TUNED, buttonType: 'train', param: serialiseOrchestrationParam(presetParam(null)) }));
      setMadeId(id);
      await publishDraft(id, typeId);
      navigate(`/algorithmProduction/train?algorithmId=${id}&step=upload`);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal open={open} title={t('newTraining.title')} formId="new-training" busy={busy} failure={failure} onClose={onClose} onSubmit={submit} submitLabel={t('newTraining.create')}>
      <p>{t('newTraining.intro')}</p>
      <div className="train-field">
        <label htmlFor="new-training-name">{t('newTraining.name')}</label>
        <input
          id="new-training-name"
          className="rs-input"
          value={name}
          maxLength={NAME_MAX + 1}
          disabled={madeId !== null}
          aria-invalid={touched && Boolean(nameProblem)}
          aria-describedby="new-training-name-problem"
          onChange={(e) => setName(e.target.value)}
        />
        {touched && nameProblem ? (
          <p id="new-training-name-problem" className="train-problem" role="alert">
            {nameProblem}
          </p>
        ) : null}
      </div>
      {types.length > 1 ? (
        <div className="train-field">
          <label htmlFor="new-training-type" id="new-training-type-label">
            {t('newTraining.type')}
          </label>
          <SelectPicker
            id="new-training-type"
            aria-labelledby="new-training-type-label"
            block
            cleanable={false}
            searchable={types.length > 8}
            data={types.map((type) => ({ value: type.id, label: type.typeName }))}
            value={typeId}
            onChange={(value) => setTypeId(value ?? null)}
          />
        </div>
      ) : null}
    </FormModal>
  );
}
