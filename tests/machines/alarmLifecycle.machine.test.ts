// Model-based test of one alarm's lifecycle: a model of the statuses the operator sees (and of what the server
// may answer: success, a 409 because someone else handled it first, a failed call, a live push) generates paths
// through every transition; each drives the production machine with a fake server call and checks the status,
// the request sent, who-handled-it after a refusal, and that nothing is sent for an incomplete form.
import { describe, expect, it } from 'vitest';
import { type Actor, type AnyStateNode, type AnyTransitionDefinition, createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { coveringPaths } from './support/coveringPaths.ts';
import {
  ALLOWED_ACTIONS,
  type AlarmStatus,
  alarmLifecycleMachine,
  type LifecycleAction,
  type LifecycleEvent,
  lifecycleStateOf,
  type PerformRequest,
  type PerformResult,
  type Refusal,
} from '../../src/machines/alarmLifecycle.machine.ts';

const userModel = createMachine({
  id: 'alarm',
  initial: 'new',
  states: {
    new: {
      on: {
        CONFIRM_OK: 'confirmed',
        CONFIRM_OK_ECHOED: 'confirmed',
        CONFIRM_REFUSED_IGNORED_BY_OTHER: 'ignored',
        IGNORE_OK: 'ignored',
        IGNORE_REFUSED_CONFIRMED_BY_OTHER: 'confirmed',
        DELETE_OK: 'deleted',
        CALL_FAILS: 'new',
        PUSH_CONFIRMED: 'confirmed',
        PUSH_DELETED: 'deleted',
      },
    },
    confirmed: {
      on: {
        DEAL_OK: 'dealt',
        DEAL_WITHOUT_RESULT: 'confirmed',
        DEAL_REFUSED_DEALT_BY_OTHER: 'dealt',
        IGNORE_OK: 'ignored',
        DELETE_OK: 'deleted',
        CALL_FAILS: 'confirmed',
        DISMISS: 'confirmed',
      },
    },
    ignored: { on: { CONFIRM_OK: 'confirmed', CONFIRM_REFUSED_GONE: 'deleted', DELETE_OK: 'deleted', CALL_FAILS: 'ignored' } },
    dealt: {
      on: {
        CHECK_QUALIFIED_OK: 'checked',
        CHECK_UNQUALIFIED_OK: 'checked',
        CHECK_UNQUALIFIED_WITHOUT_REASON: 'dealt',
        CHECK_REFUSED_SENT_BACK_BY_OTHER: 'confirmed',
        AGAIN_OK: 'confirmed',
        AGAIN_WITHOUT_REASON: 'dealt',
        DELETE_OK: 'deleted',
        CALL_FAILS: 'dealt',
      },
    },
    checked: { on: { AGAIN_OK: 'confirmed', AGAIN_REFUSED_GONE: 'deleted', DELETE_OK: 'deleted', PUSH_CONFIRMED: 'confirmed' } },
    deleted: {},
  },
});

const model = createTestModel(userModel);
const visitedStates = new Set<string>();
const takenTransitions = new Set<string>();

function transitionKey(t: AnyTransitionDefinition): string {
  return `${t.source.id} --${t.eventType || '(always)'}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(stays)'}`;
}
const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(nodesOf)];

interface Pending {
  request: PerformRequest;
  resolve(result: PerformResult): void;
  reject(error: unknown): void;
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

class Harness {
  readonly calls: PerformRequest[] = [];
  pending: Pending | null = null;
  expectedRefusal: Refusal | null = null;
  expectedError: string | null = null;
  readonly actor: Actor<typeof alarmLifecycleMachine>;

  constructor() {
    const machine = alarmLifecycleMachine.provide({
      actors: {
        perform: fromPromise<PerformResult, PerformRequest>(
          ({ input }) =>
            new Promise((resolve, reject) => {
              this.calls.push(input);
              this.pending = { request: input, resolve, reject };
            }),
        ),
      },
    });
    this.actor = createActor(machine, {
      input: { id: 7, status: 0 },
      inspect: (event) => {
        if (event.type !== '@xstate.microstep') return;
        for (const t of event._transitions) {
          takenTransitions.add(transitionKey(t));
          for (const node of t.target ?? []) visitedStates.add(node.id);
        }
      },
    });
    this.actor.subscribe((snapshot) => {
      for (const node of snapshot._nodes) visitedStates.add(node.id);
    });
    this.actor.start();
  }

