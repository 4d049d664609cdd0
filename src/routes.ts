// The one route table of the console (spec §2): every route with its URL, title (i18n key in the shell
// namespace), permission flag (the module number the server menu uses for it), layout and lazy screen.
//
// URLs. The server menu links each item to "/" + moduleNumber, so the children of the main layout (/layout in
// §2) live at /<moduleNumber> (/historyEvent, /edgeDevice/box), and the white-layout children (/layoutWhite) at
// /<key> too. /layout/<key> and /layoutWhite/<key> stay valid as aliases: they redirect to /<key>.
// /algorithmProduction keeps its children under it (/algorithmProduction/train: the menu's module numbers say so),
// and the two extra route sets keep theirs (/alarmCenter/historyEvent, /config_center/deviceConfig).
//
// Router sets. §2 names two: the default one and the custom-skin one (system config `skin`: normal | custom).
// They differ only in the showcase routes, the /layoutWhite children (see `routerSet`):
//   normal  /secondIdentify is the stand-alone top-level page (it precedes the white-layout child in §2);
//           /deviceConfigOfflineEventWhite and /secondIdentify get the white body style.
//   custom  the showcase routes, /secondIdentify included, open in the white layout (its own white frame), and
//           no route changes the body: the custom skin is light throughout.
import type { Namespace } from './i18n/languages.ts';
import { provideRoutes } from './app/routeIndex.ts';
import type { Layout, RouteEntry, RouteTitleKey, ScreenLoader } from './routeTypes.ts';

// The shapes and pure rules of the table, for the modules that imported them from here.
export type { Area, Layout, ResolvedRoute, RouteEntry, RouteHandle, RouteTitleKey, ScreenLoader, ScreenModule, Skin } from './routeTypes.ts';
export { aliasTarget, LAYOUT_ALIASES, skinOf } from './routeTypes.ts';
export { flattenRoutes, permissionKeys, routerSet } from './app/routeIndex.ts';

const home: ScreenLoader = () => import('./screens/home/HomeScreen.tsx');
const flow: ScreenLoader = () => import('./screens/stats/FlowScreen.tsx');

/** A main-layout screen with its own module. */
function screen(key: string, titleKey: RouteTitleKey, load: ScreenLoader, namespaces?: Namespace[]): RouteEntry {
  return { id: key, path: `/${key}`, titleKey, permission: key, layout: 'main', screen: load, namespaces };
}

const trainingScreen: ScreenLoader = () => import('./screens/training/TrainingScreen.tsx');

/** The training wizard: the same screen at /algorithmProduction/train, /secondIdentify and its white-layout twin. */
function trainingWizard(key: string, titleKey: RouteTitleKey, layout: Layout, extra: Partial<RouteEntry> = {}): RouteEntry {
  return { id: key, path: `/${key}`, titleKey, permission: key, layout, screen: trainingScreen, namespaces: ['training'], ...extra };
}

