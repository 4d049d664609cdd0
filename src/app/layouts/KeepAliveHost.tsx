// §4 "the cached page list holds the offline-event-third screen": screens marked keepAlive in the route table
// stay mounted once opened. Their route renders nothing (router.tsx KeepAliveSlot); this host renders the screen
// itself and hides it (instead of unmounting it) while another route is shown, so its state — an uploaded
// video, a half-drawn area — is there when the user comes back. Signing out unmounts the host and the cache.
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { withNamespaces } from '../../i18n/routeNamespaces.ts';
import type { RouteEntry } from '../../routeTypes.ts';
import { flattenRoutes } from '../routeIndex.ts';
import { BootSplash } from '../BootSplash.tsx';
import { ScreenEntryContext, useCurrentRoute } from './currentRoute.ts';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';

// Built at first render, when the route table is there (src/app/routeIndex.ts).
let keptAlive: { entry: RouteEntry; Screen: ComponentType }[] | undefined;
const keptAliveScreens = () =>
  (keptAlive ??= flattenRoutes()
    .filter((entry) => entry.keepAlive && entry.screen)
    .map((entry) => ({ entry, Screen: lazy(() => withNamespaces(entry.screen!, entry.namespaces)) })));

export function KeepAliveHost() {
  const { resolved, refused } = useCurrentRoute();
  const active = resolved?.entry.keepAlive && !refused ? resolved.entry.id : null;
  const [visited, setVisited] = useState<string[]>([]);
  useEffect(() => {
    if (active) setVisited((ids) => (ids.includes(active) ? ids : [...ids, active]));
  }, [active]);
  const shown = active && !visited.includes(active) ? [...visited, active] : visited;
  return shown.map((id) => {
    const kept = keptAliveScreens().find((candidate) => candidate.entry.id === id);
    if (!kept) return null;
    const { entry, Screen } = kept;
    return (
      <div key={id} className="keep-alive" hidden={id !== active} data-keep-alive={id}>
        <ScreenEntryContext.Provider value={entry}>
          <ScreenErrorBoundary>
            <Suspense fallback={<BootSplash />}>
              <Screen />
            </Suspense>
          </ScreenErrorBoundary>
        </ScreenEntryContext.Provider>
      </div>
    );
  });
}
