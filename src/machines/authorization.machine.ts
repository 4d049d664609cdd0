// Authorization application polling (/applyAuthorization): the applicant's screen watches one application's status
// (GET /authorization/status/{id}) until it settles — rejected, expired, or arranged onto every box. Polls back off
// while nothing changes (2 s doubling to 10 s, back to 2 s on a change); a failed poll is retried with its own
// backoff, and after AUTH_TIMING.maxFailures in a row the machine stops and says so (RETRY starts again). Leaving
// the screen stops it (STOP, or the actor's end). Effects are actors the screen (or a test) provides: fetchStatus.
import { assign, fromPromise, setup } from 'xstate';

export interface AuthorizationStatus {
  id: number;
  /** 0 applied, 1 granted, 2 arranged, 3 rejected, 4 expired. */
  status: 0 | 1 | 2 | 3 | 4;
  /** Share of the arrangement the boxes have taken (100 when nothing is being pushed). */
  progress: number;
}

export const AUTH_TIMING = {
  pollBaseMs: 2_000,
  pollMaxMs: 10_000,
  retryBaseMs: 2_000,
  retryMaxMs: 30_000,
  maxFailures: 5,
} as const;

export interface AuthorizationContext {
  id: number;
  last: AuthorizationStatus | null;
  /** The wait before the next poll. */
  delayMs: number;
  /** Failed polls in a row. */
  failures: number;
  error: string | null;
}

export type AuthorizationEvent = { type: 'REFRESH' } | { type: 'RETRY' } | { type: 'STOP' };

/** Nothing more will change by itself: rejected, expired, or arranged with every box done. */
export function isSettled(s: AuthorizationStatus): boolean {
  return s.status === 3 || s.status === 4 || (s.status === 2 && s.progress >= 100);
}

export function retryDelayMs(failures: number): number {
  return Math.min(AUTH_TIMING.retryBaseMs * 2 ** Math.max(0, failures - 1), AUTH_TIMING.retryMaxMs);
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const authorizationMachine = setup({
  types: {
    context: {} as AuthorizationContext,
    events: {} as AuthorizationEvent,
    input: {} as { id: number },
  },
  actors: {
    fetchStatus: fromPromise<AuthorizationStatus, { id: number }>(async () => {
      throw new Error('fetchStatus not provided');
    }),
  },
  delays: {
    pollDelay: ({ context }) => context.delayMs,
    retryDelay: ({ context }) => retryDelayMs(context.failures),
  },
  guards: {
    answerSettles: (_, params: { answer: AuthorizationStatus }) => isSettled(params.answer),
    lastTry: ({ context }) => context.failures + 1 >= AUTH_TIMING.maxFailures,
  },
  actions: {
    record: assign(({ context }, params: { answer: AuthorizationStatus }) => {
      const changed = !context.last || context.last.status !== params.answer.status || context.last.progress !== params.answer.progress;
      return {
        last: params.answer,
        failures: 0,
        error: null,
        delayMs: changed ? AUTH_TIMING.pollBaseMs : Math.min(context.delayMs * 2, AUTH_TIMING.pollMaxMs),
      };
    }),
    fail: assign(({ context }, params: { error: unknown }) => ({ failures: context.failures + 1, error: message(params.error) })),
    restart: assign({ failures: 0, error: null, delayMs: AUTH_TIMING.pollBaseMs }),
  },
}).createMachine({
  id: 'authorization',
  context: ({ input }) => ({ id: input.id, last: null, delayMs: AUTH_TIMING.pollBaseMs, failures: 0, error: null }),
  initial: 'checking',
  on: { STOP: '.stopped' },
  states: {
    checking: {
      invoke: {
        src: 'fetchStatus',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: { type: 'answerSettles', params: ({ event }) => ({ answer: event.output }) }, target: 'settled', actions: { type: 'record', params: ({ event }) => ({ answer: event.output }) } },
          { target: 'waiting', actions: { type: 'record', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: [
          { guard: 'lastTry', target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          { target: 'retrying', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    waiting: {
      after: { pollDelay: 'checking' },
      on: { REFRESH: { target: 'checking', actions: 'restart' } },
    },
    retrying: {
      after: { retryDelay: 'checking' },
      on: { REFRESH: 'checking' },
    },
    failed: {
      on: { RETRY: { target: 'checking', actions: 'restart' } },
    },
    settled: {
      on: { REFRESH: { target: 'checking', actions: 'restart' } },
    },
    stopped: { type: 'final' },
  },
});

export type AuthorizationView = 'checking' | 'waiting' | 'retrying' | 'failed' | 'settled' | 'stopped';
