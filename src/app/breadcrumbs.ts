// The current menu item and the breadcrumbs (§2): the menu dictionary maps each route item of the server menu,
// with its ancestors, by full path (/key?typeIds=…, its moduleDescription) and by path (/key). A typeIds query
// selects the item whose moduleDescription matches it (the same route key can sit in the menu more than once,
// with different type ids); a route the menu does not hold shows the page title instead.
import type { MenuModule } from '../api/types.ts';
import { isRoute, menuHref, menuLabel } from './menu.ts';

export type MenuTrail = readonly MenuModule[];

export interface MenuDictionary {
  byFullPath: Map<string, MenuTrail>;
  byPath: Map<string, MenuTrail>;
  byTypeIds: Map<string, MenuTrail>;
}

const fullPathOf = (path: string, typeIds: string) => (typeIds ? `${path}?typeIds=${typeIds}` : path);

export function menuDictionary(menu: readonly MenuModule[]): MenuDictionary {
  const dictionary: MenuDictionary = { byFullPath: new Map(), byPath: new Map(), byTypeIds: new Map() };
  const walk = (items: readonly MenuModule[], ancestors: MenuTrail) => {
    for (const item of items) {
      const trail = [...ancestors, item];
      if (isRoute(item)) {
        const path = `/${item.moduleNumber}`;
        const typeIds = item.moduleDescription.trim();
        // The first occurrence wins, as the menu is read top-down.
        if (!dictionary.byFullPath.has(fullPathOf(path, typeIds))) dictionary.byFullPath.set(fullPathOf(path, typeIds), trail);
        if (!dictionary.byPath.has(path)) dictionary.byPath.set(path, trail);
        if (typeIds && !dictionary.byTypeIds.has(typeIds)) dictionary.byTypeIds.set(typeIds, trail);
      }
      walk(item.children, trail);
    }
  };
  walk(menu, []);
  return dictionary;
}

/** The typeIds query of a location's search string ('' when absent). */
export function typeIdsOf(search: string): string {
  return (new URLSearchParams(search).get('typeIds') ?? '').trim();
}

/**
 * The menu item (with its ancestors) the location stands for: by full path, then by path, then — for a route the
 * menu does not list under this path — the item whose moduleDescription equals the typeIds query.
 */
export function currentMenuTrail(dictionary: MenuDictionary, pathname: string, search: string): MenuTrail | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const typeIds = typeIdsOf(search);
  return (
    (typeIds ? dictionary.byFullPath.get(fullPathOf(path, typeIds)) : undefined) ??
    dictionary.byPath.get(path) ??
    (typeIds ? dictionary.byTypeIds.get(typeIds) : undefined) ??
    null
  );
}

export interface Crumb {
  label: string;
  /** Where the crumb leads; absent for groups and for the current page. */
  href?: string;
}

/** The breadcrumbs of a location: the menu trail's names, or the page title alone. */
export function breadcrumbTrail(trail: MenuTrail | null, language: string, pageTitle: string): Crumb[] {
  if (!trail || trail.length === 0) return [{ label: pageTitle }];
  return trail.map((item, index) => {
    const last = index === trail.length - 1;
    return { label: menuLabel(item, language), href: !last && isRoute(item) ? menuHref(item) : undefined };
  });
}
