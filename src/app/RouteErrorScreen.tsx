// A screen that failed to load or render (most often: its code changed under an open tab).
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <div className="boot-splash" role="alert">
      <p>{t('errors.screenFailed')}</p>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </button>
    </div>
  );
}
