// Calls of the system name and logo screen (contract tag config). Quiet: the screen shows failures in place.
import { api, orThrow } from '../../../api/client.ts';
import type { PageLogo, PageTitle } from '../../../api/schema.gen.ts';

export type { PageLogo, PageTitle };

const quiet = true;

/** The system configuration keys this screen edits (updateSystemConfig). */
export interface SystemSettings {
  systemName: string;
  versionTitle: string;
  /** The person who dealt with an alarm cannot check it. */
  checkerNotHandler: boolean;
}

export interface LogoSettings extends SystemSettings {
  logo: PageTitle;
}

export async function loadLogoSettings(signal?: AbortSignal): Promise<LogoSettings> {
  const [title, config] = await Promise.all([
    orThrow(api.post('/config/getTitle', { signal, quiet })),
    orThrow(api.post('/config/selectAllConfigMap', { signal, quiet })),
  ]);
  return {
    logo: title ?? { type: 'text', desc: '', imageBig: '', imageLittle: '', systemName: '' },
    systemName: config?.systemName ?? '',
    versionTitle: config?.versionTitle ?? '',
    checkerNotHandler: config?.checkerNotHandler === true,
  };
}

export async function saveLogo(body: PageLogo): Promise<void> {
  await orThrow(api.post('/config/title', { body, quiet }));
}

export async function saveSystemSettings(body: Partial<SystemSettings>): Promise<void> {
  await orThrow(api.put('/config/updateConfigMap', { body, quiet }));
}
