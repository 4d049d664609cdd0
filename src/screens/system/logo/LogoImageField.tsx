// One logo image: png, jpeg or webp (the server refuses svg), small enough for the contract's data-URL bound; read
// in the browser as a data URL (the contract stores the image itself, not a file reference) and previewed at once.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUploader, type PickedFile } from '../../../components/upload/FileUploader.tsx';
import { LOGO_MAX_CHARS, LOGO_TYPES, logoFile, type Problem } from '../../../domain/validators.ts';
import { problemText } from '../shared/problemText.ts';
import '../shared/systemForms.css';
import '../shared/systemScreens.css';
import './logo.css';

const DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function LogoImageField({ id, label, hint, value, onChange, problem }: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange(dataUrl: string): void;
  problem?: Problem | null;
}) {
  const { t } = useTranslation('system');
  const [own, setOwn] = useState<{ name: string; problem: Problem } | null>(null);

  const pick = async ([file]: File[]) => {
    if (!file) return;
    const found = logoFile(file);
    setOwn(found ? { name: file.name, problem: found } : null);
    if (found) return;
    const dataUrl = await readAsDataUrl(file);
    // The encoded size is what the contract bounds; a file near the limit can still exceed it once encoded.
    if (dataUrl.length > LOGO_MAX_CHARS || !DATA_URL.test(dataUrl)) {
      setOwn({ name: file.name, problem: { rule: 'fileTooLarge', maxMb: 2 } });
      return;
    }
    onChange(dataUrl);
  };

  const shown = own?.problem ?? problem ?? null;
  const files: PickedFile[] = own
    ? [{ key: 'refused', name: own.name, status: 'error', problem: problemText(t, own.problem) }]
    : value
      ? [{ key: 'stored', name: t('logo.imagePreview', { name: label }), url: value, status: 'done', problem: shown ? problemText(t, shown) : undefined }]
      : [];
  return (
    <div className="system-field">
      <label htmlFor={id} className="system-field-label">
        {label}
      </label>
      <FileUploader
        id={id}
        accept={LOGO_TYPES.join(',')}
        images
        files={files}
        onAdd={(chosen) => void pick(chosen)}
        onRemove={() => {
          setOwn(null);
          if (value) onChange('');
        }}
        hint={hint}
        invalid={Boolean(shown)}
      />
      {shown && files.length === 0 ? (
        <p className="field-problem" role="alert">
          {problemText(t, shown)}
        </p>
      ) : null}
    </div>
  );
}
