// The main layout (/layout of §2): header, the server menu as a collapsible side navigation, breadcrumbs, the
// screen, and the floating assistant.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssistantPanel } from '../../components/assistant/AssistantPanel.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { useCurrentRoute } from './currentRoute.ts';
import { GuardedOutlet } from './GuardedOutlet.tsx';
import { ShellHeader } from './ShellHeader.tsx';
import { SideMenu } from './SideMenu.tsx';
import './layouts.css';

const EXPANDED_KEY = 'argus.menuExpanded';

function rememberedExpanded(): boolean {
  try {
    return localStorage.getItem(EXPANDED_KEY) !== '0';
  } catch {
    return true;
  }
}

const NARROW = '(max-width: 640px)';

/** On a narrow screen the menu stays folded to its icons (its groups open as pop-up menus). */
function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia?.(NARROW).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(NARROW);
    if (!query) return;
    const change = () => setNarrow(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return narrow;
}

export default function MainLayout() {
  const { t } = useTranslation('shell');
  const { resolved } = useCurrentRoute();
  const [expandedChoice, setExpanded] = useState(rememberedExpanded);
  const narrow = useNarrowScreen();
  const expanded = expandedChoice && !narrow;
  const toggle = (next: boolean) => {
    setExpanded(next);
    try {
      localStorage.setItem(EXPANDED_KEY, next ? '1' : '0');
    } catch {
      // storage disabled: the choice lasts for this page
    }
  };
  return (
    <div className="main-layout" data-menu-expanded={expanded}>
      <a className="skip-link" href="#main-content">
        {t('frame.skipToContent')}
      </a>
      <ShellHeader />
      <div className="main-layout-body">
        <SideMenu expanded={expanded} onToggle={toggle} canExpand={!narrow} />
        <main id="main-content" className="main-layout-content" tabIndex={-1}>
          <Breadcrumbs entry={resolved?.entry ?? null} />
          <GuardedOutlet />
        </main>
      </div>
      <AssistantPanel />
    </div>
  );
}
