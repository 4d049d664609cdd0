// Any path under the signed-in frame: the main page, a menu route whose screen is still to come, or nothing.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { mainPagePath } from '../../app/guards.ts';
import { findMenuItem, isRoute, mainPageKey, menuLabel, routeKeyOf } from '../../app/menu.ts';
import { selectMenu, useSession } from '../../app/session.tsx';
import HomeScreen from '../home/HomeScreen.tsx';

export default function MenuRouteScreen() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const menu = useSession(selectMenu);
  const key = routeKeyOf(pathname);
  if (key === mainPageKey(menu)) return <HomeScreen />;
  const item = findMenuItem(menu, key);
  if (item && isRoute(item)) {
    const title = menuLabel(item, i18n.language);
    return (
      <section className="screen">
        <h1>{title}</h1>
        <p>{t('shell.placeholder', { title })}</p>
      </section>
    );
  }
  return (
    <section className="screen">
      <h1>{t('shell.notFoundTitle')}</h1>
      <p>{t('shell.notFound', { path: pathname })}</p>
      <Link to={mainPagePath(menu)}>{t('actions.goToMainPage')}</Link>
    </section>
  );
}
