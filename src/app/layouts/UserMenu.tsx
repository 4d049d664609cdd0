// The user menu of the header: change password, language (switches in place, remembered), log out.
import AdminIcon from '@rsuite/icons/Admin';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Dropdown from 'rsuite/Dropdown';
import 'rsuite/Dropdown/styles/index.css';
import { DialogLoad } from '../../components/data/OpenedOnce.tsx';
import { LANGUAGES } from '../../i18n/languages.ts';
import { switchLanguage } from '../../i18n/setup.ts';
import { selectUser, useSession, useSessionActor } from '../session.tsx';

const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog.tsx'));

export function UserMenu() {
  const { t, i18n } = useTranslation('shell');
  const session = useSessionActor();
  const user = useSession(selectUser);
  const leaving = useSession((snapshot) => snapshot.matches('loggingOut'));
  const [changingPassword, setChangingPassword] = useState(false);
  const name = user?.realName || user?.username || '';
  return (
    <>
      <Dropdown
        className="user-menu"
        title={name}
        icon={<AdminIcon aria-hidden="true" />}
        placement="bottomEnd"
      >
        <Dropdown.Item onSelect={() => setChangingPassword(true)}>{t('frame.changePassword')}</Dropdown.Item>
        <Dropdown.Separator />
        <Dropdown.Item panel className="user-menu-label">
          {t('frame.language')}
        </Dropdown.Item>
        {LANGUAGES.map((language) => (
          <Dropdown.Item
            key={language}
            lang={language}
            active={i18n.language === language}
            onSelect={() => void switchLanguage(language)}
          >
            {t(`language.${language}`, { ns: 'common' })}
          </Dropdown.Item>
        ))}
        <Dropdown.Separator />
        <Dropdown.Item disabled={leaving} onSelect={() => session.send({ type: 'LOGOUT' })}>
          {leaving ? t('frame.loggingOut') : t('frame.logout')}
        </Dropdown.Item>
      </Dropdown>
      {changingPassword ? (
        <DialogLoad onLoadFailed={() => setChangingPassword(false)}>
          <ChangePasswordDialog onClose={() => setChangingPassword(false)} />
        </DialogLoad>
      ) : null}
    </>
  );
}
