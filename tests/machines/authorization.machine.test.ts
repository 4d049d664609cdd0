// Model-based test of the authorization polling machine (/applyAuthorization): a small model of what the applicant
// sees generates paths to every state and through every transition; each path drives the production machine (a
// fake status call the test answers, a simulated clock) and checks it at every step — polls only when due, backoff
// while nothing changes, retries then gives up, stops on leave. A final check proves every production state and
// transition was exercised.
import { type AnyStateNode, type AnyTransitionDefinition, createActor, fromPromise, SimulatedClock } from 'xstate';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { coveringPaths } from './support/coveringPaths.ts';
import { describe, expect, it } from 'vitest';
import { AUTH_TIMING, type AuthorizationStatus, authorizationMachine, retryDelayMs } from '../../src/machines/authorization.machine.ts';

const userModel = createMachine({
  id: 'user',
  initial: 'checking',
  states: {
    checking: {
      on: { STILL_WAITING: 'waiting', GRANTED: 'waiting', SETTLES: 'settled', NETWORK_FAILS: 'retrying', ALL_TRIES_FAIL: 'failed', LEAVE: 'stopped' },
    },
    waiting: { on: { POLL_DUE: 'checking', REFRESH: 'checking', LEAVE: 'stopped' } },
    retrying: { on: { RETRY_DUE: 'checking', REFRESH: 'checking', LEAVE: 'stopped' } },
    failed: { on: { RETRY: 'checking', LEAVE: 'stopped' } },
    settled: { on: { REFRESH: 'checking', LEAVE: 'stopped' } },
    stopped: {},
  },
});
const model = createTestModel(userModel);

function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function transitionKey(t: AnyTransitionDefinition): string {
  const targets = (t.target ?? []).map((node) => node.id).join(',') || '(stays)';
  const event = t.eventType.startsWith('xstate.after.') ? t.eventType.split('.').slice(0, 3).join('.') : t.eventType;
  return `${t.source.id} --${event}--> ${targets}`;
}
const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(nodesOf)];
const allStateIds = () => nodesOf(authorizationMachine.root).map((n) => n.id).sort();
function allTransitionKeys(): string[] {
  const keys: string[] = [];
  for (const node of nodesOf(authorizationMachine.root)) for (const list of node.transitions.values()) for (const t of list) keys.push(transitionKey(t));
  return [...new Set(keys)].sort();
}

interface Call {
  resolve(s: AuthorizationStatus): void;
  reject(e: Error): void;
}

