// §2 breadcrumbs: the current menu item's path through the menu, or the page title alone.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Breadcrumb from 'rsuite/Breadcrumb';
import 'rsuite/Breadcrumb/styles/index.css';
import type { RouteEntry } from '../../routeTypes.ts';
import { useBreadcrumbs } from './pageTitle.ts';

export function Breadcrumbs({ entry }: { entry: RouteEntry | null }) {
  const { t } = useTranslation('shell');
  const crumbs = useBreadcrumbs(entry);
  return (
    <Breadcrumb aria-label={t('frame.breadcrumbs')} className="shell-breadcrumbs">
      {crumbs.map((crumb, index) => {
        const key = `${index}:${crumb.label}`;
        if (index === crumbs.length - 1) {
          return (
            <Breadcrumb.Item key={key} active>
              <span aria-current="page">{crumb.label}</span>
            </Breadcrumb.Item>
          );
        }
        return crumb.href ? (
          <Breadcrumb.Item key={key} as={Link} to={crumb.href}>
            {crumb.label}
          </Breadcrumb.Item>
        ) : (
          <Breadcrumb.Item key={key}>{crumb.label}</Breadcrumb.Item>
        );
      })}
    </Breadcrumb>
  );
}
