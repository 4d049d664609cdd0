// The server menu (POST /user/nav) as the console uses it: moduleNumber is the route key (§2), group modules
// ("group:…") only hold children, moduleDescription travels as the typeIds query parameter.
import type { MenuModule } from '../api/types.ts';
import type { Language } from '../i18n/languages.ts';

export const GROUP_PREFIX = 'group:';

export function isRoute(item: MenuModule): boolean {
  return !item.moduleNumber.startsWith(GROUP_PREFIX);
}

/** The main page (§2): the first menu item, or its first child (followed down to a route). */
export function mainPageKey(menu: readonly MenuModule[]): string | null {
  let item = menu[0];
  while (item && item.children.length > 0) item = item.children[0];
  return item && isRoute(item) ? item.moduleNumber : null;
}

export function findMenuItem(menu: readonly MenuModule[], key: string): MenuModule | undefined {
  for (const item of menu) {
    if (item.moduleNumber === key) return item;
    const found = findMenuItem(item.children, key);
    if (found) return found;
  }
  return undefined;
}

export function menuLabel(item: MenuModule, language: Language | string): string {
  return language === 'en' ? item.moduleNameEn || item.moduleName : item.moduleName;
}

export function menuHref(item: MenuModule): string {
  const typeIds = item.moduleDescription.trim();
  return `/${item.moduleNumber}${typeIds ? `?typeIds=${encodeURIComponent(typeIds)}` : ''}`;
}

/** The route key of a path: "/edgeDevice/box/" → "edgeDevice/box". */
export function routeKeyOf(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  try {
    return decodeURIComponent(trimmed);
  } catch {
    return trimmed;
  }
}
