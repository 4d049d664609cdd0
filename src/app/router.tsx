// The route table of the console foundation (§2). Every screen loads on demand; the console-shell issue
// replaces the catch-all menu route with src/routes.ts (every route with its title, permission and layout).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { BootSplash } from './BootSplash.tsx';
import { LOGIN_PATH, NO_MENU_PATH } from './guards.ts';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: BootSplash,
    ErrorBoundary: RouteErrorScreen,
    children: [
      { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
      {
        path: LOGIN_PATH,
        lazy: async () => ({ Component: (await import('../screens/auth/LoginScreen.tsx')).default }),
      },
      {
        id: 'protected',
        lazy: async () => ({ Component: (await import('./ProtectedLayout.tsx')).default }),
        children: [
          {
            path: NO_MENU_PATH,
            lazy: async () => ({ Component: (await import('../screens/home/HomeScreen.tsx')).default }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('../screens/shell/MenuRouteScreen.tsx')).default }),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
