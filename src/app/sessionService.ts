// The running session: the pure session machine with its effects provided — the API calls and browser storage.
import { type Actor, createActor, fromPromise, waitFor } from 'xstate';
import { fetchNav, signIn, signOut, thirdLogin } from '../api/auth.ts';
import { localSearchProperties, loadBootstrap } from '../api/bootstrap.ts';
import { fetchAlarmDialogPosition, fetchSystemConfig } from '../api/config.ts';
import {
  type Bootstrap,
  type LoginRequest,
  type NoticeTone,
  type SignedIn,
  sessionMachine,
  type ThirdPartyCode,
} from '../machines/session.machine.ts';
import { clearSessionStorage, clearStoredSession, readStoredSession, writeStoredSession } from './storedSession.ts';
import { loadSystemTitle } from './systemTitle.ts';
import { type ThirdLoginOutcome, thirdLoginProblem } from './thirdLogin.ts';

export type SessionActor = Actor<typeof sessionMachine>;
export type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

async function login(request: LoginRequest): Promise<SignedIn> {
  if (request.kind === 'password') return signIn(request.credentials);
  const result = await thirdLogin(request.code, request.moduleName, request.convertId);
  if (!result.ok) throw new Error(thirdLoginProblem(result.failure));
  return result.data;
}

const loadBrowserBootstrap = (): Promise<Bootstrap> =>
  loadBootstrap({
    nav: fetchNav,
    systemConfig: fetchSystemConfig,
    alarmDialogPosition: fetchAlarmDialogPosition,
    title: () => loadSystemTitle(),
    searchProperties: localSearchProperties,
  });

export const browserSessionMachine = sessionMachine.provide({
  actors: {
    login: fromPromise<SignedIn, LoginRequest>(({ input }) => login(input)),
    loadBootstrap: fromPromise<Bootstrap, SignedIn>(() => loadBrowserBootstrap()),
    logout: fromPromise<void, SignedIn>(() => signOut()),
  },
  actions: {
    persistSession: (_, signedIn: SignedIn) => writeStoredSession(signedIn),
    // §8: the login flag, token and user info go, and the session storage is cleared.
    clearStoredSession: () => {
      clearStoredSession();
      clearSessionStorage();
    },
  },
});

export function createSessionActor(): SessionActor {
  return createActor(browserSessionMachine, { input: { stored: readStoredSession() } });
}

/**
 * Loads the user's menu and buttons again and hands them to the session (after menus or roles changed), so the
 * side menu shows a newly granted module at once. A failure leaves the menu as it was (the middleware said why).
 */
export async function refreshMenu(actor: SessionActor): Promise<void> {
  const nav = await fetchNav().catch(() => null);
  if (nav) actor.send({ type: 'MENU_CHANGED', menuList: nav.menuList, buttonList: nav.buttonList });
}

/** Calls `show` once each time the session expires, with the message and how to show it. */
export function onSessionExpired(actor: SessionActor, show: (message: string, tone: NoticeTone) => void): () => void {
  let wasExpired = false;
  const subscription = actor.subscribe((snapshot) => {
    const expired = snapshot.matches('expired');
    if (expired && !wasExpired) show(snapshot.context.expiredMessage ?? '', snapshot.context.expiredTone);
    wasExpired = expired;
  });
  return () => subscription.unsubscribe();
}

/**
 * The /thirdLogin screen's sign-in (§2): waits for a stored session to finish restoring, signs in with the code
 * and loads the console. A refused code leaves a signed-in session as it was (`stillSignedIn`); the screen says
 * why in `message`.
 */
export async function signInWithThirdPartyCode(actor: SessionActor, request: ThirdPartyCode): Promise<ThirdLoginOutcome> {
  const settledStates = (snapshot: SessionSnapshot) => snapshot.matches('anonymous') || snapshot.matches('authenticated');
  await waitFor(actor, settledStates);
  actor.send({ type: 'THIRD_LOGIN', ...request });
  const settled = await waitFor(actor, settledStates);
  const signedIn = settled.matches('authenticated');
  if (signedIn && settled.context.error === null) return { ok: true };
  return { ok: false, message: settled.context.error ?? '', stillSignedIn: signedIn };
}
