// The avatar: dropped or chosen, checked (type, ≤ 5 MB) before it is uploaded, sent at once with its progress shown;
// the stored URL goes into the form.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { percentSent } from '../../../api/progressFetch.ts';
import { FileUploader, type PickedFile, pickEntry } from '../../../components/upload/FileUploader.tsx';
import { AVATAR_TYPES, avatarFile } from '../../../domain/validators.ts';
import { problemText } from '../shared/problemText.ts';
import { uploadAvatar } from './usersApi.ts';
import '../shared/systemForms.css';

export function AvatarField({ id, url, onChange }: { id: string; url: string; onChange(url: string): void }) {
  const { t } = useTranslation('system');
  // The picture being sent, or the last one refused; none once the stored URL stands for it.
  const [picked, setPicked] = useState<PickedFile | null>(null);

  const pick = async ([file]: File[]) => {
    if (!file) return;
    const found = avatarFile(file);
    if (found) {
      setPicked(pickEntry(file, 'error', problemText(t, found)));
      return;
    }
    const entry = pickEntry(file, 'uploading');
    setPicked(entry);
    try {
      const stored = await uploadAvatar(file, { onProgress: (progress) => setPicked((current) => (current?.key === entry.key ? { ...current, progress: percentSent(progress) } : current)) });
      setPicked(null);
      onChange(stored);
    } catch (error) {
      setPicked({ ...entry, status: 'error', problem: error instanceof Error ? error.message : String(error) });
    }
  };

  const stored: PickedFile[] = url ? [{ key: 'stored', name: t('users.avatarPreview'), url, status: 'done' }] : [];
  return (
    <div className="system-field wide">
      <label htmlFor={id} className="system-field-label">
        {t('users.fields.avatar')}
      </label>
      <FileUploader
        id={id}
        accept={AVATAR_TYPES.join(',')}
        images
        files={picked ? [picked] : stored}
        onAdd={(files) => void pick(files)}
        onRemove={(key) => (key === 'stored' ? onChange('') : setPicked(null))}
        disabled={picked?.status === 'uploading'}
        hint={t('users.avatarHint')}
        invalid={picked?.status === 'error'}
      />
    </div>
  );
}