class Harness {
  readonly clock = new SimulatedClock();
  readonly calls: Call[] = [];
  answered = 0;
  /** The server's current answer. */
  server: AuthorizationStatus = { id: 7, status: 0, progress: 100 };
  readonly actor;
  readonly visited: Set<string>;
  readonly taken: Set<string>;
  constructor(visited: Set<string>, taken: Set<string>) {
    this.visited = visited;
    this.taken = taken;
    const machine = authorizationMachine.provide({
      actors: {
        fetchStatus: fromPromise<AuthorizationStatus, { id: number }>(({ input }) => {
          expect(input.id).toBe(7);
          return new Promise((resolve, reject) => this.calls.push({ resolve, reject }));
        }),
      },
    });
    this.actor = createActor(machine, {
      input: { id: 7 },
      clock: this.clock,
      inspect: (e) => {
        if (e.type === '@xstate.microstep') for (const t of (e as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) this.taken.add(transitionKey(t));
        if (e.type === '@xstate.snapshot') {
          const snap = this.actor?.getSnapshot();
          if (snap) for (const node of snap._nodes) this.visited.add(node.id);
        }
      },
    });
    this.actor.start();
    for (const node of this.actor.getSnapshot()._nodes) this.visited.add(node.id);
  }
  get snapshot() {
    return this.actor.getSnapshot();
  }
  /** The pending call (exactly one while checking). */
  pending(): Call {
    expect(this.calls.length).toBe(this.answered + 1);
    return this.calls[this.answered];
  }
  async answer() {
    const call = this.pending();
    this.answered++;
    call.resolve({ ...this.server });
    await settle();
  }
  async failCall() {
    const call = this.pending();
    this.answered++;
    call.reject(new Error('network down'));
    await settle();
  }
  async advance(ms: number) {
    this.clock.increment(ms);
    await settle();
  }
}

function checks(h: Harness) {
  return {
    checking: () => {
      expect(h.snapshot.value).toBe('checking');
      expect(h.calls.length).toBe(h.answered + 1);
    },
    waiting: async () => {
      expect(h.snapshot.value).toBe('waiting');
      expect(h.snapshot.context.last).toEqual(h.server);
      expect(h.snapshot.context.delayMs).toBeGreaterThanOrEqual(AUTH_TIMING.pollBaseMs);
      expect(h.snapshot.context.delayMs).toBeLessThanOrEqual(AUTH_TIMING.pollMaxMs);
    },
    retrying: () => {
      expect(h.snapshot.value).toBe('retrying');
      expect(h.snapshot.context.error).toBe('network down');
      expect(h.snapshot.context.failures).toBeLessThan(AUTH_TIMING.maxFailures);
    },
    failed: async () => {
      expect(h.snapshot.value).toBe('failed');
      expect(h.snapshot.context.failures).toBe(AUTH_TIMING.maxFailures);
      const calls = h.calls.length;
      await h.advance(120_000);
      expect(h.calls.length).toBe(calls); // gave up: no more polls until RETRY
    },
    settled: async () => {
      expect(h.snapshot.value).toBe('settled');
      const calls = h.calls.length;
      await h.advance(120_000);
      expect(h.calls.length).toBe(calls);
    },
    stopped: async () => {
      expect(h.snapshot.status).toBe('done');
      const calls = h.calls.length;
      await h.advance(120_000);
      expect(h.calls.length).toBe(calls);
    },
  };
}

type ModelEvent = Parameters<typeof userModel.transition>[1]['type'];

const performers: Record<ModelEvent, (h: Harness) => Promise<void>> = {
  STILL_WAITING: async (h) => {
    h.server = { ...h.server, status: h.server.status === 1 ? 1 : 0 };
    await h.answer();
  },
  GRANTED: async (h) => {
    h.server = { ...h.server, status: 1 };
    await h.answer();
  },
  SETTLES: async (h) => {
    h.server = { ...h.server, status: 2, progress: 100 };
    await h.answer();
  },
  NETWORK_FAILS: (h) => h.failCall(),
  ALL_TRIES_FAIL: async (h) => {
    while (h.snapshot.context.failures < AUTH_TIMING.maxFailures - 1) {
      await h.failCall();
      await h.advance(retryDelayMs(h.snapshot.context.failures));
    }
    await h.failCall();
  },
  POLL_DUE: async (h) => {
    const calls = h.calls.length;
    await h.advance(h.snapshot.context.delayMs - 1);
    expect(h.calls.length).toBe(calls); // not before it is due
    await h.advance(1);
  },
  RETRY_DUE: async (h) => {
    const calls = h.calls.length;
    await h.advance(retryDelayMs(h.snapshot.context.failures) - 1);
    expect(h.calls.length).toBe(calls);
    await h.advance(1);
  },
  REFRESH: async (h) => {
    h.actor.send({ type: 'REFRESH' });
    await settle();
  },
  RETRY: async (h) => {
    h.actor.send({ type: 'RETRY' });
    await settle();
  },
  LEAVE: async (h) => {
    h.actor.send({ type: 'STOP' });
    await settle();
  },
};


const visited = new Set<string>();
const taken = new Set<string>();

describe('authorization machine (model-based)', () => {
  for (const path of coveringPaths(model, userModel)) {
    it(path.description, async () => {
      const h = new Harness(visited, taken);
      await path.test({ states: checks(h), events: Object.fromEntries(Object.entries(performers).map(([k, f]) => [k, () => f(h)])) as never });
    });
  }

  it('exercised every state and every transition of the production machine', () => {
    expect([...visited].sort()).toEqual(allStateIds());
    expect([...taken].sort()).toEqual(allTransitionKeys());
  });
});

describe('authorization machine backoff', () => {
  it('doubles the wait while nothing changes, up to the cap, and starts again at 2 s on a change', async () => {
    const h = new Harness(new Set(), new Set());
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await h.answer();
      waits.push(h.snapshot.context.delayMs);
      await h.advance(h.snapshot.context.delayMs);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 10_000, 10_000]);
    h.server = { ...h.server, status: 1 };
    await h.answer();
    expect(h.snapshot.context.delayMs).toBe(2_000);
    expect(h.snapshot.context.last?.status).toBe(1);
  });

  it('retries a failed poll after 2, 4, 8, 16 s, and a good answer clears the failures', async () => {
    const h = new Harness(new Set(), new Set());
    for (const expected of [2_000, 4_000, 8_000, 16_000]) {
      await h.failCall();
      expect(retryDelayMs(h.snapshot.context.failures)).toBe(expected);
      await h.advance(expected);
    }
    await h.answer();
    expect(h.snapshot.context).toMatchObject({ failures: 0, error: null });
  });
});
