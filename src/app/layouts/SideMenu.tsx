// The server menu as the side navigation (§2): groups fold open, items link to "/" + moduleNumber with their
// typeIds, the current item (by path and typeIds) is highlighted, and the whole menu collapses to icons.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import Nav from 'rsuite/Nav';
import Sidenav from 'rsuite/Sidenav';
import 'rsuite/Nav/styles/index.css';
import 'rsuite/Sidenav/styles/index.css';
import type { MenuModule } from '../../api/types.ts';
import { currentMenuTrail, type MenuTrail } from '../breadcrumbs.ts';
import { menuHref, menuLabel } from '../menu.ts';
import { selectMenu, useSession } from '../session.tsx';
import { menuIcon } from './menuIcons.tsx';
import { useMenuDictionary } from './pageTitle.ts';

interface EntryProps {
  item: MenuModule;
  depth: number;
  language: string;
  /** The groups whose entries are in the page: the open ones and those above the current item. */
  shown: ReadonlySet<string>;
}

function entryLook(item: MenuModule, depth: number, language: string) {
  const Icon = menuIcon(item.moduleIcon);
  // rsuite shows icons on the first level (they are all a collapsed menu shows).
  return { icon: depth === 0 ? <Icon /> : undefined, label: menuLabel(item, language) };
}

function MenuEntry({ item, depth, language, shown }: EntryProps) {
  if (item.children.length > 0) return <MenuGroup item={item} depth={depth} language={language} shown={shown} />;
  const { icon, label } = entryLook(item, depth, language);
  return (
    <Nav.Item eventKey={String(item.id)} icon={icon} as={Link} to={menuHref(item)}>
      {label}
    </Nav.Item>
  );
}

/**
 * A group's entries are put in the page once the group has been open (or while it is open, or holds the current
 * item). rsuite renders every group's entries, hidden, whether or not it is ever opened: the administrator's menu
 * was 58 hidden links (a seventh of a list screen's elements, and the costliest part of the shell's first render on a
 * phone) that most visits never open.
 */
function MenuGroup({ item, depth, language, shown }: EntryProps) {
  const key = String(item.id);
  const { icon, label } = entryLook(item, depth, language);
  const [opened, setOpened] = useState(false);
  const entries = opened || shown.has(key);
  return (
    <Nav.Menu eventKey={key} title={label} icon={icon} placement="rightStart" onToggle={(open) => open && setOpened(true)}>
      {entries
        ? item.children.map((child) => <MenuEntry key={child.id} item={child} depth={depth + 1} language={language} shown={shown} />)
        : null}
    </Nav.Menu>
  );
}

/** The keys of the groups above the current item. */
function ancestorKeys(trail: MenuTrail | null): string[] {
  return (trail ?? []).slice(0, -1).map((item) => String(item.id));
}

interface SideMenuProps {
  expanded: boolean;
  onToggle: (expanded: boolean) => void;
  /** False on narrow screens, where the menu stays folded. */
  canExpand: boolean;
}

export function SideMenu({ expanded, onToggle, canExpand }: SideMenuProps) {
  const { t, i18n } = useTranslation('shell');
  const menu = useSession(selectMenu);
  const dictionary = useMenuDictionary();
  const { pathname, search } = useLocation();
  const trail = useMemo(() => currentMenuTrail(dictionary, pathname, search), [dictionary, pathname, search]);
  const activeKey = trail?.at(-1) ? String(trail.at(-1)!.id) : undefined;
  // The groups above the current item are open from the first paint (opened afterwards, they pushed the groups
  // below down as the screen loaded: a layout shift), and open by themselves after a menu click or a link.
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorKeys(trail));

  const shown = useMemo(() => new Set([...openKeys, ...ancestorKeys(trail)]), [openKeys, trail]);

  useEffect(() => {
    const ancestors = ancestorKeys(trail);
    setOpenKeys((open) => (ancestors.every((key) => open.includes(key)) ? open : [...new Set([...open, ...ancestors])]));
  }, [trail]);

  return (
    <nav className="side-menu" aria-label={t('frame.menu')} data-expanded={expanded}>
      <Sidenav
        as="div"
        expanded={expanded}
        openKeys={openKeys}
        onOpenChange={(keys) => setOpenKeys(keys.map(String))}
        appearance="subtle"
      >
        <Sidenav.Body>
          <Nav activeKey={activeKey}>
            {menu.map((item) => (
              <MenuEntry key={item.id} item={item} depth={0} language={i18n.language} shown={shown} />
            ))}
          </Nav>
        </Sidenav.Body>
        {canExpand ? (
          <Sidenav.Toggle
            onToggle={onToggle}
            aria-label={expanded ? t('frame.collapseMenu') : t('frame.expandMenu')}
            title={expanded ? t('frame.collapseMenu') : t('frame.expandMenu')}
          />
        ) : null}
      </Sidenav>
    </nav>
  );
}
