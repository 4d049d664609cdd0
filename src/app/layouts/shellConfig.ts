// The system configuration as the shell reads it (POST /config/selectAllConfigMap, loaded by the session
// bootstrap): the skin, the header's version title, the assistant page and whether right-click is allowed.
// Missing or unusable values fall back to the defaults below.
import type { SystemConfig } from '../../api/types.ts';
import { type Skin, skinOf } from '../../routeTypes.ts';

export interface ShellConfig {
  skin: Skin;
  /** '' = the header shows its placeholder. */
  versionTitle: string;
  /** The agent page of the assistant panel; '' = no assistant. */
  assistantUrl: string;
  assistantServiceId: string;
  contextMenuEnabled: boolean;
}

export const defaultShellConfig: ShellConfig = {
  skin: 'normal',
  versionTitle: '',
  assistantUrl: '',
  assistantServiceId: '',
  contextMenuEnabled: false,
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function shellConfigOf(config: Partial<SystemConfig> | null | undefined): ShellConfig {
  if (!config) return defaultShellConfig;
  return {
    skin: skinOf(config.skin),
    versionTitle: text(config.versionTitle),
    assistantUrl: text(config.assistantUrl),
    assistantServiceId: text(config.assistantServiceId),
    contextMenuEnabled: config.contextMenuEnabled === true,
  };
}
