// Provides the shell configuration (skin, version title, assistant, right-click) to the signed-in frame, from
// the system configuration the session bootstrap loads after sign-in (§4).
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { setSystemContextMenu } from '../contextMenu.ts';
import { selectSystemConfig, useSession } from '../session.tsx';
import { defaultShellConfig, type ShellConfig, shellConfigOf } from './shellConfig.ts';

const ShellConfigContext = createContext<ShellConfig>(defaultShellConfig);

export function useShellConfig(): ShellConfig {
  return useContext(ShellConfigContext);
}

export function ShellConfigProvider({ children }: { children: ReactNode }) {
  const systemConfig = useSession(selectSystemConfig);
  const config = useMemo(() => shellConfigOf(systemConfig), [systemConfig]);

  // §2: right-click follows the runtime config or this system config; signing out withdraws the permission.
  useEffect(() => {
    setSystemContextMenu(config.contextMenuEnabled);
    return () => setSystemContextMenu(false);
  }, [config.contextMenuEnabled]);

  return <ShellConfigContext.Provider value={config}>{children}</ShellConfigContext.Provider>;
}
