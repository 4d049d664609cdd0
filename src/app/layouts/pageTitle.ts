// The name of the page being shown: the current menu item's name (the menu dictionary, typeIds included), or
// the route's own title when the menu does not hold it. Breadcrumbs and screen headings use the same name.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { RouteEntry } from '../../routeTypes.ts';
import { breadcrumbTrail, type Crumb, currentMenuTrail, type MenuDictionary, menuDictionary } from '../breadcrumbs.ts';
import { menuLabel } from '../menu.ts';
import { selectMenu, useSession } from '../session.tsx';

export function useMenuDictionary(): MenuDictionary {
  const menu = useSession(selectMenu);
  return useMemo(() => menuDictionary(menu), [menu]);
}

/** The title of a route entry (the current location's menu item when the entry is the one shown). */
export function usePageTitle(entry: RouteEntry | null): string {
  const { t, i18n } = useTranslation('shell');
  const dictionary = useMenuDictionary();
  const location = useLocation();
  if (!entry) return t('notFound.title');
  const here = entry.path === location.pathname.replace(/(.)\/+$/, '$1');
  const trail = currentMenuTrail(dictionary, here ? location.pathname : entry.path, here ? location.search : '');
  const item = trail?.at(-1);
  return item ? menuLabel(item, i18n.language) : t(`routes.${entry.titleKey}`);
}

/** The breadcrumbs of the current location (§2). */
export function useBreadcrumbs(entry: RouteEntry | null): Crumb[] {
  const { i18n } = useTranslation();
  const dictionary = useMenuDictionary();
  const { pathname, search } = useLocation();
  const title = usePageTitle(entry);
  return breadcrumbTrail(currentMenuTrail(dictionary, pathname, search), i18n.language, title);
}
