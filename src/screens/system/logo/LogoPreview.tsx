// How the header and the login page will look with the values being edited (before they are saved): the same
// rules as the real ones — the name shown is the display name, else the system name; images only in image mode.
import { useTranslation } from 'react-i18next';
import '../shared/systemScreens.css';
import './logo.css';

export interface LogoDraft {
  systemName: string;
  versionTitle: string;
  type: 'text' | 'image';
  desc: string;
  imageBig: string;
  imageLittle: string;
}

export function shownName(draft: LogoDraft, fallback: string): string {
  return draft.desc.trim() || draft.systemName.trim() || fallback;
}

export function LogoPreview({ draft }: { draft: LogoDraft }) {
  const { t } = useTranslation('system');
  const name = shownName(draft, t('appName', { ns: 'common' }));
  const images = draft.type === 'image';
  return (
    <aside className="logo-preview" aria-label={t('logo.previewTitle')}>
      <h2>{t('logo.previewTitle')}</h2>
      <p className="system-muted">{t('logo.previewHeader')}</p>
      <div className="logo-preview-header" data-testid="logo-preview-header">
        {images && draft.imageLittle ? <img src={draft.imageLittle} alt="" /> : null}
        <span className="logo-preview-name">{name}</span>
        <span className="logo-preview-version">{draft.versionTitle.trim() || t('logo.versionPlaceholder')}</span>
      </div>
      <p className="system-muted">{t('logo.previewLogin')}</p>
      <div className="logo-preview-login">
        <div className="logo-preview-card">
          {images && draft.imageBig ? <img src={draft.imageBig} alt="" /> : null}
          <strong>{name}</strong>
          <span className="system-muted">{t('logo.previewSignIn')}</span>
        </div>
      </div>
      <p className="system-muted">{t('logo.previewTab', { name })}</p>
    </aside>
  );
}
