// Shown while a route's code or the stored session loads.
import { useTranslation } from 'react-i18next';

export function BootSplash() {
  const { t } = useTranslation();
  return (
    <div className="boot-splash" role="status" aria-live="polite">
      {t('status.loading')}
    </div>
  );
}
