// The console session (spec §4): restore a stored sign-in, sign in, load what the console needs, sign out,
// and expire on the server's business code 401 (message shown, back to login after 1.5 s).
// Pure: the calls to the server and the browser storage are actors/actions the caller provides.
import { assign, fromPromise, not, setup } from 'xstate';
import type { MenuModule, PageTitle, SceneType, UserInfo } from '../api/types.ts';

export interface Credentials {
  username: string;
  password: string;
}

/** What a successful sign-in gives and what survives a reload (stored by `persistSession`). */
export interface SignedIn {
  token: string;
  loginCode: string;
  userinfo: UserInfo;
  sceneType: SceneType;
}

/** What the console loads after signing in, before it shows any screen. */
export interface Bootstrap {
  menuList: MenuModule[];
  buttonList: string[];
  userinfo: UserInfo;
  title: PageTitle | null;
}

export interface SessionContext {
  signedIn: SignedIn | null;
  bootstrap: Bootstrap | null;
  /** Why the last sign-in or restore failed (the server's message, or a connection failure). */
  error: string | null;
  /** The server's message when the session expired. */
  expiredMessage: string | null;
}

export interface SessionInput {
  stored: SignedIn | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; credentials: Credentials }
  | { type: 'LOGOUT' }
  | { type: 'EXPIRED'; message: string };

export const SESSION_EXPIRY_REDIRECT_MS = 1500;

/** An actor's rejection as the text shown to the user. */
export function failureMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'unknown error';
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`the session actor "${name}" was not provided`);
};

// Action parameters read from done/error events (typed here: inside action lists xstate cannot infer them).
const failureOf = ({ event }: { event: { error: unknown } }) => event.error;
const signedInOf = ({ event }: { event: { output: SignedIn } }) => event.output;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<SignedIn, Credentials>(notProvided('login')),
    loadBootstrap: fromPromise<Bootstrap, SignedIn>(notProvided('loadBootstrap')),
    logout: fromPromise<void, SignedIn>(notProvided('logout')),
  },
  actions: {
    // Browser storage: provided by the caller, no-ops by default.
    persistSession: (_, _params: SignedIn) => {},
    clearStoredSession: () => {},
    assignSignedIn: assign((_, signedIn: SignedIn) => ({ signedIn })),
    assignBootstrap: assign((_, bootstrap: Bootstrap) => ({ bootstrap })),
    assignFailure: assign((_, error: unknown) => ({ error: failureMessage(error) })),
    assignExpiredMessage: assign((_, message: string) => ({ expiredMessage: message })),
    clearError: assign({ error: null }),
    forgetSession: assign({ signedIn: null, bootstrap: null, expiredMessage: null }),
  },
  guards: {
    hasStoredSession: ({ context }) => context.signedIn !== null,
  },
  delays: {
    expiryRedirect: SESSION_EXPIRY_REDIRECT_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ signedIn: input.stored, bootstrap: null, error: null, expiredMessage: null }),
  initial: 'restoring',
  states: {
    restoring: {
      // No stored sign-in: straight to the login screen (the load below never starts then).
      always: { guard: not('hasStoredSession'), target: 'anonymous' },
      invoke: {
        src: 'loadBootstrap',
        input: ({ context }) => context.signedIn!,
        onDone: { target: 'authenticated', actions: { type: 'assignBootstrap', params: ({ event }) => event.output } },
        onError: {
          target: 'anonymous',
          actions: ['forgetSession', 'clearStoredSession', { type: 'assignFailure', params: failureOf }],
        },
      },
      on: { EXPIRED: { target: 'expired' } },
    },
    anonymous: {
      on: {
        LOGIN: { target: 'authenticating', actions: 'clearError' },
      },
    },
    authenticating: {
      invoke: {
        src: 'login',
        input: ({ event }) => (event.type === 'LOGIN' ? event.credentials : { username: '', password: '' }),
        onDone: {
          target: 'bootstrapping',
          actions: [
            { type: 'assignSignedIn', params: signedInOf },
            { type: 'persistSession', params: signedInOf },
          ],
        },
        onError: { target: 'anonymous', actions: { type: 'assignFailure', params: failureOf } },
      },
    },
    bootstrapping: {
      invoke: {
        src: 'loadBootstrap',
        input: ({ context }) => context.signedIn!,
        onDone: { target: 'authenticated', actions: { type: 'assignBootstrap', params: ({ event }) => event.output } },
        onError: {
          target: 'anonymous',
          actions: ['forgetSession', 'clearStoredSession', { type: 'assignFailure', params: failureOf }],
        },
      },
      on: { EXPIRED: { target: 'expired' } },
    },
    authenticated: {
      on: {
        LOGOUT: { target: 'loggingOut' },
        EXPIRED: { target: 'expired' },
      },
    },
    loggingOut: {
      // The server revokes the token; whatever it answers, this browser forgets the session.
      invoke: {
        src: 'logout',
        input: ({ context }) => context.signedIn!,
        onDone: { target: 'anonymous', actions: ['forgetSession', 'clearStoredSession'] },
        onError: { target: 'anonymous', actions: ['forgetSession', 'clearStoredSession'] },
      },
    },
    expired: {
      // The token is dead: forget it at once so no further call sends it; later 401s add no second message.
      entry: [
        { type: 'assignExpiredMessage', params: ({ event }) => (event.type === 'EXPIRED' ? event.message : '') },
        'clearStoredSession',
      ],
      after: {
        expiryRedirect: { target: 'anonymous', actions: 'forgetSession' },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
