// The header of the signed-in layouts: logo and system name, the version title (system config versionTitle,
// a placeholder when unset), and the user menu.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName, useSystemTitle } from '../systemTitle.ts';
import { useShellConfig } from './ShellConfig.tsx';
import { UserMenu } from './UserMenu.tsx';

export function ShellHeader({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('shell');
  const title = useSystemTitle();
  const { versionTitle } = useShellConfig();
  return (
    <header className="shell-header">
      {title?.type === 'image' && title.imageLittle ? <img className="shell-logo" src={title.imageLittle} alt="" /> : null}
      <span className="shell-title">{displayName(title, t('appName', { ns: 'common' }))}</span>
      <span className="shell-version">{versionTitle || t('frame.versionPlaceholder')}</span>
      {children}
      <span className="shell-header-end">
        <UserMenu />
      </span>
    </header>
  );
}
