// A camera's live view (issue 35): open a ticket (POST /video/live/open), play its stream, and when the stream ends
// (the box restarted its pull, a network blip) open a new one 2 s later — at most 5 times in a row without the
// picture coming back, then a visible failure with Retry. A camera that cannot be viewed now (409: no stream, its
// box offline or without a socket, nothing sent) is "offline" with the server's reason, tried again every 10 s.
// Pure: opening and playing are actors the caller provides (the API and the fmp4 player, or fakes in tests);
// timers are named delays.
import { assign, fromCallback, fromPromise, setup } from 'xstate';

export const LIVE_TIMING = {
  reopenDelayMs: 2_000,
  offlineRetryMs: 10_000,
  maxReopens: 5,
} as const;

export interface LiveTicket {
  url: string;
  codec: string | null;
}

/** Why opening or playing failed: the business code or HTTP status (409: not viewable now) and its message. */
export interface LiveProblem {
  code: number;
  message: string;
}

export type LivePlayerEvent =
  /** The picture is moving (the player's first frame). */
  | { type: 'PLAYER.PLAYING' }
  /** The server ended the stream. */
  | { type: 'PLAYER.ENDED' }
  | { type: 'PLAYER.FAILED'; problem: LiveProblem }
  | { type: 'RETRY' };

export interface LivePlayerContext {
  cameraId: number;
  ticket: LiveTicket | null;
  problem: LiveProblem | null;
  /** Reopens since the picture last moved. */
  reopens: number;
}

const OFFLINE = 409;

const problemOf = (error: unknown): LiveProblem => {
  const e = error as { code?: unknown; status?: unknown; message?: unknown };
  const code = typeof e?.code === 'number' ? e.code : typeof e?.status === 'number' ? e.status : 0;
  return { code, message: typeof e?.message === 'string' ? e.message : String(error) };
};

export const livePlayerMachine = setup({
  types: {
    context: {} as LivePlayerContext,
    events: {} as LivePlayerEvent,
    input: {} as { cameraId: number },
  },
  actors: {
    // Provided by the caller.
    open: fromPromise<LiveTicket, { cameraId: number }>(() => {
      throw new Error('the open actor was not provided');
    }),
    player: fromCallback<LivePlayerEvent, { ticket: LiveTicket }>(() => {
      throw new Error('the player actor was not provided');
    }),
  },
  guards: {
    openedOffline: ({ event }) => problemOf((event as { error?: unknown }).error).code === OFFLINE,
    playOffline: ({ event }) => event.type === 'PLAYER.FAILED' && event.problem.code === OFFLINE,
    reopensLeft: ({ context }) => context.reopens < LIVE_TIMING.maxReopens,
  },
  delays: {
    reopenDelay: LIVE_TIMING.reopenDelayMs,
    offlineRetry: LIVE_TIMING.offlineRetryMs,
  },
}).createMachine({
  id: 'live',
  context: ({ input }) => ({ cameraId: input.cameraId, ticket: null, problem: null, reopens: 0 }),
  initial: 'opening',
  states: {
    opening: {
      invoke: {
        src: 'open',
        input: ({ context }) => ({ cameraId: context.cameraId }),
        onDone: { target: 'playing', actions: assign({ ticket: ({ event }) => event.output }) },
        onError: [
          { guard: 'openedOffline', target: 'offline', actions: assign({ problem: ({ event }) => problemOf(event.error)}) },
          { target: 'failed', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
        ],
      },
    },
    playing: {
      invoke: { src: 'player', input: ({ context }) => ({ ticket: context.ticket as LiveTicket }) },
      initial: 'starting',
      on: {
        'PLAYER.ENDED': [
          { guard: 'reopensLeft', target: 'reconnecting' },
          { target: 'failed', actions: assign({ problem: () => ({ code: 0, message: 'ended' }) }) },
        ],
        'PLAYER.FAILED': [
          { guard: 'playOffline', target: 'offline', actions: assign({ problem: ({ event }) => event.problem}) },
          { target: 'failed', actions: assign({ problem: ({ event }) => event.problem }) },
        ],
      },
      states: {
        starting: {
          on: { 'PLAYER.PLAYING': { target: 'live', actions: assign({ reopens: 0, problem: null }) } },
        },
        live: {},
      },
    },
    reconnecting: {
      after: { reopenDelay: { target: 'opening', actions: assign({ reopens: ({ context }) => context.reopens + 1 }) } },
    },
    offline: {
      after: { offlineRetry: { target: 'opening' } },
      on: { RETRY: { target: 'opening' } },
    },
    failed: {
      on: { RETRY: { target: 'opening', actions: assign({ reopens: 0, problem: null }) } },
    },
  },
});

/** What the view shows. */
export type LiveView = 'loading' | 'live' | 'reconnecting' | 'offline' | 'failed';

export function liveViewOf(value: unknown): LiveView {
  if (value === 'offline' || value === 'failed' || value === 'reconnecting') return value;
  if (typeof value === 'object' && value && (value as { playing?: string }).playing === 'live') return 'live';
  return 'loading';
}
