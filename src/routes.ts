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

const placeholder: ScreenLoader = () => import('./screens/shell/PlaceholderScreen.tsx');
const home: ScreenLoader = () => import('./screens/home/HomeScreen.tsx');

/** A screen a later issue delivers (one shared chunk that reads its area from the route). */
function later(key: string, titleKey: RouteTitleKey, area: Area, layout: Layout = 'main', extra: Partial<RouteEntry> = {}): RouteEntry {
  return { id: key, path: `/${key}`, titleKey, permission: key, layout, area, screen: placeholder, ...extra };
}

/** A main-layout screen with its own module. */
function screen(key: string, titleKey: RouteTitleKey, load: ScreenLoader): RouteEntry {
  return { id: key, path: `/${key}`, titleKey, permission: key, layout: 'main', screen: load };
}

const topLevel: RouteEntry[] = [
  { id: 'root', path: '/', titleKey: 'login', public: true, layout: 'none', redirect: '/login' },
  { id: 'login', path: '/login', titleKey: 'login', public: true, layout: 'none', screen: () => import('./screens/auth/LoginScreen.tsx') },
  {
    id: 'thirdLogin',
    path: '/thirdLogin',
    titleKey: 'thirdLogin',
    public: true,
    layout: 'none',
    screen: () => import('./screens/shell/ThirdLoginScreen.tsx'),
  },
  {
    id: 'indexMall',
    path: '/indexMall',
    titleKey: 'indexMall',
    public: true,
    layout: 'none',
    screen: () => import('./screens/portal/NavigationScreen.tsx'),
  },
  {
    id: 'navigation',
    path: '/navigation',
    titleKey: 'navigation',
    public: true,
    layout: 'none',
    screen: () => import('./screens/portal/NavigationScreen.tsx'),
  },
  { id: 'portal', path: '/portal', titleKey: 'portal', public: true, layout: 'none', screen: () => import('./screens/portal/PortalScreen.tsx') },
  {
    id: 'cooperate',
    path: '/cooperate',
    titleKey: 'cooperate',
    public: true,
    layout: 'none',
    screen: () => import('./screens/portal/CooperateScreen.tsx'),
  },
  {
    id: 'deviceConfigOfflineEventThird',
    path: '/deviceConfigOfflineEventThird',
    titleKey: 'deviceConfigOfflineEventThird',
    permission: 'deviceConfigOfflineEventThird',
    layout: 'none',
    keepAlive: true,
    screen: () => import('./screens/devices/DeviceConfigOfflineEventThirdScreen.tsx'),
  },
  {
    id: 'taskConfigThird',
    path: '/taskConfigThird',
    titleKey: 'taskConfigThird',
    permission: 'taskConfigThird',
    layout: 'none',
    screen: () => import('./screens/tasks/TaskConfigThirdScreen.tsx'),
  },
  {
    id: 'algorithmProduction',
    path: '/algorithmProduction',
    titleKey: 'algorithmProduction',
    permission: 'algorithmProduction',
    layout: 'none',
    area: 'training',
    screen: () => import('./screens/shell/AlgorithmProductionScreen.tsx'),
    children: [
      later('algorithmProduction/train', 'algorithmProductionTrain', 'training', 'none'),
      {
        id: 'algorithmProduction/algorithmHistory',
        path: '/algorithmProduction/algorithmHistory',
        titleKey: 'algorithmProductionHistory',
        permission: 'algorithmProduction/algorithmHistory',
        layout: 'none',
        screen: () => import('./screens/algorithms/AlgorithmHistoryScreen.tsx'),
      },
      later('algorithmProduction/warehouse', 'algorithmProductionWarehouse', 'training', 'none'),
    ],
  },
  later('secondIdentify', 'secondIdentify', 'training', 'none', { whiteBody: true }),
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
    screen: () => import('./screens/devices/DeviceConfigOfflineEventWhiteScreen.tsx'),
  },
  {
    id: 'taskConfigThirdWhite',
    path: '/taskConfigThirdWhite',
    titleKey: 'taskConfigThirdWhite',
    permission: 'taskConfigThirdWhite',
    layout: 'white',
    showcase: true,
    screen: () => import('./screens/tasks/TaskConfigThirdWhiteScreen.tsx'),
  },
  later('secondIdentify', 'secondIdentify', 'training', 'white', { id: 'layoutWhite/secondIdentify', whiteBody: true, showcase: true }),
];

