// Polls a background job (a training, GET /warehouse/train/progress/{id}, or an evaluation,
// GET /evaluate/task_progress/{id}) until it is finished (state 2), abnormal (state 3), cancelled by the operator or
// the actor is stopped (the screen is left). A failed poll is retried with a doubling delay; after
// JOB_POLLING.maxFailures failures in a row the machine gives up ("lost") and says so — the job itself may still run.
import { assign, fromPromise, setup } from 'xstate';

export const JOB_POLLING = {
  intervalMs: 1000,
  backoffBaseMs: 2000,
  backoffMaxMs: 30_000,
  maxFailures: 6,
} as const;

/** What one poll answers, whichever job it is (spec §4 run states: 0 queued, 1 running, 2 finished, 3 abnormal). */
export interface JobSnapshot<D = unknown> {
  state: 0 | 1 | 2 | 3;
  progress: number;
  message: string;
  detail: D;
}

export type JobOutcome<D = unknown> =
  | { status: 'done'; snapshot: JobSnapshot<D> }
  | { status: 'failed'; snapshot: JobSnapshot<D> }
  | { status: 'cancelled'; snapshot: JobSnapshot<D> | null }
  | { status: 'lost'; error: string; snapshot: JobSnapshot<D> | null };

export interface JobProgressContext<D = unknown> {
  taskId: number;
  snapshot: JobSnapshot<D> | null;
  failures: number;
  error: string | null;
  /** Set when a final state is entered. */
  status: JobOutcome['status'] | null;
}

export type JobProgressEvent = { type: 'CANCEL' };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The delay before the next try after `failures` failures in a row. */
export function backoffDelay(failures: number): number {
  return Math.min(JOB_POLLING.backoffBaseMs * 2 ** Math.max(0, failures - 1), JOB_POLLING.backoffMaxMs);
}

export const jobProgressMachine = setup({
  types: {
    context: {} as JobProgressContext,
    events: {} as JobProgressEvent,
    input: {} as { taskId: number },
    output: {} as JobOutcome,
  },
  actors: {
    poll: fromPromise<JobSnapshot, { taskId: number }>(async () => {
      throw new Error('poll is provided by the screen');
    }),
  },
  guards: {
    finished: ({ event }) => (event as unknown as { output: JobSnapshot }).output.state === 2,
    abnormal: ({ event }) => (event as unknown as { output: JobSnapshot }).output.state === 3,
    givesUp: ({ context }) => context.failures + 1 >= JOB_POLLING.maxFailures,
  },
  delays: {
    interval: JOB_POLLING.intervalMs,
    backoff: ({ context }) => backoffDelay(context.failures),
  },
}).createMachine({
  id: 'jobProgress',
  context: ({ input }) => ({ taskId: input.taskId, snapshot: null, failures: 0, error: null, status: null }),
  initial: 'fetching',
  on: { CANCEL: '.cancelled' },
  states: {
    fetching: {
      invoke: {
        src: 'poll',
        input: ({ context }) => ({ taskId: context.taskId }),
        onDone: [
          { guard: 'finished', target: 'done', actions: assign({ snapshot: ({ event }) => event.output, failures: 0, error: null }) },
          { guard: 'abnormal', target: 'failed', actions: assign({ snapshot: ({ event }) => event.output, failures: 0, error: null }) },
          { target: 'waiting', actions: assign({ snapshot: ({ event }) => event.output, failures: 0, error: null }) },
        ],
        onError: [
          { guard: 'givesUp', target: 'lost', actions: assign({ failures: ({ context }) => context.failures + 1, error: ({ event }) => message(event.error) }) },
          { target: 'retrying', actions: assign({ failures: ({ context }) => context.failures + 1, error: ({ event }) => message(event.error) }) },
        ],
      },
    },
    waiting: { after: { interval: 'fetching' } },
    retrying: { after: { backoff: 'fetching' } },
    done: { type: 'final', entry: assign({ status: 'done' as const }) },
    failed: { type: 'final', entry: assign({ status: 'failed' as const }) },
    cancelled: { type: 'final', entry: assign({ status: 'cancelled' as const }) },
    lost: { type: 'final', entry: assign({ status: 'lost' as const }) },
  },
  output: ({ context }): JobOutcome => {
    if (context.status === 'done') return { status: 'done', snapshot: context.snapshot! };
    if (context.status === 'failed') return { status: 'failed', snapshot: context.snapshot! };
    if (context.status === 'lost') return { status: 'lost', error: context.error ?? '', snapshot: context.snapshot };
    return { status: 'cancelled', snapshot: context.snapshot };
  },
});
