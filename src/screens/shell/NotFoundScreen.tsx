// A signed-in user's path that no route serves.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { mainPagePath } from '../../app/guards.ts';
import { selectMenu, useSession } from '../../app/session.tsx';

export default function NotFoundScreen() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const menu = useSession(selectMenu);
  return (
    <section className="screen">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text', { path: pathname })}</p>
      <Link to={mainPagePath(menu)}>{t('actions.goToMainPage')}</Link>
    </section>
  );
}
