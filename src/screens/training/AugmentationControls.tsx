// The augmentation a training uses (TrainStart.augmentation): how many camera-like copies of each image (re-saved as
// JPEG, rescaled, cropped, brightened or darkened) the classifier also learns from, and whether copies may be
// mirrored — off for targets whose meaning has a direction (arrows, text, one-way signs).
import { useTranslation } from 'react-i18next';
import Checkbox from 'rsuite/Checkbox';
import 'rsuite/Checkbox/styles/index.css';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/SelectPicker/styles/index.css';
import type { TrainAugmentation } from './trainingApi.ts';
import './wizard.css';

export const DEFAULT_AUGMENTATION: Required<TrainAugmentation> = { copies: 4, flip: true };
const COPIES = [0, 2, 4, 8];

export function AugmentationControls({ value, onChange, disabled }: { value: Required<TrainAugmentation>; onChange(next: Required<TrainAugmentation>): void; disabled: boolean }) {
  const { t } = useTranslation('training');
  return (
    <fieldset className="train-augment">
      <legend>{t('augment.title')}</legend>
      <SelectPicker
        aria-label={t('augment.copies')}
        data={COPIES.map((copies) => ({ value: copies, label: copies === 0 ? t('augment.none') : t('augment.copiesOption', { count: copies }) }))}
        value={value.copies}
        cleanable={false}
        searchable={false}
        disabled={disabled}
        onChange={(copies) => copies !== null && onChange({ ...value, copies })}
        style={{ width: 200 }}
      />
      <Checkbox
        inputProps={{ 'aria-describedby': 'train-augment-flip-hint' }}
        checked={value.flip}
        disabled={disabled || value.copies === 0}
        onChange={(_, flip) => onChange({ ...value, flip })}
      >
        {t('augment.flip')}
      </Checkbox>
      <p id="train-augment-flip-hint" className="train-muted">
        {t('augment.hint')}
      </p>
    </fieldset>
  );
}
