// The console session (spec §4): restore a stored sign-in, sign in (password or third-party code), load what the
// console needs, sign out, and expire when the server says the session is over (§8: business 401, HTTP 401/402,
// the unLogin body — message shown, back to login after 1.5 s). A third-party link opened while signed in
// switches user only when its code is accepted: a used or bad code leaves the signed-in session as it was.
// Pure: the calls to the server and the browser storage are actors/actions the caller provides.
import { assign, fromPromise, not, setup } from 'xstate';
import type { MenuModule, PageTitle, SceneType, SystemConfig, UserInfo } from '../api/types.ts';
import type { SearchProperties } from '../domain/attributeDictionary.ts';

export interface Credentials {
  username: string;
  password: string;
}

/** A third-party sign-in (§2 /thirdLogin?code=&moduleName=&convertId=). */
export interface ThirdPartyCode {
  code: string;
  moduleName?: string;
  convertId?: string;
}

/** What the `login` actor is asked to do. */
export type LoginRequest = { kind: 'password'; credentials: Credentials } | ({ kind: 'thirdParty' } & ThirdPartyCode);

/** The corner of the alarm dialog (1..4; §9 default 1). */
export type AlarmDialogPosition = 1 | 2 | 3 | 4;
export const DEFAULT_ALARM_DIALOG_POSITION: AlarmDialogPosition = 1;

export type NoticeTone = 'error' | 'warning';

/** What a successful sign-in gives and what survives a reload (stored by `persistSession`). */
export interface SignedIn {
  token: string;
  loginCode: string;
  userinfo: UserInfo;
  sceneType: SceneType;
}

/** What the console loads after signing in, before it shows any screen (§4). */
export interface Bootstrap {
  menuList: MenuModule[];
  buttonList: string[];
  userinfo: UserInfo;
  title: PageTitle | null;
  systemConfig: SystemConfig;
  /** The alarm sound (the system config's audioUrl). */
  audioUrl: string;
  alarmDialogPosition: AlarmDialogPosition;
  /** The attribute dictionaries' visible entries with their controls (built locally). */
  searchProperties: SearchProperties;
}

export interface SessionContext {
  signedIn: SignedIn | null;
  bootstrap: Bootstrap | null;
  /** Why the last sign-in or restore failed (the server's message, or a connection failure). */
  error: string | null;
  /** The server's message when the session expired, and how it is shown. */
  expiredMessage: string | null;
  expiredTone: NoticeTone;
}

export interface SessionInput {
  stored: SignedIn | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; credentials: Credentials }
  | ({ type: 'THIRD_LOGIN' } & ThirdPartyCode)
  | { type: 'LOGOUT' }
  | { type: 'EXPIRED'; message: string; tone?: NoticeTone }
  /** An administrator saved the system configuration: the shell shows the new name, title and switches at once. */
  | { type: 'SYSTEM_CONFIG_CHANGED'; systemConfig: SystemConfig }
  /** The user's menu was loaded again (after menus or roles changed): the side menu and permissions follow at once. */
  | { type: 'MENU_CHANGED'; menuList: MenuModule[]; buttonList: string[] };

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

