// /portal: what the platform does, and the entries to the console, the area navigation and cooperation.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mainPagePath } from '../../app/guards.ts';
import { selectMenu, selectStateName, useSession } from '../../app/session.tsx';
import { PublicPage } from './PublicPage.tsx';

const FEATURES = ['detect', 'alarms', 'devices', 'training'] as const;

export default function PortalScreen() {
  const { t } = useTranslation('portal');
  const signedIn = useSession(selectStateName) === 'authenticated';
  const menu = useSession(selectMenu);
  return (
    <PublicPage title={t('routes.portal', { ns: 'shell' })}>
      <p className="public-lead">{t('portal.lead')}</p>
      <section aria-labelledby="portal-features">
        <h2 id="portal-features" className="public-subheading">
          {t('portal.featuresLabel')}
        </h2>
        <ul className="area-cards">
          {FEATURES.map((feature) => (
            <li key={feature} className="area-card">
              <h3>{t(`portal.features.${feature}.title`)}</h3>
              <p>{t(`portal.features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <p className="public-actions">
        <Link className="rs-btn" data-appearance="primary" data-size="md" to={signedIn ? mainPagePath(menu) : '/login'}>
          {t('portal.enter')}
        </Link>
        <Link className="rs-btn" data-appearance="default" data-size="md" to="/navigation">
          {t('portal.browse')}
        </Link>
        <Link className="rs-btn" data-appearance="link" data-size="md" to="/cooperate">
          {t('portal.contact')}
        </Link>
      </p>
    </PublicPage>
  );
}