  get snapshot() {
    return this.actor.getSnapshot();
  }

  /** Sends `event`, checks the one request it makes, answers it with `outcome`. */
  async act(event: LifecycleEvent, expected: LifecycleAction, outcome: PerformResult | Error, echo?: AlarmStatus | null): Promise<void> {
    const before = this.calls.length;
    this.actor.send(event);
    expect(this.snapshot.value).toBe('working');
    expect(this.calls).toHaveLength(before + 1);
    expect(this.pending?.request).toEqual({ id: 7, action: expected });
    // A push of our own change can arrive before the HTTP answer; the answer decides.
    if (echo !== undefined) {
      this.actor.send({ type: 'SERVER_STATUS', status: echo });
      expect(this.snapshot.value).toBe('working');
    }
    const pending = this.pending!;
    this.pending = null;
    if (outcome instanceof Error) pending.reject(outcome);
    else pending.resolve(outcome);
    await settle();
    this.expectedError = outcome instanceof Error ? outcome.message : null;
    this.expectedRefusal =
      outcome instanceof Error || outcome.kind === 'done'
        ? null
        : { action: expected.type, status: outcome.status, handleUser: outcome.handleUser, handleTime: outcome.handleTime };
  }

  /** An event the machine must refuse without calling the server. */
  refused(event: LifecycleEvent): void {
    const before = this.calls.length;
    const state = this.snapshot.value;
    this.actor.send(event);
    expect(this.snapshot.value).toBe(state);
    expect(this.calls).toHaveLength(before);
  }
}

const done = (status: AlarmStatus | null): PerformResult => ({ kind: 'done', status });
const byOther = (status: AlarmStatus | null): PerformResult => ({ kind: 'refused', status, handleUser: 'operator2', handleTime: '2026-11-21 08:31:00' });
const status = (h: Harness) => h.snapshot.context.status;

const performers: Record<string, (h: Harness) => Promise<void> | void> = {
  CONFIRM_OK: (h) => h.act({ type: 'CONFIRM', remark: 'ok' }, { type: 'confirm', expectedStatus: status(h) === 2 ? 2 : 0, remark: 'ok' }, done(1)),
  CONFIRM_OK_ECHOED: (h) => h.act({ type: 'CONFIRM' }, { type: 'confirm', expectedStatus: 0, remark: undefined }, done(1), 1),
  CONFIRM_REFUSED_IGNORED_BY_OTHER: (h) => h.act({ type: 'CONFIRM' }, { type: 'confirm', expectedStatus: 0, remark: undefined }, byOther(2)),
  CONFIRM_REFUSED_GONE: (h) => h.act({ type: 'CONFIRM' }, { type: 'confirm', expectedStatus: 2, remark: undefined }, byOther(null)),
  IGNORE_OK: (h) => h.act({ type: 'IGNORE' }, { type: 'ignore', expectedStatus: status(h) === 1 ? 1 : 0, remark: undefined }, done(2)),
  IGNORE_REFUSED_CONFIRMED_BY_OTHER: (h) => h.act({ type: 'IGNORE' }, { type: 'ignore', expectedStatus: 0, remark: undefined }, byOther(1)),
  DELETE_OK: (h) => h.act({ type: 'DELETE' }, { type: 'delete' }, done(null)),
  CALL_FAILS: (h) => {
    const s = status(h);
    const [event, action]: [LifecycleEvent, LifecycleAction] =
      s === 3 ? [{ type: 'CHECK', result: 1 }, { type: 'check', result: 1, remark: undefined }] : [{ type: 'DELETE' }, { type: 'delete' }];
    return h.act(event, action, new Error('连接服务器失败'));
  },
  DEAL_OK: (h) => h.act({ type: 'DEAL', result: ' 已派人处理 ', remark: 'r' }, { type: 'deal', result: '已派人处理', remark: 'r' }, done(3)),
  DEAL_WITHOUT_RESULT: (h) => h.refused({ type: 'DEAL', result: '   ' }),
  DEAL_REFUSED_DEALT_BY_OTHER: (h) => h.act({ type: 'DEAL', result: 'x' }, { type: 'deal', result: 'x', remark: undefined }, byOther(3)),
  CHECK_QUALIFIED_OK: (h) => h.act({ type: 'CHECK', result: 1 }, { type: 'check', result: 1, remark: undefined }, done(4)),
  CHECK_UNQUALIFIED_OK: (h) => h.act({ type: 'CHECK', result: 2, remark: '未到场' }, { type: 'check', result: 2, remark: '未到场' }, done(4)),
  CHECK_UNQUALIFIED_WITHOUT_REASON: (h) => h.refused({ type: 'CHECK', result: 2, remark: ' ' }),
  CHECK_REFUSED_SENT_BACK_BY_OTHER: (h) => h.act({ type: 'CHECK', result: 1 }, { type: 'check', result: 1, remark: undefined }, byOther(1)),
  AGAIN_OK: (h) => h.act({ type: 'AGAIN', remark: '重新处理' }, { type: 'again', remark: '重新处理' }, done(1)),
  AGAIN_WITHOUT_REASON: (h) => h.refused({ type: 'AGAIN', remark: '' }),
  AGAIN_REFUSED_GONE: (h) => h.act({ type: 'AGAIN', remark: 'x' }, { type: 'again', remark: 'x' }, byOther(null)),
  PUSH_CONFIRMED: (h) => {
    h.actor.send({ type: 'SERVER_STATUS', status: 1 });
    h.expectedRefusal = null; // a push keeps what was shown; none was in these paths
  },
  PUSH_DELETED: (h) => h.actor.send({ type: 'SERVER_STATUS', status: null }),
  DISMISS: (h) => {
    h.actor.send({ type: 'DISMISS' });
    h.expectedRefusal = null;
    h.expectedError = null;
  },
};

function checks(h: Harness) {
  const check = (expected: AlarmStatus | null) => () => {
    expect(h.snapshot.value).toBe(lifecycleStateOf(expected));
    if (expected !== null) {
      expect(h.snapshot.context.status).toBe(expected);
      expect(ALLOWED_ACTIONS[expected].length).toBeGreaterThan(0);
    } else {
      expect(h.snapshot.context.deleted).toBe(true);
      expect(h.snapshot.status).toBe('done');
    }
    expect(h.snapshot.context.pending).toBeNull();
    expect(h.snapshot.context.refusal).toEqual(h.expectedRefusal);
    expect(h.snapshot.context.error).toBe(h.expectedError);
  };
  return { new: check(0), confirmed: check(1), ignored: check(2), dealt: check(3), checked: check(4), deleted: check(null) };
}


describe('alarm lifecycle machine (model-based)', () => {
  for (const path of coveringPaths(model, userModel)) {
    it(path.description, async () => {
      const h = new Harness();
      const events = Object.fromEntries(Object.entries(performers).map(([type, perform]) => [type, () => perform(h)]));
      await path.test({ states: checks(h), events: events as never });
    });
  }

  it('exercised every state and every transition of the production machine', () => {
    expect([...visitedStates].sort()).toEqual(nodesOf(alarmLifecycleMachine.root).map((n) => n.id).sort());
    const all = new Set<string>();
    for (const node of nodesOf(alarmLifecycleMachine.root)) {
      for (const list of node.transitions.values()) for (const t of list) all.add(transitionKey(t));
      for (const t of node.always ?? []) all.add(transitionKey(t));
    }
    expect([...takenTransitions].sort()).toEqual([...all].sort());
  });
});

describe('alarm lifecycle details', () => {
  it('starts in the state of the status it is given, and offers only what the status allows', () => {
    for (const s of [0, 1, 2, 3, 4] as AlarmStatus[]) {
      const actor = createActor(alarmLifecycleMachine, { input: { id: 1, status: s } }).start();
      expect(actor.getSnapshot().value).toBe(lifecycleStateOf(s));
      expect(ALLOWED_ACTIONS[s]).toContain('delete');
      actor.stop();
    }
    expect(ALLOWED_ACTIONS[0]).toEqual(['confirm', 'ignore', 'delete']);
    expect(ALLOWED_ACTIONS[4]).not.toContain('confirm');
  });

  it('ignores actions the status does not allow (an ignored alarm cannot be dealt)', () => {
    const actor = createActor(alarmLifecycleMachine, { input: { id: 1, status: 2 } }).start();
    actor.send({ type: 'DEAL', result: 'x' });
    actor.send({ type: 'IGNORE' });
    expect(actor.getSnapshot().value).toBe('ignored');
  });
});
