// The server menu as a plain list of links (the console-shell issue brings the real side navigation).
import { NavLink } from 'react-router';
import type { MenuModule } from '../api/types.ts';
import { isRoute, menuHref, menuLabel } from './menu.ts';

export function MenuList({ items, language }: { items: readonly MenuModule[]; language: string }) {
  return (
    <ul className="menu-list">
      {items.map((item) => (
        <li key={item.id}>
          {isRoute(item) ? (
            <NavLink to={menuHref(item)}>{menuLabel(item, language)}</NavLink>
          ) : (
            <span className="menu-group">{menuLabel(item, language)}</span>
          )}
          {item.children.length > 0 ? <MenuList items={item.children} language={language} /> : null}
        </li>
      ))}
    </ul>
  );
}
