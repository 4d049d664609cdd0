// Boot: runtime config and the language first (the first screen's code and texts loading alongside), then the
// session (restoring a stored sign-in), then the router.
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installApiMiddleware } from './api/client.ts';
import { loadingCalls } from './api/loading.ts';
import { AppProviders } from './app/AppProviders.tsx';
import { installContextMenuRule } from './app/contextMenu.ts';
import { notify, notifyError } from './app/notify.ts';
import { prefetchInitialRoute } from './app/initialRoute.ts';
import { createAppRouter } from './app/router.tsx';
import { loadRuntimeConfig, runtimeConfig } from './app/runtimeConfig.ts';
import { createSessionActor, onSessionExpired } from './app/sessionService.ts';
import { storedToken } from './app/storedSession.ts';
import './app/app.css';
import { BASE_NAMESPACES } from './i18n/routeNamespaces.ts';
import { setupI18n } from './i18n/setup.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot() {
  const firstScreenNamespaces = prefetchInitialRoute(window.location.pathname);
  const [config] = await Promise.all([loadRuntimeConfig(), setupI18n(undefined, [...BASE_NAMESPACES, ...firstScreenNamespaces])]);
  installContextMenuRule(config.contextMenu);

  const session = createSessionActor();
  installApiMiddleware({
    baseUrl: () => runtimeConfig().baseUrl,
    origin: () => window.location.origin,
    token: () => storedToken(),
    language: () => i18next.language,
    onExpired: (message, tone) => session.send({ type: 'EXPIRED', message, tone }),
    notifyError,
    text: ({ key, ...values }) => i18next.t(`request.${key}`, { ns: 'errors', ...values }),
    loading: loadingCalls,
  });
  onSessionExpired(session, (message, tone) => notify(tone, message || i18next.t('request.sessionEnded', { ns: 'errors' })));
  session.start();
  // A stored sign-in is being restored: its requests (the menu, the config, the title …) are issued once the
  // current task's microtasks have run. Building the router and the root takes ~16 ms of main thread here (about
  // four times that on a phone); done in the same task, it held those requests back that long. In the next task,
  // it runs while they are on the wire.
  await nextTask();

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <AppProviders session={session}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}

void boot();