const topLevel: RouteEntry[] = [
  { id: 'root', path: '/', titleKey: 'login', public: true, layout: 'none', redirect: '/login' },
  { id: 'login', path: '/login', titleKey: 'login', public: true, layout: 'none', screen: () => import('./screens/auth/LoginScreen.tsx'), namespaces: ['auth'] },
  {
    id: 'thirdLogin',
    path: '/thirdLogin',
    titleKey: 'thirdLogin',
    public: true,
    layout: 'none',
    screen: () => import('./screens/shell/ThirdLoginScreen.tsx'), namespaces: ['shell'],
  },
  {
    id: 'indexMall',
    path: '/indexMall',
    titleKey: 'indexMall',
    public: true,
    layout: 'none',
    screen: () => import('./screens/portal/NavigationScreen.tsx'), namespaces: ['portal', 'shell'],
  },
  {
    id: 'navigation',
    path: '/navigation',
    titleKey: 'navigation',
    public: true,
    layout: 'none',
    screen: () => import('./screens/portal/NavigationScreen.tsx'), namespaces: ['portal', 'shell'],
  },
  { id: 'portal', path: '/portal', titleKey: 'portal', public: true, layout: 'none', screen: () => import('./screens/portal/PortalScreen.tsx'), namespaces: ['portal', 'shell'] },
  {
    id: 'cooperate',
    path: '/cooperate',
    titleKey: 'cooperate',
    public: true,
    layout: 'none',
    screen: () => import('./screens/portal/CooperateScreen.tsx'), namespaces: ['portal', 'shell'],
  },
  {
    id: 'deviceConfigOfflineEventThird',
    path: '/deviceConfigOfflineEventThird',
    titleKey: 'deviceConfigOfflineEventThird',
    permission: 'deviceConfigOfflineEventThird',
    layout: 'none',
    keepAlive: true,
    screen: () => import('./screens/devices/DeviceConfigOfflineEventThirdScreen.tsx'), namespaces: ['devices', 'forms', 'video'],
  },
  {
    id: 'taskConfigThird',
    path: '/taskConfigThird',
    titleKey: 'taskConfigThird',
    permission: 'taskConfigThird',
    layout: 'none',
    screen: () => import('./screens/tasks/TaskConfigThirdScreen.tsx'), namespaces: ['devices', 'forms', 'tasks'],
  },
  {
    id: 'algorithmProduction',
    path: '/algorithmProduction',
    titleKey: 'algorithmProduction',
    permission: 'algorithmProduction',
    layout: 'none',
    screen: () => import('./screens/shell/AlgorithmProductionScreen.tsx'),
    // system: the New training dialog is the system screens' FormModal (its buttons' words).
    namespaces: ['training', 'system'],
    children: [
      trainingWizard('algorithmProduction/train', 'algorithmProductionTrain', 'none'),
      {
        id: 'algorithmProduction/algorithmHistory',
        path: '/algorithmProduction/algorithmHistory',
        titleKey: 'algorithmProductionHistory',
        permission: 'algorithmProduction/algorithmHistory',
        layout: 'none',
        screen: () => import('./screens/algorithms/AlgorithmHistoryScreen.tsx'), namespaces: ['algorithms'],
      },
      {
        id: 'algorithmProduction/warehouse',
        path: '/algorithmProduction/warehouse',
        titleKey: 'algorithmProductionWarehouse',
        permission: 'algorithmProduction/warehouse',
        layout: 'none',
        screen: () => import('./screens/training/WarehouseScreen.tsx'), namespaces: ['training'],
      },
    ],
  },
  trainingWizard('secondIdentify', 'secondIdentify', 'none', { whiteBody: true }),
];

const whiteLayoutChildren: RouteEntry[] = [
  {
    id: 'deviceConfigOfflineEventWhite',
    path: '/deviceConfigOfflineEventWhite',
    titleKey: 'deviceConfigOfflineEventWhite',
    permission: 'deviceConfigOfflineEventWhite',
    layout: 'white',
    whiteBody: true,
    showcase: true,
    screen: () => import('./screens/devices/DeviceConfigOfflineEventWhiteScreen.tsx'), namespaces: ['devices', 'forms', 'video'],
  },
  {
    id: 'taskConfigThirdWhite',
    path: '/taskConfigThirdWhite',
    titleKey: 'taskConfigThirdWhite',
    permission: 'taskConfigThirdWhite',
    layout: 'white',
    showcase: true,
    screen: () => import('./screens/tasks/TaskConfigThirdWhiteScreen.tsx'), namespaces: ['devices', 'forms', 'tasks'],
  },
  trainingWizard('secondIdentify', 'secondIdentify', 'white', { id: 'layoutWhite/secondIdentify', whiteBody: true, showcase: true }),
];