const mainLayoutChildren: RouteEntry[] = [
  screen('intelligent', 'intelligent', () => import('./screens/shell/IntelligentAgentScreen.tsx')),
  screen('test', 'test', home),
  screen('index_traffic', 'index_traffic', home),
  screen('index_traffic_truth', 'index_traffic_truth', home),
  later('configTotal', 'configTotal', 'stats'),
  screen('algorithmicSetup', 'algorithmicSetup', () => import('./screens/algorithms/AlgorithmicSetupScreen.tsx')),
  screen('setUp', 'setUp', () => import('./screens/algorithms/SetUpScreen.tsx')),
  later('testVerify', 'testVerify', 'algorithms'),
  screen('historyEvent', 'historyEvent', () => import('./screens/alarms/HistoryEventScreen.tsx')),
  screen('actualTimeEvent', 'actualTimeEvent', () => import('./screens/alarms/ActualTimeEventScreen.tsx')),
  screen('eventProcess', 'eventProcess', () => import('./screens/alarms/EventProcessScreen.tsx')),
  screen('eventVerify', 'eventVerify', () => import('./screens/alarms/EventVerifyScreen.tsx')),
  screen('urgentEvent', 'urgentEvent', () => import('./screens/alarms/UrgentEventScreen.tsx')),
  later('videoPlayCenter', 'videoPlayCenter', 'video'),
  screen('deviceConfig', 'deviceConfig', () => import('./screens/devices/DeviceConfigScreen.tsx')),
  screen('boxDeviceConfig', 'boxDeviceConfig', () => import('./screens/devices/BoxDeviceConfigScreen.tsx')),
  screen('deviceConfigOffline', 'deviceConfigOffline', () => import('./screens/devices/DeviceConfigOfflineScreen.tsx')),
  screen('deviceConfigOfflineEvent', 'deviceConfigOfflineEvent', () => import('./screens/devices/DeviceConfigOfflineEventScreen.tsx')),
  screen('deviceConfigImage', 'deviceConfigImage', () => import('./screens/devices/DeviceConfigImageScreen.tsx')),
  screen('taskConfig', 'taskConfig', () => import('./screens/tasks/TaskConfigScreen.tsx')),
  screen('imgTaskConfig', 'imgTaskConfig', () => import('./screens/tasks/ImgTaskConfigScreen.tsx')),
  screen('batchTask', 'batchTask', () => import('./screens/tasks/BatchTaskScreen.tsx')),
  screen('algorithmConfig', 'algorithmConfig', () => import('./screens/catalogue/AlgorithmConfigScreen.tsx')),
  screen('algorithmConfigSuper', 'algorithmConfigSuper', () => import('./screens/catalogue/AlgorithmConfigScreen.tsx')),
  screen('otherConfig', 'otherConfig', () => import('./screens/devices/OtherConfigScreen.tsx')),
  screen('userConfig', 'userConfig', () => import('./screens/system/UserConfigScreen.tsx')),
  screen('roleConfig', 'roleConfig', () => import('./screens/system/RoleConfigScreen.tsx')),
  screen('deptConfig', 'deptConfig', () => import('./screens/system/DeptConfigScreen.tsx')),
  screen('menuConfig', 'menuConfig', () => import('./screens/system/MenuConfigScreen.tsx')),
  screen('logoConfig', 'logoConfig', () => import('./screens/system/LogoConfigScreen.tsx')),
  screen('logConfig', 'logConfig', () => import('./screens/system/LogConfigScreen.tsx')),
  later('alarmTrend', 'alarmTrend', 'stats'),
  later('resourceInfo', 'resourceInfo', 'stats'),
  later('flowTotal', 'flowTotal', 'stats'),
  later('flowUnitTotal', 'flowUnitTotal', 'stats'),
  later('flowNetworkTotal', 'flowNetworkTotal', 'stats'),
  later('flowTotalSubway', 'flowTotalSubway', 'stats'),
  screen('eventStatistics', 'eventStatistics', () => import('./screens/alarms/EventStatisticsScreen.tsx')),
  screen('eventStatisticsInfo', 'eventStatisticsInfo', () => import('./screens/alarms/EventStatisticsInfoScreen.tsx')),
  later('identifyTotal', 'identifyTotal', 'stats'),
  screen('algorithmMall', 'algorithmMall', () => import('./screens/catalogue/AlgorithmMallScreen.tsx')),
  screen('modalBoxPage', 'modalBoxPage', () => import('./screens/catalogue/ModelsScreen.tsx')),
  later('plugManage', 'plugManage', 'systemSettings'),
  later('activationManage', 'activationManage', 'licensing'),
  screen('modelTypeManage', 'modelTypeManage', () => import('./screens/catalogue/ModelTypesScreen.tsx')),
  screen('modelSceneConfig', 'modelSceneConfig', () => import('./screens/catalogue/ModelScenesScreen.tsx')),
  screen('moveManage', 'moveManage', () => import('./screens/catalogue/MoveManageScreen.tsx')),
  later('applyAuthorization', 'applyAuthorization', 'licensing'),
  later('targetRetrieval', 'targetRetrieval', 'algorithms'),
  screen('imgTagConfig', 'imgTagConfig', () => import('./screens/catalogue/ImgTagsScreen.tsx')),
  screen('tagConfig', 'tagConfig', () => import('./screens/catalogue/TagsScreen.tsx')),
  later('synchroModelInfo', 'synchroModelInfo', 'training'),
  screen('edgeDevice/box', 'edgeDeviceBox', () => import('./screens/devices/EdgeDeviceBoxScreen.tsx')),
  later('boxMap', 'boxMap', 'devices'),
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
export const welcomeRoute: RouteEntry = { id: 'welcome', path: '/welcome', titleKey: 'welcome', layout: 'main', screen: home };

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
