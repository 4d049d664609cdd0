// Every URL of the console's route table (src/routes.ts), in the spec's order, with the key of its title in the
// shell catalogue: the unit test checks the table serves exactly these; the browser test visits each of them.
// (A list of its own because the browser tests are compiled for Node, where the table's lazy screens — .tsx
// modules — cannot be imported.)

const mainLayoutKeys = [
  'intelligent', 'test', 'index_traffic', 'index_traffic_truth', 'configTotal', 'algorithmicSetup', 'setUp', 'testVerify',
  'historyEvent', 'actualTimeEvent', 'eventProcess', 'eventVerify', 'urgentEvent', 'videoPlayCenter', 'deviceConfig',
  'boxDeviceConfig', 'deviceConfigOffline', 'deviceConfigOfflineEvent', 'deviceConfigImage', 'taskConfig', 'imgTaskConfig',
  'batchTask', 'algorithmConfig', 'algorithmConfigSuper', 'otherConfig', 'userConfig', 'roleConfig', 'deptConfig',
  'menuConfig', 'logoConfig', 'logConfig', 'alarmTrend', 'resourceInfo', 'flowTotal', 'flowUnitTotal', 'flowNetworkTotal',
  'flowTotalSubway', 'eventStatistics', 'eventStatisticsInfo', 'identifyTotal', 'algorithmMall', 'modalBoxPage',
  'plugManage', 'activationManage', 'modelTypeManage', 'modelSceneConfig', 'moveManage', 'applyAuthorization',
  'targetRetrieval', 'imgTagConfig', 'tagConfig', 'synchroModelInfo', 'edgeDevice/box', 'boxMap',
];

export type ShellLayout = 'public' | 'none' | 'white' | 'main' | 'redirect';

export interface ShellRoute {
  path: string;
  /** Key under "routes" in src/i18n/<language>/shell.json. */
  titleKey: string;
  layout: ShellLayout;
}

const route = (path: string, titleKey: string, layout: ShellLayout): ShellRoute => ({ path, titleKey, layout });

export const SHELL_ROUTES: ShellRoute[] = [
  route('/', 'login', 'redirect'),
  route('/login', 'login', 'public'),
  route('/thirdLogin', 'thirdLogin', 'public'),
  route('/indexMall', 'indexMall', 'public'),
  route('/navigation', 'navigation', 'public'),
  route('/portal', 'portal', 'public'),
  route('/cooperate', 'cooperate', 'public'),
  route('/deviceConfigOfflineEventThird', 'deviceConfigOfflineEventThird', 'none'),
  route('/taskConfigThird', 'taskConfigThird', 'none'),
  route('/algorithmProduction', 'algorithmProduction', 'none'),
  route('/algorithmProduction/train', 'algorithmProductionTrain', 'none'),
  route('/algorithmProduction/algorithmHistory', 'algorithmProductionHistory', 'none'),
  route('/algorithmProduction/warehouse', 'algorithmProductionWarehouse', 'none'),
  route('/secondIdentify', 'secondIdentify', 'none'), // normal skin; the custom skin frames it in the white layout
  route('/deviceConfigOfflineEventWhite', 'deviceConfigOfflineEventWhite', 'white'),
  route('/taskConfigThirdWhite', 'taskConfigThirdWhite', 'white'),
  ...mainLayoutKeys.map((key) => route(`/${key}`, key === 'edgeDevice/box' ? 'edgeDeviceBox' : key, 'main')),
  route('/alarmCenter', 'alarmCenter', 'redirect'),
  route('/alarmCenter/actualTimeEvent', 'actualTimeEvent', 'main'),
  route('/alarmCenter/historyEvent', 'historyEvent', 'main'),
  route('/config_center', 'config_center', 'redirect'),
  route('/config_center/algorithmConfig', 'algorithmConfig', 'main'),
  route('/config_center/deviceConfig', 'deviceConfig', 'main'),
  route('/config_center/otherConfig', 'otherConfig', 'main'),
  route('/welcome', 'welcome', 'main'),
];
