// /welcome: where a signed-in user whose role has no menu lands — who is signed in, and shortcuts into each menu
// area the role may open.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findMenuItem, mainPageKey, menuHref, menuLabel } from '../../app/menu.ts';
import { selectMenu, selectUser, useSession } from '../../app/session.tsx';
import '../shell/shellScreens.css';

export function WelcomePanel() {
  const { t, i18n } = useTranslation('shell');
  const user = useSession(selectUser);
  const menu = useSession(selectMenu);
  const key = mainPageKey(menu);
  const main = key ? findMenuItem(menu, key) : undefined;
  // One shortcut per top-level menu entry, leading to its first screen.
  const shortcuts = menu.flatMap((item) => {
    const first = mainPageKey([item]);
    const target = first ? findMenuItem([item], first) : undefined;
    return target ? [{ id: item.id, label: menuLabel(item, i18n.language), href: menuHref(target) }] : [];
  });
  return (
    <section className="screen" aria-labelledby="home-title">
      <h1 id="home-title">{t('home.welcome', { name: user?.realName || user?.username || '' })}</h1>
      {user ? <p>{t('home.roleAndDept', { role: user.roleName, dept: user.deptName })}</p> : null}
      <p>{main ? t('home.mainPageIntro', { title: menuLabel(main, i18n.language) }) : t('home.noMenu')}</p>
      {shortcuts.length > 0 ? (
        <>
          <h2>{t('home.shortcuts')}</h2>
          <ul className="home-shortcuts">
            {shortcuts.map((shortcut) => (
              <li key={shortcut.id}>
                <Link to={shortcut.href}>{shortcut.label}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
