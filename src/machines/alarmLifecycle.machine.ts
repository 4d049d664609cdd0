// One alarm's handling (spec §4 "alarms ignored, confirmed or deleted", §7 deal/check/again; the contract's
// states): 0 new → 1 confirmed / 2 ignored / deleted; an ignored alarm can be confirmed, a confirmed one ignored;
// 1 confirmed → 3 dealt (deal) → 4 checked (check); 3 dealt or 4 checked → 1 confirmed (again, with a reason).
// Deleting works from any state. The server enforces every transition: when it refuses (409: someone else
// handled the alarm meanwhile) the machine moves to the state the server reports and keeps who handled it, so
// the screen can say so. Live status pushes (websocket alarmStatus) move it too.
// Pure: the server call is the `perform` actor the caller provides.
import { assign, fromPromise, setup } from 'xstate';

export type AlarmStatus = 0 | 1 | 2 | 3 | 4;

export type LifecycleAction =
  | { type: 'confirm'; expectedStatus: 0 | 2; remark?: string }
  | { type: 'ignore'; expectedStatus: 0 | 1; remark?: string }
  | { type: 'delete' }
  | { type: 'deal'; result: string; remark?: string }
  | { type: 'check'; result: 1 | 2; remark?: string }
  | { type: 'again'; remark: string };

export interface PerformRequest {
  id: number;
  action: LifecycleAction;
}

/** What the server answered: the alarm's status now (null = deleted), and on a refusal who handled it. */
export type PerformResult =
  | { kind: 'done'; status: AlarmStatus | null }
  | { kind: 'refused'; status: AlarmStatus | null; handleUser: string | null; handleTime: string | null };

export interface Refusal {
  action: LifecycleAction['type'];
  /** The status the server reported (null: the alarm is gone). */
  status: AlarmStatus | null;
  handleUser: string | null;
  handleTime: string | null;
}

export interface LifecycleContext {
  id: number;
  status: AlarmStatus;
  deleted: boolean;
  /** The action under way. */
  pending: LifecycleAction | null;
  /** The last refusal (409), until dismissed or the next action. */
  refusal: Refusal | null;
  /** The last failure that was not a refusal (connection, validation): the state did not change. */
  error: string | null;
}

export interface LifecycleInput {
  id: number;
  status: AlarmStatus;
}

export type LifecycleEvent =
  | { type: 'CONFIRM'; remark?: string }
  | { type: 'IGNORE'; remark?: string }
  | { type: 'DELETE' }
  | { type: 'DEAL'; result: string; remark?: string }
  | { type: 'CHECK'; result: 1 | 2; remark?: string }
  | { type: 'AGAIN'; remark: string }
  /** A live status change (websocket alarmStatus), or the alarm as a reloaded list shows it. */
  | { type: 'SERVER_STATUS'; status: AlarmStatus | null }
  | { type: 'DISMISS' };

const STATE_OF: Record<AlarmStatus, string> = { 0: 'new', 1: 'confirmed', 2: 'ignored', 3: 'dealt', 4: 'checked' };

