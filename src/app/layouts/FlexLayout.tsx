// The layout of the top-level and /layoutWhite routes, chosen per route by the skin's router set (routes.ts):
// the white layout, or none (the screen alone — third-party pages embed these).
import { useCurrentRoute } from './currentRoute.ts';
import { GuardedOutlet } from './GuardedOutlet.tsx';
import { WhiteLayout } from './WhiteLayout.tsx';

export default function FlexLayout() {
  const { resolved } = useCurrentRoute();
  if (resolved?.layout === 'white') return <WhiteLayout />;
  return (
    <main id="main-content" className="bare-layout">
      <GuardedOutlet />
    </main>
  );
}
