// The layout route of every screen that needs the session (§2): waits for a stored session to be restored,
// sends visitors without one to /login, and otherwise provides what every signed-in screen shares — the shell
// configuration (skin, version title, assistant, right-click), the kept-alive screens, the body style of the
// route, and the non-Chrome warning.
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
  if (decision.kind === 'wait') return <BootSplash />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <RsuiteLocale>
      <ShellConfigProvider>
        <SignedInShell />
      </ShellConfigProvider>
    </RsuiteLocale>
  );
}
