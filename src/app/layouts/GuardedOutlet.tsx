// The screen of the current route, or the refusal when the user may not open it (§2, guards.ts mayOpen).
import { Outlet } from 'react-router';
import NotPermittedScreen from '../../screens/shell/NotPermittedScreen.tsx';
import { useCurrentRoute } from './currentRoute.ts';

export function GuardedOutlet() {
  const { refused } = useCurrentRoute();
  return refused ? <NotPermittedScreen entry={refused} /> : <Outlet />;
}
