// The page of a route whose screen a later issue delivers: its title, the area and the issue that brings it
// (i18n'd), and what the menu passed to it. Honest about what is there.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { mainPagePath } from '../../app/guards.ts';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { selectMenu, useSession } from '../../app/session.tsx';
import './shellScreens.css';

export default function PlaceholderScreen() {
  const { t } = useTranslation('shell');
  const entry = useScreenEntry();
  const title = usePageTitle(entry);
  const menu = useSession(selectMenu);
  const location = useLocation();
  // A kept-alive screen shown for another location must not read that location's query.
  const own = entry?.path === location.pathname.replace(/(.)\/+$/, '$1');
  const query = new URLSearchParams(own ? location.search : '');
  const typeIds = query.get('typeIds');
  const convertId = query.get('convertId');
  return (
    <section className="screen placeholder-screen" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title}</h1>
      {entry?.area ? <p className="placeholder-area">{t(`areas.${entry.area}.delivered`)}</p> : null}
      <p>{t('placeholder.explain')}</p>
      {typeIds ? <p className="placeholder-detail">{t('placeholder.typeIds', { typeIds })}</p> : null}
      {convertId ? <p className="placeholder-detail">{t('placeholder.convertId', { convertId })}</p> : null}
      <p>
        <Link to={mainPagePath(menu)}>{t('actions.goToMainPage')}</Link>
      </p>
    </section>
  );
}
