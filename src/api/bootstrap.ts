// What the console loads after a sign-in (§4): the menu (/user/nav), the system config (its audioUrl is the alarm
// sound), the alarm dialog position, the system title, and the search properties built from the local attribute
// dictionaries. The menu and the config are needed to show anything; the dialog position falls back to its default.
import type { SearchProperties } from '../domain/attributeDictionary.ts';
import { type AlarmDialogPosition, type Bootstrap, DEFAULT_ALARM_DIALOG_POSITION } from '../machines/session.machine.ts';
import type { NavData, PageTitle, SystemConfig } from './types.ts';

export interface BootstrapLoaders {
  nav(): Promise<NavData>;
  systemConfig(): Promise<SystemConfig>;
  alarmDialogPosition(): Promise<AlarmDialogPosition>;
  title(): Promise<PageTitle | null>;
  searchProperties(): Promise<SearchProperties>;
}

export async function loadBootstrap(loaders: BootstrapLoaders): Promise<Bootstrap> {
  const [nav, systemConfig, alarmDialogPosition, title, searchProperties] = await Promise.all([
    loaders.nav(),
    loaders.systemConfig(),
    loaders.alarmDialogPosition().catch(() => DEFAULT_ALARM_DIALOG_POSITION),
    loaders.title().catch(() => null),
    loaders.searchProperties(),
  ]);
  return {
    menuList: nav.menuList,
    buttonList: nav.buttonList,
    userinfo: nav.userinfo,
    title,
    systemConfig,
    // A sound the server says is missing is not requested (a failed load is a console error): the beep plays.
    audioUrl: systemConfig.audioAvailable === false ? '' : systemConfig.audioUrl,
    alarmDialogPosition,
    searchProperties,
  };
}

let searchProperties: Promise<SearchProperties> | null = null;

/**
 * Built once per page (the dictionaries do not change while it runs), from a chunk of its own: the dictionaries
 * are needed only after sign-in, so the login route does not carry them.
 */
export function localSearchProperties(): Promise<SearchProperties> {
  searchProperties ??= import('../domain/attributeDictionary.ts').then((dictionary) => dictionary.buildSearchProperties());
  return searchProperties;
}