/** The actions a status allows (what the screen offers), in the order buttons show them. */
export const ALLOWED_ACTIONS: Record<AlarmStatus, ReadonlyArray<LifecycleAction['type']>> = {
  0: ['confirm', 'ignore', 'delete'],
  1: ['deal', 'ignore', 'delete'],
  2: ['confirm', 'delete'],
  3: ['check', 'again', 'delete'],
  4: ['again', 'delete'],
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const text = (value: string | undefined) => (value ?? '').trim();

const statusIs = (status: AlarmStatus) => ({ context }: { context: LifecycleContext }) => !context.deleted && context.status === status;

const starting = (pending: LifecycleAction) => ({ pending, refusal: null, error: null });

const confirmAction = (context: LifecycleContext, event: LifecycleEvent): LifecycleAction => ({
  type: 'confirm',
  expectedStatus: context.status === 2 ? 2 : 0,
  remark: event.type === 'CONFIRM' ? event.remark : undefined,
});
const ignoreAction = (context: LifecycleContext, event: LifecycleEvent): LifecycleAction => ({
  type: 'ignore',
  expectedStatus: context.status === 1 ? 1 : 0,
  remark: event.type === 'IGNORE' ? event.remark : undefined,
});
const dealAction = (_: LifecycleContext, event: LifecycleEvent): LifecycleAction =>
  event.type === 'DEAL' ? { type: 'deal', result: text(event.result), remark: event.remark } : { type: 'deal', result: '' };
const checkAction = (_: LifecycleContext, event: LifecycleEvent): LifecycleAction =>
  event.type === 'CHECK' ? { type: 'check', result: event.result, remark: event.remark } : { type: 'check', result: 1 };
const againAction = (_: LifecycleContext, event: LifecycleEvent): LifecycleAction => ({
  type: 'again',
  remark: event.type === 'AGAIN' ? text(event.remark) : '',
});

export const alarmLifecycleMachine = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
    input: {} as LifecycleInput,
  },
  actors: {
    perform: fromPromise<PerformResult, PerformRequest>(async () => {
      throw new Error('the lifecycle actor "perform" was not provided');
    }),
  },
  guards: {
    isDeleted: ({ context }) => context.deleted,
    isNew: statusIs(0),
    isConfirmed: statusIs(1),
    isIgnored: statusIs(2),
    isDealt: statusIs(3),
    isChecked: statusIs(4),
    // The rules the server checks too (400), refused here so nothing is sent.
    dealHasResult: ({ event }) => event.type === 'DEAL' && text(event.result) !== '',
    checkHasReason: ({ event }) => event.type === 'CHECK' && (event.result === 1 || text(event.remark) !== ''),
    againHasReason: ({ event }) => event.type === 'AGAIN' && text(event.remark) !== '',
    wasRefused: ({ event }) => (event as unknown as { output: PerformResult }).output.kind === 'refused',
  },
  actions: {
    beginConfirm: assign(({ context, event }) => starting(confirmAction(context, event))),
    beginIgnore: assign(({ context, event }) => starting(ignoreAction(context, event))),
    beginDelete: assign(() => starting({ type: 'delete' })),
    beginDeal: assign(({ context, event }) => starting(dealAction(context, event))),
    beginCheck: assign(({ context, event }) => starting(checkAction(context, event))),
    beginAgain: assign(({ context, event }) => starting(againAction(context, event))),
    applyServerStatus: assign(({ event }) =>
      event.type === 'SERVER_STATUS' ? (event.status === null ? { deleted: true } : { status: event.status, deleted: false }) : {},
    ),
  },
}).createMachine({
  id: 'alarmLifecycle',
  context: ({ input }) => ({ id: input.id, status: input.status, deleted: false, pending: null, refusal: null, error: null }),
  initial: 'routing',
  on: {
    SERVER_STATUS: { target: '.routing', actions: 'applyServerStatus' },
    DISMISS: { actions: assign({ refusal: null, error: null }) },
  },
  states: {
    // Picks the state of the current status (at start, after an answer, after a push).
    routing: {
      always: [
        { guard: 'isDeleted', target: 'deleted' },
        { guard: 'isNew', target: 'new' },
        { guard: 'isConfirmed', target: 'confirmed' },
        { guard: 'isIgnored', target: 'ignored' },
        { guard: 'isDealt', target: 'dealt' },
        { target: 'checked' },
      ],
    },
    new: {
      on: {
        CONFIRM: { target: 'working', actions: 'beginConfirm' },
        IGNORE: { target: 'working', actions: 'beginIgnore' },
        DELETE: { target: 'working', actions: 'beginDelete' },
      },
    },
    confirmed: {
      on: {
        DEAL: { guard: 'dealHasResult', target: 'working', actions: 'beginDeal' },
        IGNORE: { target: 'working', actions: 'beginIgnore' },
        DELETE: { target: 'working', actions: 'beginDelete' },
      },
    },
    ignored: {
      on: {
        CONFIRM: { target: 'working', actions: 'beginConfirm' },
        DELETE: { target: 'working', actions: 'beginDelete' },
      },
    },
    dealt: {
      on: {
        CHECK: { guard: 'checkHasReason', target: 'working', actions: 'beginCheck' },
        AGAIN: { guard: 'againHasReason', target: 'working', actions: 'beginAgain' },
        DELETE: { target: 'working', actions: 'beginDelete' },
      },
    },
    checked: {
      on: {
        AGAIN: { guard: 'againHasReason', target: 'working', actions: 'beginAgain' },
        DELETE: { target: 'working', actions: 'beginDelete' },
      },
    },
    working: {
      invoke: {
        src: 'perform',
        input: ({ context }) => ({ id: context.id, action: context.pending! }),
        onDone: [
          {
            guard: 'wasRefused',
            target: 'routing',
            actions: assign(({ context, event }) => {
              const output = event.output as Extract<PerformResult, { kind: 'refused' }>;
              return {
                pending: null,
                refusal: { action: context.pending!.type, status: output.status, handleUser: output.handleUser, handleTime: output.handleTime },
                ...(output.status === null ? { deleted: true } : { status: output.status }),
              };
            }),
          },
          {
            target: 'routing',
            actions: assign(({ event }) => ({ pending: null, ...(event.output.status === null ? { deleted: true } : { status: event.output.status }) })),
          },
        ],
        onError: { target: 'routing', actions: assign(({ event }) => ({ pending: null, error: errorText(event.error) })) },
      },
      // A push while the call runs is recorded; the answer decides where the alarm ends up.
      on: { SERVER_STATUS: { actions: 'applyServerStatus' } },
    },
    deleted: { type: 'final' },
  },
});

export type AlarmLifecycleMachine = typeof alarmLifecycleMachine;

/** The state name of a status (for tests and screens). */
export function lifecycleStateOf(status: AlarmStatus | null): string {
  return status === null ? 'deleted' : STATE_OF[status];
}
