// Default configuration values (spec §3, §9) the server seeds and falls back to.
export const defaultSystemConfig: Record<string, string> = {
  // Empty: the console shows the product's own name in each user's language (an administrator's name stays as typed).
  systemName: '',
  versionTitle: 'Argus V1.0',
  contextMenuEnabled: 'false',
  assistantUrl: '/assistant/index.html',
  assistantServiceId: 'argus-assistant',
  websocketServer: '',
  websocketPort: '',
  mapLatitude: '22.5464',
  mapLongitude: '114.0593',
  mapZoom: '12',
  titleWordReplacements: '{}',
  audioUrl: '/audio/alarm.wav',
  skin: 'normal',
  // 1 traffic, 2 general; the contract's default. The demo seed overrides it (demoSiteConfig).
  sceneType: '2',
  // The person who dealt with an alarm may also check it, unless the site turns this on.
  checkerNotHandler: 'false',
  // Statistics count simulated alarms only when the user asks; the demo seed turns it on (demoSiteConfig).
  statsIncludeSimulated: 'false',
  // Empty: the system name shows (a display name set here would be shown instead of it, §2).
  logoDesc: '',
  logoType: 'text',
  logoImageBig: '',
  logoImageLittle: '',
};

/** What the demo site sets on top of the defaults: it is a traffic site, its alarms are all simulated, and checks
 * are done by a second person. */
export const demoSiteConfig: Record<string, string> = {
  sceneType: '1',
  statsIncludeSimulated: 'true',
  // Four eyes: the demo shows the check done by someone other than the handler.
  checkerNotHandler: 'true',
};

export const defaultCityConfig: Record<string, string> = {
  noMoreShow: '0',
  alarmAudio: '1',
  alarmDialogPosition: '1',
};
