// The system name and logo (POST /config/getTitle), loaded once and shared by the login screen, the header
// and the session bootstrap; it also sets the page title (§2: the logo description, or the system name).
import { useSyncExternalStore } from 'react';
import { fetchPageTitle } from '../api/config.ts';
import type { PageTitle } from '../api/types.ts';

let title: PageTitle | null = null;
let pending: Promise<PageTitle | null> | null = null;
const listeners = new Set<() => void>();

export function displayName(pageTitle: PageTitle | null, fallback: string): string {
  return pageTitle?.desc || pageTitle?.systemName || fallback;
}

/** Loads the title once (again after `reload`); a failure leaves it empty (the middleware already said why). */
export function loadSystemTitle(reload = false): Promise<PageTitle | null> {
  if (pending && !reload) return pending;
  pending = fetchPageTitle()
    .catch(() => null)
    .then((loaded) => {
      title = loaded;
      if (loaded) document.title = displayName(loaded, document.title);
      for (const listener of listeners) listener();
      return loaded;
    });
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void loadSystemTitle();
  return () => listeners.delete(listener);
}

export function useSystemTitle(): PageTitle | null {
  return useSyncExternalStore(subscribe, () => title);
}
