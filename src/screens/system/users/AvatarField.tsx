// The avatar: pick an image, checked (type, ≤ 5 MB) before it is uploaded; the stored URL goes into the form.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { AVATAR_TYPES, avatarFile, type Problem } from '../../../domain/validators.ts';
import { problemText } from '../shared/problemText.ts';
import { uploadAvatar } from './usersApi.ts';
import '../shared/systemForms.css';

export function AvatarField({ id, url, onChange }: { id: string; url: string; onChange(url: string): void }) {
  const { t } = useTranslation('system');
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = ''; // the same file can be chosen again after a fix
    if (!file) return;
    const found = avatarFile(file);
    setProblem(found);
    setFailure(null);
    if (found) return;
    setBusy(true);
    try {
      onChange(await uploadAvatar(file));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="system-field wide">
      <span id={`${id}-label`} className="system-field-label">
        {t('users.fields.avatar')}
      </span>
      <div className="avatar-field">
        {url ? <img src={url} alt={t('users.avatarPreview')} /> : null}
        <input
          ref={input}
          id={id}
          type="file"
          hidden
          accept={AVATAR_TYPES.join(',')}
          aria-labelledby={`${id}-label`}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <Button size="sm" loading={busy} onClick={() => input.current?.click()} aria-describedby={`${id}-hint`}>
          {url ? t('users.avatarReplace') : t('users.avatarChoose')}
        </Button>
        {url ? (
          <Button size="sm" appearance="subtle" onClick={() => onChange('')} disabled={busy}>
            {t('users.avatarRemove')}
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="system-field-hint">
        {t('users.avatarHint')}
      </p>
      {problem || failure ? (
        <p className="field-problem" role="alert">
          {problem ? problemText(t, problem) : failure}
        </p>
      ) : null}
    </div>
  );
}
