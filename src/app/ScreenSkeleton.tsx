// What a signed-in route shows inside its frame while the screen's own chunk loads: a few grey bars where a screen
// puts its filters and list, so the frame (header, menu, breadcrumbs) paints without waiting for the screen.
import { useTranslation } from 'react-i18next';

export function ScreenSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="screen-skeleton" role="status" aria-label={t('status.loading')}>
      <div className="screen-skeleton-bar screen-skeleton-filters" />
      <div className="screen-skeleton-bar" />
      <div className="screen-skeleton-bar" />
      <div className="screen-skeleton-bar" />
    </div>
  );
}
