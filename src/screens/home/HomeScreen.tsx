// The main menu page for now: who is signed in and where the menu leads (the dashboards come later).
import { useTranslation } from 'react-i18next';
import { findMenuItem, mainPageKey, menuLabel } from '../../app/menu.ts';
import { selectMenu, selectUser, useSession } from '../../app/session.tsx';

export default function HomeScreen() {
  const { t, i18n } = useTranslation();
  const user = useSession(selectUser);
  const menu = useSession(selectMenu);
  const key = mainPageKey(menu);
  const main = key ? findMenuItem(menu, key) : undefined;
  return (
    <section className="screen">
      <h1>{t('shell.welcome', { name: user?.realName || user?.username || '' })}</h1>
      {user ? <p>{t('shell.roleAndDept', { role: user.roleName, dept: user.deptName })}</p> : null}
      <p>{main ? t('shell.mainPageIntro', { title: menuLabel(main, i18n.language) }) : t('shell.noMenu')}</p>
    </section>
  );
}
