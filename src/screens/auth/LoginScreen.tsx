// /login (§2): a signed-in user goes on to the main menu page; everyone else signs in here.
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { loginRouteDecision } from '../../app/guards.ts';
import { selectMenu, selectStateName, useSession } from '../../app/session.tsx';
import { displayName, useSystemTitle } from '../../app/systemTitle.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { LoginForm } from './LoginForm.tsx';

export default function LoginScreen() {
  const { t } = useTranslation('auth');
  const decision = loginRouteDecision(useSession(selectStateName), useSession(selectMenu));
  const title = useSystemTitle();
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  const name = displayName(title, t('appName', { ns: 'common' }));
  return (
    <div className="login-page">
      <div className="login-toolbar">
        <LanguageSwitch />
      </div>
      <main className="login-card">
        {title?.type === 'image' && title.imageBig ? <img className="login-logo" src={title.imageBig} alt="" /> : null}
        <h1 className="login-system-name">{name}</h1>
        <h2 className="login-heading">{t('login.pageTitle')}</h2>
        {decision.kind === 'wait' ? <p role="status">{t('login.restoring')}</p> : <LoginForm />}
      </main>
    </div>
  );
}
