// Model-based test of the job progress poller on a simulated clock: a model of what the operator sees (fetching,
// waiting for the next poll, retrying after a failed poll, and the four ends) generates paths through every
// transition; each drives the production machine with a fake poll whose answers the test gives, and checks the
// timing (the interval, the doubling back-off), that a finished machine polls no more, and what it outputs.
import { describe, expect, it } from 'vitest';
import { type AnyStateNode, type AnyTransitionDefinition, createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { settle, stepToOne } from './support/clockSteps.ts';
import { coveringPaths } from './support/coveringPaths.ts';
import { backoffDelay, JOB_POLLING, type JobOutcome, type JobSnapshot, jobProgressMachine } from '../../src/machines/jobProgress.machine.ts';

const userModel = createMachine({
  id: 'job',
  initial: 'fetching',
  states: {
    fetching: {
      on: { RUNNING: 'waiting', FINISHED: 'done', ABNORMAL: 'failed', POLL_FAILS: 'retrying', GIVES_UP: 'lost', CANCEL: 'cancelled' },
    },
    waiting: { on: { INTERVAL: 'fetching', CANCEL: 'cancelled' } },
    retrying: { on: { BACKOFF: 'fetching', CANCEL: 'cancelled' } },
    done: {},
    failed: {},
    cancelled: {},
    lost: {},
  },
});
const model = createTestModel(userModel);

const visitedStates = new Set<string>();
const takenTransitions = new Set<string>();
const transitionKey = (t: AnyTransitionDefinition) => {
  const event = t.eventType.startsWith('xstate.after.') ? t.eventType.split('.').slice(0, 3).join('.') : t.eventType;
  return `${t.source.id} --${event}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(stays)'}`;
};
const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(nodesOf)];

const snapshot = (state: JobSnapshot['state'], progress: number, message = ''): JobSnapshot => ({ state, progress, message, detail: { progress } });

class Harness {
  readonly clock = new SimulatedClock();
  polls = 0;
  private pending: { resolve: (s: JobSnapshot) => void; reject: (e: unknown) => void } | null = null;
  output: JobOutcome | null = null;
  readonly actor;

  constructor() {
    const machine = jobProgressMachine.provide({
      actors: {
        poll: fromPromise<JobSnapshot, { taskId: number }>(({ input }) => {
          expect(input.taskId).toBe(7);
          this.polls++;
          return new Promise((resolve, reject) => {
            this.pending = { resolve, reject };
          });
        }),
      },
    });
    this.actor = createActor(machine, {
      input: { taskId: 7 },
      clock: this.clock,
      inspect: (event) => {
        if (event.type !== '@xstate.microstep') return;
        for (const t of event._transitions) {
          takenTransitions.add(transitionKey(t));
          for (const node of t.target ?? []) visitedStates.add(node.id);
        }
      },
    });
    this.actor.subscribe({ complete: () => (this.output = this.actor.getSnapshot().output ?? null) });
    for (const node of this.actor.getSnapshot()._nodes) visitedStates.add(node.id);
    this.actor.start();
  }

  async answer(s: JobSnapshot) {
    await settle();
    this.pending?.resolve(s);
    this.pending = null;
    await settle();
  }

  async fail(error: unknown) {
    await settle();
    this.pending?.reject(error);
    this.pending = null;
    await settle();
  }

  /** Advances the clock to just before `ms` (nothing happens), then to it. */
  async wait(ms: number) {
    await stepToOne(this.clock, () => this.polls, ms, 'poll');
  }

  get state() {
    return this.actor.getSnapshot().value;
  }
  get context() {
    return this.actor.getSnapshot().context;
  }
}

const performers: Record<string, (h: Harness) => Promise<void>> = {
  RUNNING: async (h) => {
    await h.answer(snapshot(1, 40));
    expect(h.context.snapshot?.progress).toBe(40);
    expect(h.context.failures).toBe(0);
  },
  FINISHED: async (h) => h.answer(snapshot(2, 100)),
  ABNORMAL: async (h) => h.answer(snapshot(3, 60, 'out of memory')),
  POLL_FAILS: async (h) => {
    const before = h.context.failures;
    await h.fail(new Error('network down'));
    expect(h.context.failures).toBe(before + 1);
    expect(h.context.error).toBe('network down');
  },
  GIVES_UP: async (h) => {
    for (let failures = h.context.failures; failures < JOB_POLLING.maxFailures - 1; failures++) {
      await h.fail(new Error('server gone'));
      await h.wait(backoffDelay(h.context.failures));
    }
    await h.fail(new Error('server gone'));
  },
  INTERVAL: async (h) => h.wait(JOB_POLLING.intervalMs),
  BACKOFF: async (h) => h.wait(backoffDelay(h.context.failures)),
  CANCEL: async (h) => h.actor.send({ type: 'CANCEL' }),
};

function checks(h: Harness) {
  const ended = (status: JobOutcome['status']) => async () => {
    expect(h.state).toBe(status === 'done' ? 'done' : status);
    expect(h.output?.status).toBe(status);
    // A finished machine polls no more, whatever the time.
    const polls = h.polls;
    h.clock.increment(JOB_POLLING.backoffMaxMs * 2);
    await settle();
    expect(h.polls).toBe(polls);
  };
  return {
    fetching: () => expect(h.state).toBe('fetching'),
    waiting: () => expect(h.state).toBe('waiting'),
    retrying: () => expect(h.state).toBe('retrying'),
    done: async () => {
      await ended('done')();
      expect(h.output).toMatchObject({ status: 'done', snapshot: { progress: 100 } });
    },
    failed: async () => {
      await ended('failed')();
      expect(h.output).toMatchObject({ status: 'failed', snapshot: { message: 'out of memory' } });
    },
    cancelled: ended('cancelled'),
    lost: async () => {
      await ended('lost')();
      expect(h.output).toMatchObject({ status: 'lost', error: 'server gone' });
    },
  };
}


describe('job progress poller (model-based, simulated clock)', () => {
  for (const path of coveringPaths(model, userModel)) {
    it(path.description, async () => {
      const h = new Harness();
      const events = Object.fromEntries(Object.entries(performers).map(([type, perform]) => [type, () => perform(h)]));
      await path.test({ states: checks(h) as never, events: events as never });
      h.actor.stop();
    });
  }

  it('exercised every state and every transition of the production machine', () => {
    expect([...visitedStates].sort()).toEqual(nodesOf(jobProgressMachine.root).map((n) => n.id).sort());
    const all = new Set<string>();
    for (const node of nodesOf(jobProgressMachine.root)) for (const list of node.transitions.values()) for (const t of list) all.add(transitionKey(t));
    expect([...takenTransitions].sort()).toEqual([...all].sort());
  });

  it('doubles the back-off after each failure in a row, up to its ceiling', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(backoffDelay)).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('stops polling when the screen is left (the actor is stopped)', async () => {
    const h = new Harness();
    await h.answer(snapshot(1, 10));
    h.actor.stop();
    h.clock.increment(JOB_POLLING.intervalMs * 10);
    await settle();
    expect(h.polls).toBe(1);
  });

  it('a good poll after failures resets the back-off', async () => {
    const h = new Harness();
    await h.fail(new Error('blip'));
    await h.wait(backoffDelay(1));
    await h.fail(new Error('blip'));
    await h.wait(backoffDelay(2));
    await h.answer(snapshot(1, 50));
    expect(h.context.failures).toBe(0);
    await h.wait(JOB_POLLING.intervalMs);
    h.actor.stop();
  });
});
