// Boot: runtime config and the language first, then the session (restoring a stored sign-in), then the router.
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installApiMiddleware } from './api/client.ts';
import { AppProviders } from './app/AppProviders.tsx';
import { installContextMenuRule } from './app/contextMenu.ts';
import { notifyError, notifyWarning } from './app/notify.ts';
import { createAppRouter } from './app/router.tsx';
import { loadRuntimeConfig, runtimeConfig } from './app/runtimeConfig.ts';
import { createSessionActor, onSessionExpired } from './app/sessionService.ts';
import { storedToken } from './app/storedSession.ts';
import './app/app.css';
import { setupI18n } from './i18n/setup.ts';

async function boot() {
  const [config] = await Promise.all([loadRuntimeConfig(), setupI18n()]);
  installContextMenuRule(config.contextMenu);

  const session = createSessionActor();
  installApiMiddleware({
    baseUrl: () => runtimeConfig().baseUrl,
    origin: () => window.location.origin,
    token: () => storedToken(),
    language: () => i18next.language,
    onExpired: (message) => session.send({ type: 'EXPIRED', message }),
    notifyError: (message) => notifyError(message || i18next.t('errors.requestFailed', { code: '?' })),
    connectionFailedMessage: () => i18next.t('errors.connectionFailed'),
  });
  onSessionExpired(session, (message) => notifyWarning(message || i18next.t('session.expired')));
  session.start();

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
