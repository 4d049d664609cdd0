// /thirdLogin?code=&moduleName=&convertId= (§2): signs in with the one-time code, then opens the requested page.
// A refused code is said in words; a user who was already signed in stays signed in (main page), others go to /login.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_PATH, mainPagePath } from '../../app/guards.ts';
import { notifyError } from '../../app/notify.ts';
import { useSessionActor } from '../../app/session.tsx';
import { signInWithThirdPartyCode } from '../../app/sessionService.ts';
import { runThirdLogin } from '../../app/thirdLogin.ts';

export default function ThirdLoginScreen() {
  const { t } = useTranslation('shell');
  const { search } = useLocation();
  const navigate = useNavigate();
  const session = useSessionActor();
  useEffect(() => {
    void runThirdLogin(search, {
      signIn: (request) => signInWithThirdPartyCode(session, request),
      mainPage: () => mainPagePath(session.getSnapshot().context.bootstrap?.menuList),
      open: (path) => navigate(path, { replace: true }),
      toLogin: () => navigate(LOGIN_PATH, { replace: true }),
      missingCode: () => notifyError(t('thirdLogin.missingCode')),
      failed: (message) => notifyError(message),
    });
  }, [search, navigate, session, t]);
  return (
    <div className="boot-splash" role="status" aria-live="polite">
      {t('thirdLogin.signingIn')}
    </div>
  );
}
