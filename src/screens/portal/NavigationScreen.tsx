// /indexMall and /navigation (§2 website navigation): a card per console area, and the way to sign in.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CONSOLE_AREAS } from './consoleAreas.ts';
import { PublicPage } from './PublicPage.tsx';

export default function NavigationScreen() {
  const { t } = useTranslation('portal');
  const { pathname } = useLocation();
  const title = t(pathname.startsWith('/indexMall') ? 'routes.indexMall' : 'routes.navigation', { ns: 'shell' });
  return (
    <PublicPage title={title}>
      <p className="public-lead">{t('navigation.lead')}</p>
      <ul className="area-cards" aria-label={t('navigation.cardsLabel')}>
        {CONSOLE_AREAS.map((area) => {
          const cardTitle = t(`navigation.cards.${area.id}.title`);
          return (
            <li key={area.id} className="area-card">
              <h2 id={`area-${area.id}`}>{cardTitle}</h2>
              <p>{t(`navigation.cards.${area.id}.text`)}</p>
              <Link to={area.path} aria-describedby={`area-${area.id}`}>
                {t('navigation.open')}
              </Link>
            </li>
          );
        })}
      </ul>
      <h2 className="public-subheading">{t('navigation.more')}</h2>
      <ul className="public-links">
        <li>
          <Link to="/login">{t('nav.signIn')}</Link>
        </li>
        <li>
          <Link to="/portal">{t('navigation.portalLink')}</Link>
        </li>
        <li>
          <Link to="/cooperate">{t('navigation.cooperateLink')}</Link>
        </li>
      </ul>
    </PublicPage>
  );
}