const mainLayoutChildren: RouteEntry[] = [
  screen('intelligent', 'intelligent', () => import('./screens/shell/IntelligentAgentScreen.tsx')),
  screen('test', 'test', home, ['stats']),
  screen('index_traffic', 'index_traffic', home, ['stats']),
  screen('index_traffic_truth', 'index_traffic_truth', home, ['stats']),
  screen('configTotal', 'configTotal', () => import('./screens/stats/ConfigTotalScreen.tsx'), ['stats']),
  screen('algorithmicSetup', 'algorithmicSetup', () => import('./screens/algorithms/AlgorithmicSetupScreen.tsx'), ['algorithms', 'system']),
  screen('setUp', 'setUp', () => import('./screens/algorithms/SetUpScreen.tsx'), ['algorithms', 'system']),
  screen('testVerify', 'testVerify', () => import('./screens/training/TestVerifyScreen.tsx'), ['training']),
  screen('historyEvent', 'historyEvent', () => import('./screens/alarms/HistoryEventScreen.tsx'), ['alarms']),
  screen('actualTimeEvent', 'actualTimeEvent', () => import('./screens/alarms/ActualTimeEventScreen.tsx'), ['alarms']),
  screen('eventProcess', 'eventProcess', () => import('./screens/alarms/EventProcessScreen.tsx'), ['alarms']),
  screen('eventVerify', 'eventVerify', () => import('./screens/alarms/EventVerifyScreen.tsx'), ['alarms']),
  screen('urgentEvent', 'urgentEvent', () => import('./screens/alarms/UrgentEventScreen.tsx'), ['alarms']),
  screen('videoPlayCenter', 'videoPlayCenter', () => import('./screens/video/VideoPlayCenterScreen.tsx'), ['video']),
  screen('deviceConfig', 'deviceConfig', () => import('./screens/devices/DeviceConfigScreen.tsx'), ['devices', 'forms', 'video']),
  screen('boxDeviceConfig', 'boxDeviceConfig', () => import('./screens/devices/BoxDeviceConfigScreen.tsx'), ['devices', 'forms']),
  screen('deviceConfigOffline', 'deviceConfigOffline', () => import('./screens/devices/DeviceConfigOfflineScreen.tsx'), ['devices', 'forms', 'video']),
  screen('deviceConfigOfflineEvent', 'deviceConfigOfflineEvent', () => import('./screens/devices/DeviceConfigOfflineEventScreen.tsx'), ['devices', 'forms', 'video']),
  screen('deviceConfigImage', 'deviceConfigImage', () => import('./screens/devices/DeviceConfigImageScreen.tsx'), ['devices', 'forms', 'video']),
  screen('taskConfig', 'taskConfig', () => import('./screens/tasks/TaskConfigScreen.tsx'), ['devices', 'forms', 'tasks']),
  screen('imgTaskConfig', 'imgTaskConfig', () => import('./screens/tasks/ImgTaskConfigScreen.tsx'), ['devices', 'forms', 'tasks', 'video']),
  screen('batchTask', 'batchTask', () => import('./screens/tasks/BatchTaskScreen.tsx'), ['forms', 'tasks']),
  screen('algorithmConfig', 'algorithmConfig', () => import('./screens/catalogue/AlgorithmConfigScreen.tsx'), ['catalogue', 'forms']),
  screen('algorithmConfigSuper', 'algorithmConfigSuper', () => import('./screens/catalogue/AlgorithmConfigScreen.tsx'), ['catalogue', 'forms']),
  screen('otherConfig', 'otherConfig', () => import('./screens/devices/OtherConfigScreen.tsx'), ['catalogue', 'devices', 'forms']),
  screen('userConfig', 'userConfig', () => import('./screens/system/UserConfigScreen.tsx'), ['system']),
  screen('roleConfig', 'roleConfig', () => import('./screens/system/RoleConfigScreen.tsx'), ['system']),
  screen('deptConfig', 'deptConfig', () => import('./screens/system/DeptConfigScreen.tsx'), ['system']),
  screen('menuConfig', 'menuConfig', () => import('./screens/system/MenuConfigScreen.tsx'), ['system']),
  screen('logoConfig', 'logoConfig', () => import('./screens/system/LogoConfigScreen.tsx'), ['system']),
  screen('logConfig', 'logConfig', () => import('./screens/system/LogConfigScreen.tsx'), ['system']),
  screen('alarmTrend', 'alarmTrend', () => import('./screens/stats/AlarmTrendScreen.tsx'), ['stats']),
  screen('resourceInfo', 'resourceInfo', () => import('./screens/stats/ResourceInfoScreen.tsx'), ['stats']),
  screen('flowTotal', 'flowTotal', flow, ['stats']),
  screen('flowUnitTotal', 'flowUnitTotal', flow, ['stats']),
  screen('flowNetworkTotal', 'flowNetworkTotal', flow, ['stats']),
  screen('flowTotalSubway', 'flowTotalSubway', flow, ['stats']),
  screen('eventStatistics', 'eventStatistics', () => import('./screens/alarms/EventStatisticsScreen.tsx'), ['alarms']),
  screen('eventStatisticsInfo', 'eventStatisticsInfo', () => import('./screens/alarms/EventStatisticsInfoScreen.tsx'), ['alarms']),
  screen('identifyTotal', 'identifyTotal', () => import('./screens/stats/IdentifyTotalScreen.tsx'), ['stats']),
  screen('algorithmMall', 'algorithmMall', () => import('./screens/catalogue/AlgorithmMallScreen.tsx'), ['catalogue']),
  screen('modalBoxPage', 'modalBoxPage', () => import('./screens/catalogue/ModelsScreen.tsx'), ['catalogue', 'forms']),
  screen('plugManage', 'plugManage', () => import('./screens/push/PlugManageScreen.tsx'), ['forms', 'push']),
  screen('activationManage', 'activationManage', () => import('./screens/licensing/ActivationManageScreen.tsx'), ['forms', 'licensing']),
  screen('modelTypeManage', 'modelTypeManage', () => import('./screens/catalogue/ModelTypesScreen.tsx'), ['catalogue', 'forms']),
  screen('modelSceneConfig', 'modelSceneConfig', () => import('./screens/catalogue/ModelScenesScreen.tsx'), ['catalogue', 'forms']),
  screen('moveManage', 'moveManage', () => import('./screens/catalogue/MoveManageScreen.tsx'), ['catalogue', 'forms']),
  screen('applyAuthorization', 'applyAuthorization', () => import('./screens/licensing/ApplyAuthorizationScreen.tsx'), ['forms', 'licensing']),
  screen('targetRetrieval', 'targetRetrieval', () => import('./screens/retrieval/TargetRetrievalScreen.tsx'), ['alarms']),
  screen('imgTagConfig', 'imgTagConfig', () => import('./screens/catalogue/ImgTagsScreen.tsx'), ['catalogue', 'forms']),
  screen('tagConfig', 'tagConfig', () => import('./screens/catalogue/TagsScreen.tsx'), ['catalogue', 'forms']),
  screen('synchroModelInfo', 'synchroModelInfo', () => import('./screens/training/SynchroModelInfoScreen.tsx'), ['training']),
  screen('edgeDevice/box', 'edgeDeviceBox', () => import('./screens/devices/EdgeDeviceBoxScreen.tsx'), ['devices', 'forms']),
  screen('boxMap', 'boxMap', () => import('./screens/devices/boxMap/BoxMapScreen.tsx'), ['devices']),
];

