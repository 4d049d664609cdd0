// The route table with its guards, rendered in jsdom around a session whose server calls are fakes:
// where each kind of visitor lands, the login form's checks, and the expiry redirect after 1.5 s.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { appRoutes } from '../../src/app/router.tsx';
import { setupI18n } from '../../src/i18n/setup.ts';
import { type Bootstrap, type Credentials, type LoginRequest, type SignedIn, sessionMachine } from '../../src/machines/session.machine.ts';
import { flattenRoutes } from '../../src/routes.ts';
import { bootstrap as fakeBootstrap, signedIn, stored } from '../machines/sessionHarness.ts';

vi.mock('../../src/api/config.ts', () => ({
  fetchPageTitle: async () => ({ type: 'text', desc: '', imageBig: '', imageLittle: '', systemName: 'Argus Test Site' }),
}));

// A menu route of the table (its own content is tested elsewhere): the shell titles it by the menu.
const screenEntry = flattenRoutes().find((entry) => entry.path === '/synchroModelInfo')!;
const screenKey = screenEntry.path.slice(1);
const screenHeading = () => screen.findByRole('heading', { level: 1, name: 'Versions screen' });

const menuBootstrap: Bootstrap = {
  ...fakeBootstrap,
  menuList: [
    {
      ...fakeBootstrap.menuList[0],
      children: [
        { ...fakeBootstrap.menuList[0], id: 2, moduleNumber: 'index_traffic', moduleNameEn: 'Traffic home', children: [] },
        { ...fakeBootstrap.menuList[0], id: 3, moduleNumber: screenKey, moduleNameEn: 'Versions screen', children: [] },
      ],
    },
  ],
};

function start(path: string, storedSession: SignedIn | null, loginResult?: (c: Credentials) => Promise<SignedIn>) {
  const clock = new SimulatedClock();
  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise<SignedIn, LoginRequest>(({ input }) =>
          loginResult && input.kind === 'password' ? loginResult(input.credentials) : Promise.resolve(signedIn),
        ),
        loadBootstrap: fromPromise<Bootstrap, SignedIn>(async () => menuBootstrap),
        logout: fromPromise<void, SignedIn>(async () => {}),
      },
    }),
    { input: { stored: storedSession }, clock },
  ).start();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { session, router, clock };
}

beforeAll(async () => {
  await setupI18n('en');
});

afterEach(cleanup);

describe('routes and guards', () => {
  it('sends a visitor without a session from a protected path to /login', async () => {
    const { router } = start(`/${screenKey}`, null);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Argus Test Site')).toBeTruthy();
  });

  it('redirects / to /login', async () => {
    const { router } = start('/', null);
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user opening /login to the main menu page', async () => {
    const { router } = start('/login', stored);
    expect(await screen.findByRole('heading', { level: 1, name: 'Traffic home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/index_traffic');
  });

  it("shows a menu route's screen, titled by the menu", async () => {
    start(`/${screenKey}`, stored);
    expect(await screenHeading()).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Versions screen' })).toBeTruthy();
  });

  it('says so for a path that is not in the menu', async () => {
    start('/noSuchScreen', stored);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('requires both fields before signing in, then lands on the main page', async () => {
    const attempts: Credentials[] = [];
    const { router } = start('/login', null, async (credentials) => {
      attempts.push(credentials);
      return signedIn;
    });
    const submit = await screen.findByRole('button', { name: 'Sign in' });
    fireEvent.click(submit);
    expect(await screen.findByText('Enter your username')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(attempts).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' admin ' } });
    expect(screen.queryByText('Enter your username')).toBeNull();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Argus@2026' } });
    fireEvent.submit(submit.closest('form')!);
    await screen.findByRole('heading', { level: 1, name: 'Traffic home' });
    expect(attempts).toEqual([{ username: 'admin', password: 'Argus@2026' }]);
    expect(router.state.location.pathname).toBe('/index_traffic');
  });

  it('shows the server message when signing in fails and stays on /login', async () => {
    const { router } = start('/login', null, async () => {
      throw new Error('Wrong username or password');
    });
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps the screen while the expiry message shows, then goes to /login after 1.5 s', async () => {
    const { session, router, clock } = start(`/${screenKey}`, stored);
    await screenHeading();
    act(() => session.send({ type: 'EXPIRED', message: 'Your session has expired' }));
    act(() => clock.increment(1499));
    expect(router.state.location.pathname).toBe(`/${screenKey}`);
    act(() => clock.increment(1));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });
});
