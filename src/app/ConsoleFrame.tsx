// The minimal signed-in frame: header (system name, user, language, logout) and the menu beside the screen.
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { MenuList } from './MenuList.tsx';
import { selectMenu, selectUser, useSession, useSessionActor } from './session.tsx';
import { displayName, useSystemTitle } from './systemTitle.ts';

export function ConsoleFrame() {
  const { t, i18n } = useTranslation();
  const session = useSessionActor();
  const title = useSystemTitle();
  const user = useSession(selectUser);
  const menu = useSession(selectMenu);
  const leaving = useSession((snapshot) => snapshot.matches('loggingOut'));
  const name = displayName(title, t('appName'));
  return (
    <div className="console">
      <header className="console-header">
        {title?.type === 'image' && title.imageLittle ? <img className="console-logo" src={title.imageLittle} alt="" /> : null}
        <span className="console-title">{name}</span>
        <span className="console-user">{t('shell.signedInAs', { name: user?.realName || user?.username || '' })}</span>
        <LanguageSwitch />
        <Button size="sm" disabled={leaving} onClick={() => session.send({ type: 'LOGOUT' })}>
          {leaving ? t('actions.loggingOut') : t('actions.logout')}
        </Button>
      </header>
      <div className="console-body">
        <nav className="console-menu" aria-label={t('shell.menu')}>
          <MenuList items={menu} language={i18n.language} />
        </nav>
        <main className="console-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
