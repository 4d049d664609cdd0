// A screen's heading: the name the menu gives its route (what the breadcrumbs show too), or the screen's own
// title where it is rendered outside the route table (tests, a dialog).
import { useScreenEntry } from '../../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../../app/layouts/pageTitle.ts';

export function useScreenTitle(fallback: string): string {
  const entry = useScreenEntry();
  const title = usePageTitle(entry);
  return entry ? title : fallback;
}
