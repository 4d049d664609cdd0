// A route the user's role may not open (§2 guard): says so, in place of the screen.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mainPagePath } from '../../app/guards.ts';
import { selectMenu, useSession } from '../../app/session.tsx';
import type { RouteEntry } from '../../routeTypes.ts';

export default function NotPermittedScreen({ entry }: { entry: RouteEntry }) {
  const { t } = useTranslation('shell');
  const menu = useSession(selectMenu);
  return (
    <section className="screen" role="alert" aria-labelledby="not-permitted-title">
      <h1 id="not-permitted-title">{t('notPermitted.title')}</h1>
      <p>{t('notPermitted.text', { title: t(`routes.${entry.titleKey}`) })}</p>
      <Link to={mainPagePath(menu)}>{t('actions.goToMainPage')}</Link>
    </section>
  );
}
