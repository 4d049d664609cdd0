// The route table entries of the current location, as the skin's router set serves them, and whether the user
// may open them (§2): every layout and the keep-alive host read the same answer.
import { createContext, useContext, useMemo } from 'react';
import { useMatches } from 'react-router';
import type { ResolvedRoute, RouteEntry, RouteHandle, Skin } from '../../routeTypes.ts';
import { routerSet } from '../routeIndex.ts';
import { mayOpen, systemRouteList } from '../guards.ts';
import { selectMenu, useSession } from '../session.tsx';
import type { SessionSnapshot } from '../sessionService.ts';
import { useShellConfig } from './ShellConfig.tsx';

const routerSets = new Map<Skin, Map<string, ResolvedRoute>>();

/** The router set of a skin (built once per skin). */
export function routerSetOf(skin: Skin): Map<string, ResolvedRoute> {
  let set = routerSets.get(skin);
  if (!set) {
    set = routerSet(skin);
    routerSets.set(skin, set);
  }
  return set;
}

export interface CurrentRoute {
  /** The matched table entries, outermost first (/algorithmProduction, then /algorithmProduction/train). */
  entries: RouteEntry[];
  /** The innermost one as the skin serves it; null off the table (the 404 page). */
  resolved: ResolvedRoute | null;
  /** The first matched entry the user may not open, if any. */
  refused: RouteEntry | null;
}

const NO_BUTTONS: string[] = [];
const selectButtons = (snapshot: SessionSnapshot) => snapshot.context.bootstrap?.buttonList ?? NO_BUTTONS;

export function useCurrentRoute(): CurrentRoute {
  const { skin } = useShellConfig();
  const matches = useMatches();
  const menu = useSession(selectMenu);
  const held = useSession(selectButtons);
  const systemRoutes = useMemo(() => systemRouteList(menu), [menu]);
  const set = routerSetOf(skin);
  const resolvedList = matches.flatMap((match) => {
    const path = (match.handle as RouteHandle | undefined)?.path;
    const resolved = path ? set.get(path) : undefined;
    return resolved ? [resolved] : [];
  });
  const entries = resolvedList.map((resolved) => resolved.entry);
  return {
    entries,
    resolved: resolvedList.at(-1) ?? null,
    refused: entries.find((entry) => !mayOpen(entry, held, systemRoutes)) ?? null,
  };
}

/** A kept-alive screen renders away from its route: it is told its own entry instead of the location's. */
export const ScreenEntryContext = createContext<RouteEntry | null>(null);

/** The table entry of the screen being rendered. */
export function useScreenEntry(): RouteEntry | null {
  const own = useContext(ScreenEntryContext);
  const { resolved } = useCurrentRoute();
  return own ?? resolved?.entry ?? null;
}
