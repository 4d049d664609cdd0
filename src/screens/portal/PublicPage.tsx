// The frame of the public pages (§2: /indexMall, /navigation, /portal, /cooperate — no token needed): the site
// navigation, the language, the way into the console (sign in, or the main page when signed in), a footer.
// Light on purpose: no rsuite runtime, like the login page.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { mainPagePath } from '../../app/guards.ts';
import { selectMenu, selectStateName, useSession } from '../../app/session.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import './portal.css';

const SITE_LINKS = [
  ['/portal', 'portal'],
  ['/navigation', 'navigation'],
  ['/cooperate', 'cooperate'],
] as const;

export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('portal');
  const signedIn = useSession(selectStateName) === 'authenticated';
  const menu = useSession(selectMenu);
  return (
    <div className="public-page">
      <header className="public-header">
        <Link className="public-brand" to="/portal">
          {t('brand')}
        </Link>
        <nav aria-label={t('nav.label')}>
          <ul className="public-nav">
            {SITE_LINKS.map(([path, key]) => (
              <li key={path}>
                <NavLink to={path}>{t(`nav.${key}`)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <span className="public-header-end">
          <LanguageSwitch />
          <Link className="rs-btn public-cta" data-appearance="primary" data-size="sm" to={signedIn ? mainPagePath(menu) : '/login'}>
            {signedIn ? t('nav.openConsole') : t('nav.signIn')}
          </Link>
        </span>
      </header>
      <main className="public-main" id="main-content">
        <h1>{title}</h1>
        {children}
      </main>
      <footer className="public-footer">{t('footer')}</footer>
    </div>
  );
}
