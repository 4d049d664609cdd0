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
import type { ComponentType } from 'react';
import type { Namespace } from './i18n/languages.ts';
import type shellCatalogue from './i18n/zh-CN/shell.json';

export type Layout = 'main' | 'white' | 'none';
export type Skin = 'normal' | 'custom';
export type RouteTitleKey = keyof (typeof shellCatalogue)['routes'];
/** The product area a screen belongs to; a screen a later issue delivers shows a page naming its area. */
export type Area = keyof (typeof shellCatalogue)['areas'];

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

export interface RouteEntry {
  /** Unique in the table ("layoutWhite/secondIdentify" for the white-layout twin of /secondIdentify). */
  id: string;
  /** The URL path (canonical; absolute). */
  path: string;
  titleKey: RouteTitleKey;
  /** The module number a user must hold (§6); absent on public routes, layouts and redirects. */
  permission?: string;
  /** Opens without a token (§2). */
  public?: boolean;
  layout: Layout;
  screen?: ScreenLoader;
  /**
   * The i18n namespaces the screen uses beyond the base ones (common, errors) and, behind sign-in, the shell's:
   * loaded together with the screen (tests/unit/routeNamespaces.test.ts checks the list against the code).
   */
  namespaces?: Namespace[];
  /** Screens later issues deliver: the page names this area. */
  area?: Area;
  /** §4: the cached page list (kept mounted while the user is elsewhere). */
  keepAlive?: boolean;
  /** §2: white body style when the skin is normal. */
  whiteBody?: boolean;
  /** The showcase routes (the /layoutWhite children), which the custom skin opens in the white layout. */
  showcase?: boolean;
  /** A route that only forwards (/ → /login, /alarmCenter → its first child). */
  redirect?: string;
  children?: RouteEntry[];
}

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
    namespaces: ['training'],
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

/** The table flattened (children after their parent). */
export function flattenRoutes(entries: readonly RouteEntry[] = routeTable): RouteEntry[] {
  return entries.flatMap((entry) => [entry, ...flattenRoutes(entry.children ?? [])]);
}

/** What each react-router route carries (its `handle`): the table path it serves. */
export interface RouteHandle {
  path: string;
}

/** A route as one router set serves it: the entry that owns the URL and the layout it opens in. */
export interface ResolvedRoute {
  entry: RouteEntry;
  layout: Layout;
  /** The body gets the white style on this route. */
  whiteBody: boolean;
}

/**
 * The router set of a skin: one route per URL. In the default set the first entry of a URL wins (the top-level
 * /secondIdentify precedes its white-layout twin); in the custom-skin set the showcase entries win and open in the
 * white layout. The white body style applies in the normal skin only.
 */
export function routerSet(skin: Skin): Map<string, ResolvedRoute> {
  const set = new Map<string, ResolvedRoute>();
  for (const entry of flattenRoutes()) {
    const showcaseWins = skin === 'custom' && entry.showcase === true;
    if (set.has(entry.path) && !showcaseWins) continue;
    set.set(entry.path, { entry, layout: entry.layout, whiteBody: skin === 'normal' && entry.whiteBody === true });
  }
  return set;
}

/** The skin named by the system config; anything else is the default skin. */
export function skinOf(value: unknown): Skin {
  return value === 'custom' ? 'custom' : 'normal';
}

/** Aliases of §2's layout paths: /layout/<key> and /layoutWhite/<key> → /<key> (query and hash kept). */
export const LAYOUT_ALIASES = ['/layout', '/layoutWhite'] as const;

export function aliasTarget(pathname: string): string | null {
  for (const prefix of LAYOUT_ALIASES) {
    if (pathname === prefix || pathname === `${prefix}/`) return '/';
    if (pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length);
  }
  return null;
}

/** The route keys of the table that a permission can govern (the module numbers its routes carry). */
export function permissionKeys(): Set<string> {
  return new Set(flattenRoutes().flatMap((entry) => (entry.permission ? [entry.permission] : [])));
}
