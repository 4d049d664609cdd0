// Drives the production session machine with fake effects: each server call is a promise the test settles,
// storage is a variable, time is a SimulatedClock. Records which states and transitions were taken.
import { type Actor, type AnyTransitionDefinition, createActor, fromPromise, SimulatedClock } from 'xstate';
import type { MenuModule, SystemConfig, UserInfo } from '../../src/api/types.ts';
import { buildSearchProperties } from '../../src/domain/attributeDictionary.ts';
import { type Deferred, deferred } from '../support/deferred.ts';
import {
  type Bootstrap,
  type Credentials,
  type LoginRequest,
  type NoticeTone,
  type SignedIn,
  sessionMachine,
  type ThirdPartyCode,
} from '../../src/machines/session.machine.ts';

export const user: UserInfo = {
  id: 1,
  username: 'admin',
  realName: '管理员',
  roleId: 1,
  roleName: 'manager',
  deptId: 1,
  deptName: '总部',
  avatar: null,
  phone: '',
  email: '',
  lastLoginTime: null,
};

export const signedIn: SignedIn = { token: 'token-1', loginCode: 'L1', userinfo: user, sceneType: 2 };
export const stored: SignedIn = { ...signedIn, token: 'stored-token' };
export const credentials: Credentials = { username: 'admin', password: 'Argus@2026' };
export const thirdPartyCode: ThirdPartyCode = { code: 'one-time-code-1', moduleName: 'historyEvent', convertId: '42' };

const menu: MenuModule[] = [
  {
    id: 1,
    parentId: 0,
    moduleName: '首页',
    moduleNameEn: 'Home',
    moduleIcon: '',
    moduleNumber: 'group:home',
    moduleDescription: '',
    moduleType: 'menu',
    sort: 1,
    visible: true,
    children: [],
  },
];
export const systemConfig: SystemConfig = {
  systemName: 'Argus',
  versionTitle: 'v1',
  contextMenuEnabled: false,
  assistantUrl: '',
  assistantServiceId: '',
  websocketServer: '',
  websocketPort: null,
  mapLatitude: 22.5464,
  mapLongitude: 114.0593,
  mapZoom: 12,
  titleWordReplacements: { 系统: '平台' },
  audioUrl: '/audio/alarm.wav',
  audioAvailable: true,
  skin: 'normal',
  sceneType: 2,
  statsIncludeSimulated: false,
  checkerNotHandler: false,
};

export const bootstrap: Bootstrap = {
  menuList: menu,
  buttonList: ['index_traffic'],
  userinfo: user,
  title: null,
  systemConfig,
  audioUrl: systemConfig.audioUrl,
  alarmDialogPosition: 3,
  searchProperties: buildSearchProperties(),
};

type Call = 'login' | 'bootstrap' | 'logout';

/** "from --event--> to" for a transition definition (identity differs between provided machines; this does not). */
export function transitionKey(t: AnyTransitionDefinition): string {
  const targets = (t.target ?? []).map((node) => node.id).join(',') || '(stays)';
  return `${t.source.id} --${t.eventType || '(always)'}--> ${targets}`;
}

export function allTransitionKeys(): string[] {
  const keys: string[] = [];
  for (const node of Object.values(sessionMachine.root.states)) {
    for (const list of node.transitions.values()) for (const t of list) keys.push(transitionKey(t));
    for (const t of node.always ?? []) keys.push(transitionKey(t));
  }
  return [...new Set(keys)].sort();
}

export class SessionHarness {
  readonly clock = new SimulatedClock();
  storage: SignedIn | null = null;
  readonly pending: Record<Call, Deferred<unknown>[]> = { login: [], bootstrap: [], logout: [] };
  readonly calls: { login: LoginRequest[]; bootstrap: SignedIn[]; logout: SignedIn[] } = { login: [], bootstrap: [], logout: [] };
  actor: Actor<typeof sessionMachine> | null = null;
  /** What the test last asked to sign in with, and the last expiry it caused (for the checks). */
  lastLoginRequest: LoginRequest | null = null;
  lastExpiry: { message: string; tone: NoticeTone } | null = null;

  private readonly visitedStates: Set<string>;
  private readonly takenTransitions: Set<string>;

  constructor(visitedStates: Set<string>, takenTransitions: Set<string>) {
    this.visitedStates = visitedStates;
    this.takenTransitions = takenTransitions;
  }

  private call<T>(kind: Call): Promise<T> {
    const d = deferred<T>();
    this.pending[kind].push(d as Deferred<unknown>);
    return d.promise;
  }

  start(storedSession: SignedIn | null): void {
    this.storage = storedSession;
    const machine = sessionMachine.provide({
      actors: {
        login: fromPromise<SignedIn, LoginRequest>(({ input }) => {
          this.calls.login.push(input);
          return this.call('login');
        }),
        loadBootstrap: fromPromise<Bootstrap, SignedIn>(({ input }) => {
          this.calls.bootstrap.push(input);
          return this.call('bootstrap');
        }),
        logout: fromPromise<void, SignedIn>(({ input }) => {
          this.calls.logout.push(input);
          return this.call('logout');
        }),
      },
      actions: {
        persistSession: (_, session: SignedIn) => {
          this.storage = session;
        },
        clearStoredSession: () => {
          this.storage = null;
        },
      },
    });
    this.actor = createActor(machine, {
      input: { stored: storedSession },
      clock: this.clock,
      inspect: (event) => {
        // Only machines report microsteps, so these are the session's own (including the initial one).
        if (event.type === '@xstate.microstep') {
          for (const t of event._transitions) this.takenTransitions.add(transitionKey(t));
        }
      },
    });
    this.actor.subscribe((snapshot) => this.visitedStates.add(String(snapshot.value)));
    this.actor.start();
  }

  get snapshot() {
    if (!this.actor) throw new Error('the session has not started');
    return this.actor.getSnapshot();
  }

  /** Settles the oldest outstanding call of a kind, then lets the machine react. */
  async answer(kind: Call, outcome: { value: unknown } | { error: unknown }): Promise<void> {
    const d = this.pending[kind].shift();
    if (!d) throw new Error(`no ${kind} call is outstanding`);
    if ('value' in outcome) d.resolve(outcome.value);
    else d.reject(outcome.error);
    await settle();
  }

  /**
   * The server's answer to an outstanding call ends the session (business 401, HTTP 401/402 or the unLogin body:
   * the middleware sends EXPIRED first). Later expiries while one shows change nothing.
   */
  async serverSays401(message: string, tone: NoticeTone): Promise<void> {
    if (this.actor!.getSnapshot().value !== 'expired') this.lastExpiry = { message, tone };
    this.actor!.send({ type: 'EXPIRED', message, tone });
    const outstanding = this.pending.bootstrap.shift();
    outstanding?.reject(new Error(message));
    await settle();
  }
}

export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
