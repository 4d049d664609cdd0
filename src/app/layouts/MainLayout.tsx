// The main layout (/layout of §2): header, the server menu as a collapsible side navigation, breadcrumbs, the
// screen, and the floating assistant.
import { startTransition, useEffect, useState } from 'react';
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

/**
 * False for the layout's first render, then true: the frame (header, menu, breadcrumbs) is put on screen in a
 * commit of its own and the screen is rendered after it, in the background. React renders a tree in slices but
 * commits it in one task: frame and first screen together (~1,400 elements on a list screen) made the longest task
 * of a signed-in page. Measured with Lighthouse on a phone profile, three interleaved pairs: total blocking time on
 * /historyEvent 232/180/324 → 111/114/191 ms and on /userConfig 396/183/364 → 97/193/189 ms; LCP unchanged. Moving
 * between screens of this layout keeps it mounted: the screen then renders at once.
 */
function useFrameFirst(): boolean {
  const [screenShown, setScreenShown] = useState(false);
  useEffect(() => startTransition(() => setScreenShown(true)), []);
  return screenShown;
}

export default function MainLayout() {
  const { t } = useTranslation('shell');
  const screenShown = useFrameFirst();
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
          {screenShown ? <GuardedOutlet /> : null}
        </main>
      </div>
      <AssistantPanel />
    </div>
  );
}
