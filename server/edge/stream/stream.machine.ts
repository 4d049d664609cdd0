// The life of one camera's upstream pull (docs/edge-runtime.md): connecting → live → stalled (no data for 10 s) →
// reconnecting with backoff 1, 2, 4 … 30 s → offline after 2 failed tries in a row (it keeps trying, 30 s apart at
// most), and live again as soon as data comes. A stall that lasts 2 s more is offline at once (twelve seconds
// without a byte is a camera gone, not a blip), so a source that dies is reported offline within 12 s of its last
// data when it goes quiet, and within a few seconds when its connection is refused. A stream ffmpeg cannot use (not a video, too large, unreadable) is an error
// and is tried again only after a minute, so a hostile or broken source costs little.
// Pure: the pull (one ffmpeg process) is an actor the caller provides; it reports PULL.DATA for every fMP4 fragment
// (what the camera sent) and PULL.END when the process ends. Leaving `running` ends the pull. Timers are named delays.
import { assign, fromCallback, setup, type SnapshotFrom } from 'xstate';
import type { StreamErrorKind, StreamState } from '../types.ts';

export const STREAM_TIMING = {
  /** No fragment or frame for this long: stalled. */
  stallMs: 10_000,
  /** Stalled this much longer: the pull is dropped, the camera offline, and tried again. */
  stalledGraceMs: 2_000,
  /** Reconnect waits: 1 s doubling to at most 30 s. */
  backoffBaseMs: 1_000,
  backoffMaxMs: 30_000,
  /** Failed tries in a row before the camera is reported offline. */
  triesBeforeOffline: 2,
  /** An unusable stream is tried again after this long. */
  errorRetryMs: 60_000,
} as const;

export type StreamMachineEvent =
  | { type: 'START' }
  | { type: 'STOP' }
  | { type: 'PULL.DATA' }
  | { type: 'PULL.END'; reason: string; fatal: boolean; kind: StreamErrorKind };

export interface StreamContext {
  /** Failed tries since the stream was last live. */
  attempts: number;
  /** Reported offline until data comes again. */
  offline: boolean;
  /** Why it is not live (credentials never in it), null while live. */
  reason: string | null;
  /** The kind of that reason, null while live. */
  reasonKind: StreamErrorKind | null;
}

export function backoffMs(attempts: number): number {
  return Math.min(STREAM_TIMING.backoffMaxMs, STREAM_TIMING.backoffBaseMs * 2 ** Math.max(0, attempts - 1));
}

export const streamMachine = setup({
  types: { context: {} as StreamContext, events: {} as StreamMachineEvent },
  actors: {
    // Provided by the caller: starts ffmpeg, sends PULL.DATA / PULL.END, kills it when stopped.
    pull: fromCallback<StreamMachineEvent, { attempt: number }>(() => {
      throw new Error('the pull actor was not provided');
    }),
  },
  actions: {
    nowLive: assign({ attempts: 0, offline: false, reason: null, reasonKind: null }),
    noData: assign({ reason: 'no data for 10 s', reasonKind: 'noData' }),
    endReason: assign(({ event }) => (event.type === 'PULL.END' ? { reason: event.reason, reasonKind: event.kind } : {})),
    goneQuiet: assign({ attempts: ({ context }) => context.attempts + 1, offline: true }),
  },
  guards: {
    fatal: ({ event }) => event.type === 'PULL.END' && event.fatal,
    triesLeft: ({ context }) => context.attempts + 1 < STREAM_TIMING.triesBeforeOffline,
  },
  delays: {
    stall: STREAM_TIMING.stallMs,
    stalledGrace: STREAM_TIMING.stalledGraceMs,
    backoff: ({ context }) => backoffMs(context.attempts),
    errorRetry: STREAM_TIMING.errorRetryMs,
  },
}).createMachine({
  id: 'stream',
  context: { attempts: 0, offline: false, reason: null, reasonKind: null },
  initial: 'idle',
  on: { STOP: { target: '.stopped' } },
  states: {
    idle: { on: { START: { target: 'running' } } },
    // One pull for as long as this state lasts: connecting, live and stalled share the process.
    running: {
      invoke: { id: 'pull', src: 'pull', input: ({ context }) => ({ attempt: context.attempts }) },
      initial: 'connecting',
      on: {
        'PULL.END': [
          { guard: 'fatal', target: 'error', actions: 'endReason' },
          { target: 'lost', actions: 'endReason' },
        ],
      },
      states: {
        connecting: {
          on: { 'PULL.DATA': { target: 'live', actions: 'nowLive' } },
          after: { stall: { target: 'stalled', actions: 'noData' } },
        },
        live: {
          // Each fragment or frame starts the stall timer again.
          on: { 'PULL.DATA': { target: 'live', reenter: true } },
          after: { stall: { target: 'stalled', actions: 'noData' } },
        },
        stalled: {
          on: { 'PULL.DATA': { target: 'live', actions: 'nowLive' } },
          after: { stalledGrace: { target: '#stream.offline', actions: 'goneQuiet' } },
        },
      },
    },
    // The pull ended or was dropped: wait and try again; offline once the tries in a row are used up.
    lost: {
      always: [
        { guard: 'triesLeft', target: 'reconnecting', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
        { target: 'offline', actions: assign({ attempts: ({ context }) => context.attempts + 1, offline: true }) },
      ],
    },
    reconnecting: { after: { backoff: { target: 'running' } } },
    offline: { after: { backoff: { target: 'running' } } },
    error: { after: { errorRetry: { target: 'running' } } },
    stopped: { type: 'final' },
  },
});

export type StreamMachine = typeof streamMachine;

/** The state the box reports for the camera (EdgeStreamReport.state). */
export function reportedState(snapshot: SnapshotFrom<StreamMachine>): StreamState {
  const { context } = snapshot;
  if (snapshot.matches({ running: 'live' })) return 'live';
  if (snapshot.matches({ running: 'stalled' })) return 'stalled';
  if (snapshot.matches('error')) return 'error';
  if (context.offline) return 'offline';
  if (snapshot.matches('reconnecting') || context.attempts > 0) return 'reconnecting';
  return 'connecting';
}
