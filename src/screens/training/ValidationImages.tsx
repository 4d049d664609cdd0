// The images to validate a version on, chosen in the console's upload field (thumbnails, remove one): the wizard's
// validate step and /testVerify share it.
import { useTranslation } from 'react-i18next';
import { FileUploader, type PickedFile, pickEntry } from '../../components/upload/FileUploader.tsx';

export const IMAGE_TYPES = '.jpg,.jpeg,.png,.jfif,image/jpeg,image/png';

/** The files of the chosen entries, in their order. */
export const filesOf = (picked: readonly PickedFile[]) => picked.flatMap((entry) => (entry.file ? [entry.file] : []));

export function ValidationImages({ id, picked, onChange, disabled }: { id: string; picked: PickedFile[]; onChange(next: PickedFile[]): void; disabled?: boolean }) {
  const { t } = useTranslation('training');
  return (
    <div className="train-field">
      <label htmlFor={id}>{t('validate.images')}</label>
      <FileUploader
        id={id}
        accept={IMAGE_TYPES}
        multiple
        images
        files={picked}
        disabled={disabled}
        onAdd={(chosen) => onChange([...picked, ...chosen.map((file) => pickEntry(file))])}
        onRemove={(key) => onChange(picked.filter((entry) => entry.key !== key))}
      />
    </div>
  );
}
