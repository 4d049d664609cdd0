// Shared by the system-screen and server-table tests: the browser APIs jsdom lacks that rsuite uses, the hooks of a
// file of rsuite screens, and a signed-in session (with a chosen button list) around a screen under a memory router.
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { type Bootstrap, type LoginRequest, type SignedIn, sessionMachine } from '../../src/machines/session.machine.ts';
import { bootstrap, stored } from '../machines/sessionHarness.ts';

export function installDomPolyfills(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
    Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
  }
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
}

/** A file of rsuite screens in English: the polyfills and the catalogues before its tests, a clean page after each. */
export function setUpScreenTests(): void {
  beforeAll(async () => {
    installDomPolyfills();
    await setupI18n('en', NAMESPACES);
  });
  afterEach(cleanup);
}

/** Renders `screen` at `path` for a signed-in user holding `buttons` (with system configuration overrides). */
export function renderSignedIn(
  screen: ReactElement,
  { path = '/', buttons = [] as string[], systemConfig = {} as Partial<Bootstrap['systemConfig']> } = {},
) {
  const withButtons: Bootstrap = { ...bootstrap, buttonList: buttons, systemConfig: { ...bootstrap.systemConfig, ...systemConfig } };
  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise<SignedIn, LoginRequest>(async () => stored),
        loadBootstrap: fromPromise<Bootstrap, SignedIn>(async () => withButtons),
        logout: fromPromise<void, SignedIn>(async () => {}),
      },
    }),
    { input: { stored } },
  ).start();
  const routePath = path.split('?')[0];
  const router = createMemoryRouter([{ path: routePath, element: screen }], { initialEntries: [path] });
  const view = render(
    <AppProviders session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, session };
}