/** The sign-in an event asks for (authenticating and switchingUser are entered only by LOGIN and THIRD_LOGIN). */
function loginRequestOf(event: SessionEvent): LoginRequest {
  if (event.type === 'THIRD_LOGIN') {
    return { kind: 'thirdParty', code: event.code, moduleName: event.moduleName, convertId: event.convertId };
  }
  return { kind: 'password', credentials: event.type === 'LOGIN' ? event.credentials : { username: '', password: '' } };
}
const signedInOf = ({ event }: { event: { output: SignedIn } }) => event.output;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<SignedIn, LoginRequest>(notProvided('login')),
    loadBootstrap: fromPromise<Bootstrap, SignedIn>(notProvided('loadBootstrap')),
    logout: fromPromise<void, SignedIn>(notProvided('logout')),
  },
  actions: {
    // Browser storage: provided by the caller, no-ops by default.
    persistSession: (_, _params: SignedIn) => {},
    clearStoredSession: () => {},
    assignSignedIn: assign((_, signedIn: SignedIn) => ({ signedIn })),
    assignBootstrap: assign((_, bootstrap: Bootstrap) => ({ bootstrap })),
    assignSystemConfig: assign(({ context }, systemConfig: SystemConfig) => ({
      bootstrap: context.bootstrap ? { ...context.bootstrap, systemConfig } : null,
    })),
    assignMenu: assign(({ context }, menu: { menuList: MenuModule[]; buttonList: string[] }) => ({
      bootstrap: context.bootstrap ? { ...context.bootstrap, menuList: menu.menuList, buttonList: menu.buttonList } : null,
    })),
    assignFailure: assign((_, error: unknown) => ({ error: failureMessage(error) })),
    assignExpiry: assign((_, expiry: { message: string; tone: NoticeTone }) => ({
      expiredMessage: expiry.message,
      expiredTone: expiry.tone,
    })),
    clearError: assign({ error: null }),
    forgetSession: assign({ signedIn: null, bootstrap: null, expiredMessage: null, expiredTone: 'warning' as NoticeTone }),
  },
  guards: {
    hasStoredSession: ({ context }) => context.signedIn !== null,
  },
  delays: {
    expiryRedirect: SESSION_EXPIRY_REDIRECT_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    signedIn: input.stored,
    bootstrap: null,
    error: null,
    expiredMessage: null,
    expiredTone: 'warning',
  }),
  initial: 'restoring',
  states: {
    restoring: {
      // No stored sign-in: straight to the login screen (the load below never starts then).
      always: { guard: not('hasStoredSession'), target: 'anonymous' },
      invoke: {
        src: 'loadBootstrap',
        input: ({ context }) => context.signedIn!,
        onDone: { target: 'authenticated', actions: { type: 'assignBootstrap', params: ({ event }) => event.output } },
        // A restore that could not reach the server (no network, or the page left while it was loading) keeps the
        // stored sign-in: only the server's 401 (EXPIRED) says it is dead. Clearing it here signed users out when
        // they moved on before the menu had loaded.
        onError: {
          target: 'anonymous',
          actions: ['forgetSession', { type: 'assignFailure', params: failureOf }],
        },
      },
      on: { EXPIRED: { target: 'expired' } },
    },
    anonymous: {
      // A new sign-in replaces whatever sign-in is still stored (one a restore could not load).
      on: {
        LOGIN: { target: 'authenticating', actions: ['clearError', 'clearStoredSession'] },
        THIRD_LOGIN: { target: 'authenticating', actions: ['clearError', 'clearStoredSession'] },
      },
    },
    authenticating: {
      invoke: {
        src: 'login',
        input: ({ event }) => loginRequestOf(event),
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
    switchingUser: {
      // The old session is still valid and stored; it is replaced only when the code is accepted. An expiry of
      // the old session meanwhile is not acted on: the sign-in under way decides what comes next.
      invoke: {
        src: 'login',
        input: ({ event }) => loginRequestOf(event),
        onDone: {
          target: 'bootstrapping',
          actions: [
            'forgetSession',
            { type: 'assignSignedIn', params: signedInOf },
            { type: 'persistSession', params: signedInOf },
          ],
        },
        onError: { target: 'authenticated', actions: { type: 'assignFailure', params: failureOf } },
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
        // A refused third-party link's message does not follow the user to the login form.
        LOGOUT: { target: 'loggingOut', actions: 'clearError' },
        EXPIRED: { target: 'expired' },
        // A third-party link opened while signed in: the current session stays until the link's code is accepted.
        THIRD_LOGIN: { target: 'switchingUser', actions: 'clearError' },
        SYSTEM_CONFIG_CHANGED: {
          actions: { type: 'assignSystemConfig', params: ({ event }) => event.systemConfig },
        },
        MENU_CHANGED: {
          actions: { type: 'assignMenu', params: ({ event }) => ({ menuList: event.menuList, buttonList: event.buttonList }) },
        },
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
        {
          type: 'assignExpiry',
          params: ({ event }) =>
            event.type === 'EXPIRED' ? { message: event.message, tone: event.tone ?? 'warning' } : { message: '', tone: 'warning' },
        },
        'clearStoredSession',
      ],
      after: {
        expiryRedirect: { target: 'anonymous', actions: 'forgetSession' },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