/** The extra route sets seen in the client (§2): same screens and permissions under a parent path. */
function routeSet(parent: string, titleKey: RouteTitleKey, children: RouteEntry[]): RouteEntry {
  return {
    id: parent,
    path: `/${parent}`,
    titleKey,
    layout: 'main',
    redirect: `/${parent}/${children[0].id}`,
    children: children.map((child) => ({ ...child, id: `${parent}/${child.id}`, path: `/${parent}/${child.id}` })),
  };
}

const byKey = (key: string) => mainLayoutChildren.find((entry) => entry.id === key)!;

const extraSets: RouteEntry[] = [
  routeSet('alarmCenter', 'alarmCenter', [byKey('actualTimeEvent'), byKey('historyEvent')]),
  routeSet('config_center', 'config_center', [byKey('algorithmConfig'), byKey('deviceConfig'), byKey('otherConfig')]),
];

/** Where a signed-in user whose role has no menu lands (not in §2: there is no main page to open). */
export const welcomeRoute: RouteEntry = { id: 'welcome', path: '/welcome', titleKey: 'welcome', layout: 'main', screen: home, namespaces: ['stats'] };

/** Every route of §2, in its order: top level, /layoutWhite children, /layout children, the extra sets. */
export const routeTable: readonly RouteEntry[] = [...topLevel, ...whiteLayoutChildren, ...mainLayoutChildren, ...extraSets, welcomeRoute];

// The modules below the table (guards, layouts, screens) read it through the route index, handed over here: the
// router imports this module before any of them asks (src/app/routeIndex.ts).
provideRoutes(routeTable);
