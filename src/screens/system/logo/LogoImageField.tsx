// One logo image: png, jpeg or webp (the server refuses svg), small enough for the contract's data-URL bound; read
// in the browser as a data URL (the contract stores the image itself, not a file reference) and previewed at once.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
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
  const input = useRef<HTMLInputElement>(null);
  const [own, setOwn] = useState<Problem | null>(null);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const found = logoFile(file);
    setOwn(found);
    if (found) return;
    const dataUrl = await readAsDataUrl(file);
    // The encoded size is what the contract bounds; a file near the limit can still exceed it once encoded.
    if (dataUrl.length > LOGO_MAX_CHARS || !DATA_URL.test(dataUrl)) {
      setOwn({ rule: 'fileTooLarge', maxMb: 2 });
      return;
    }
    onChange(dataUrl);
  };

  const shown = own ?? problem ?? null;
  return (
    <div className="system-field">
      <span id={`${id}-label`} className="system-field-label">
        {label}
      </span>
      <div className="logo-image-field">
        <div className="logo-image-thumb">{value ? <img src={value} alt={t('logo.imagePreview', { name: label })} /> : <span className="system-muted">{t('logo.noImage')}</span>}</div>
        <input
          ref={input}
          id={id}
          type="file"
          hidden
          accept={LOGO_TYPES.join(',')}
          aria-labelledby={`${id}-label`}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <Button size="sm" onClick={() => input.current?.click()} aria-describedby={`${id}-hint`}>
          {value ? t('logo.replaceImage') : t('logo.chooseImage')}
        </Button>
        {value ? (
          <Button size="sm" appearance="subtle" onClick={() => onChange('')}>
            {t('logo.removeImage')}
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="system-field-hint">
        {hint}
      </p>
      {shown ? (
        <p className="field-problem" role="alert">
          {problemText(t, shown)}
        </p>
      ) : null}
    </div>
  );
}
