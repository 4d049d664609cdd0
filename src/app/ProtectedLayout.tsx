// The layout route of every screen that needs the session (§2): waits for a stored session to be restored,
// sends visitors without one to /login, and otherwise shows the console frame.
import { Navigate } from 'react-router';
import { BootSplash } from './BootSplash.tsx';
import { ConsoleFrame } from './ConsoleFrame.tsx';
import { protectedRouteDecision } from './guards.ts';
import { RsuiteLocale } from './RsuiteLocale.tsx';
import { selectStateName, useSession } from './session.tsx';

export default function ProtectedLayout() {
  const state = useSession(selectStateName);
  const loaded = useSession((snapshot) => snapshot.context.bootstrap !== null);
  const decision = protectedRouteDecision(state, loaded);
  if (decision.kind === 'wait') return <BootSplash />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <RsuiteLocale>
      <ConsoleFrame />
    </RsuiteLocale>
  );
}
