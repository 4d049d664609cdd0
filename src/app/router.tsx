// The router built from the route table (src/routes.ts). Every screen loads on demand.
//
//   root (AppRoot: page title, licence check)
//   ├─ public routes                              /login, /thirdLogin, /indexMall, /navigation, /portal, /cooperate
//   └─ protected (ProtectedLayout: token, shell config, kept-alive screens, body style, notices)
//      ├─ flex  (FlexLayout: white layout or none, by the skin's router set)   top-level and /layoutWhite routes
//      ├─ main  (MainLayout: side menu, header, breadcrumbs)                    /layout children, extra sets, 404
//      └─ /layout/*, /layoutWhite/*  → /*  (aliases)
//
// One react-router route per URL: where the two router sets disagree (/secondIdentify) the layout route decides
// at render time from the skin (routes.ts `routerSet`), so the skin can load after sign-in without a new router.
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { SHELL_NAMESPACES, withNamespaces } from '../i18n/routeNamespaces.ts';
import { aliasTarget, type RouteEntry, type RouteHandle, routeTable } from '../routes.ts';
import { AppRoot } from './AppRoot.tsx';
import { BootSplash } from './BootSplash.tsx';
import { LOGIN_PATH } from './guards.ts';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';
import { ScreenSkeleton } from './ScreenSkeleton.tsx';

/** Renders nothing: the screen of a kept-alive route is rendered by the keep-alive host (KeepAliveHost.tsx). */
function KeepAliveSlot() {
  return null;
}

function AliasRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${aliasTarget(pathname) ?? '/'}${search}${hash}`} replace />;
}

/**
 * A screen that renders its frame's place at once and itself when its chunk is in. A route's own `lazy` made the
 * router wait for the chunk before rendering anything of the route, frame included, so the first paint of a
 * signed-in page waited for the screen's code (on a phone profile, its largest chunk). The screen's i18n namespaces
 * load with its module (routeNamespaces.ts); a chunk that fails throws into the route's error boundary.
 */
function LazyScreen({ Screen }: { Screen: ComponentType }) {
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <Screen />
    </Suspense>
  );
}

export function routeObject(entry: RouteEntry): RouteObject {
  const handle: RouteHandle = { path: entry.path };
  const children = (entry.children ?? []).map(routeObject);
  if (entry.redirect) {
    return { path: entry.path, handle, children: [{ index: true, element: <Navigate to={entry.redirect} replace /> }, ...children] };
  }
  if (entry.keepAlive) return { path: entry.path, handle, Component: KeepAliveSlot, children };
  const load = entry.screen;
  return {
    path: entry.path,
    handle,
    // A screen that fails shows its error inside the layout: the menu and header stay usable.
    ErrorBoundary: RouteErrorScreen,
    // A public page (/login) has no frame to paint first: the router waits for its screen, showing the boot splash.
    ...(load && entry.public ? { lazy: async () => ({ Component: (await withNamespaces(load, entry.namespaces)).default }) } : {}),
    ...(load && !entry.public ? { element: <LazyScreen Screen={lazy(() => withNamespaces(load, entry.namespaces))} /> } : {}),
    children: children.length > 0 ? children : undefined,
  };
}

/** The top-level entries of a kind, one per URL (the first of a URL; its twin is resolved by the skin). */
function entriesWhere(test: (entry: RouteEntry) => boolean): RouteEntry[] {
  const seen = new Set<string>();
  return routeTable.filter((entry) => {
    if (!test(entry) || seen.has(entry.path)) return false;
    seen.add(entry.path);
    return true;
  });
}

const isRootRedirect = (entry: RouteEntry) => entry.id === 'root';

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    HydrateFallback: BootSplash,
    ErrorBoundary: RouteErrorScreen,
    children: [
      { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
      ...entriesWhere((entry) => entry.public === true && !isRootRedirect(entry)).map(routeObject),
      {
        id: 'protected',
        lazy: async () => ({ Component: (await withNamespaces(() => import('./ProtectedLayout.tsx'), SHELL_NAMESPACES)).default }),
        children: [
          {
            id: 'flex',
            lazy: async () => ({ Component: (await import('./layouts/FlexLayout.tsx')).default }),
            children: entriesWhere((entry) => !entry.public && entry.layout !== 'main').map(routeObject),
          },
          {
            id: 'main',
            lazy: async () => ({ Component: (await import('./layouts/MainLayout.tsx')).default }),
            children: [
              ...entriesWhere((entry) => entry.layout === 'main').map(routeObject),
              { path: '*', lazy: async () => ({ Component: (await import('../screens/shell/NotFoundScreen.tsx')).default }) },
            ],
          },
          { path: '/layout/*', Component: AliasRedirect },
          { path: '/layoutWhite/*', Component: AliasRedirect },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
