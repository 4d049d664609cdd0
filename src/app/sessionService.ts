// The running session: the pure session machine with its effects provided — the API calls and browser storage.
import { type Actor, createActor, fromPromise } from 'xstate';
import { fetchNav, signIn, signOut } from '../api/auth.ts';
import { type Bootstrap, type Credentials, type SignedIn, sessionMachine } from '../machines/session.machine.ts';
import { clearStoredSession, readStoredSession, writeStoredSession } from './storedSession.ts';
import { loadSystemTitle } from './systemTitle.ts';

export type SessionActor = Actor<typeof sessionMachine>;
export type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

async function loadBootstrap(): Promise<Bootstrap> {
  const [nav, title] = await Promise.all([fetchNav(), loadSystemTitle()]);
  return { menuList: nav.menuList, buttonList: nav.buttonList, userinfo: nav.userinfo, title };
}

export const browserSessionMachine = sessionMachine.provide({
  actors: {
    login: fromPromise<SignedIn, Credentials>(({ input }) => signIn(input)),
    loadBootstrap: fromPromise<Bootstrap, SignedIn>(() => loadBootstrap()),
    logout: fromPromise<void, SignedIn>(() => signOut()),
  },
  actions: {
    persistSession: (_, signedIn: SignedIn) => writeStoredSession(signedIn),
    clearStoredSession: () => clearStoredSession(),
  },
});

export function createSessionActor(): SessionActor {
  return createActor(browserSessionMachine, { input: { stored: readStoredSession() } });
}

/** Calls `show` once each time the session expires, with the server's message. */
export function onSessionExpired(actor: SessionActor, show: (message: string) => void): () => void {
  let wasExpired = false;
  const subscription = actor.subscribe((snapshot) => {
    const expired = snapshot.matches('expired');
    if (expired && !wasExpired) show(snapshot.context.expiredMessage ?? '');
    wasExpired = expired;
  });
  return () => subscription.unsubscribe();
}
