// The layout route of every screen that needs the session (§2): waits for a stored session to be restored,
// sends visitors without one to /login, and otherwise provides what every signed-in screen shares — the shell
// configuration (skin, version title, assistant, right-click), the kept-alive screens, the body style of the
// route, and the non-Chrome warning.
import { useDeferredValue } from 'react';
import { Navigate, Outlet } from 'react-router';
import { BootSplash } from './BootSplash.tsx';
import { BrowserWarning } from './dialogs/BrowserWarning.tsx';
import { protectedRouteDecision } from './guards.ts';
import { useBodyStyle } from './layouts/bodyStyle.ts';
import { useCurrentRoute } from './layouts/currentRoute.ts';
import { KeepAliveHost } from './layouts/KeepAliveHost.tsx';
import { ShellConfigProvider, useShellConfig } from './layouts/ShellConfig.tsx';
import { RsuiteLocale } from './RsuiteLocale.tsx';
import { selectStateName, useSession } from './session.tsx';

function SignedInShell() {
  const { resolved } = useCurrentRoute();
  const { skin } = useShellConfig();
  useBodyStyle(resolved?.whiteBody ?? false, skin);
  return (
    <>
      <KeepAliveHost />
      <Outlet />
      <BrowserWarning />
    </>
  );
}

export default function ProtectedLayout() {
  const state = useSession(selectStateName);
  const loaded = useSession((snapshot) => snapshot.context.bootstrap !== null);
  const decision = protectedRouteDecision(state, loaded);
  // The session's store updates synchronously, so the moment it is restored the whole shell and the first screen
  // (about 1,400 elements on a list screen) rendered in one task: ~170 ms of main thread on this machine, about four
  // times that on a phone, with no input answered meanwhile. Deferred, that render runs in slices while the splash
  // stays; a screen reached later in the session mounts at once (the deferred value starts as the current one).
  const ready = useDeferredValue(decision.kind === 'render');
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'wait' || !ready) return <BootSplash />;
  return (
    <RsuiteLocale>
      <ShellConfigProvider>
        <SignedInShell />
      </ShellConfigProvider>
    </RsuiteLocale>
  );
}
