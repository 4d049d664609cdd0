// Model-based test of the orchestration editor: a model of the draft's standing as the operator sees it (unsaved
// edits, saved but not validated, validated) and of what the server may answer generates paths through every
// transition; each drives the production machine with fake save/validate/publish calls and checks the standing,
// what was sent (a trial of unsaved prompts, or the draft itself) and that publishing is never sent unless allowed.
import { describe, expect, it } from 'vitest';
import { type AnyStateNode, type AnyTransitionDefinition, createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { coveringPaths } from './support/coveringPaths.ts';
import {
  type OrchestrationEvent,
  orchestrationMachine,
  orchestrationStatus,
  PublishRefused,
  type ValidateOutcome,
  type ValidateRequest,
} from '../../src/machines/orchestration.machine.ts';

const userModel = createMachine({
  id: 'draft',
  initial: 'unvalidated',
  states: {
    unvalidated: {
      on: {
        EDIT: 'dirty',
        SAVE_OK: 'unvalidated',
        VALIDATE_OWN_OK: 'validated',
        VALIDATE_FAILS: 'unvalidated',
        PUBLISH_BLOCKED: 'unvalidated',
      },
    },
    dirty: {
      on: {
        EDIT: 'dirty',
        SAVE_OK: 'unvalidated',
        SAVE_FAILS: 'dirty',
        DISMISS: 'dirty',
        VALIDATE_TRIAL_OK: 'dirty',
        PUBLISH_BLOCKED: 'dirty',
      },
    },
    validated: {
      on: {
        EDIT: 'dirty',
        SAVE_KEEPS_VALIDATION: 'validated',
        VALIDATE_OWN_OK: 'validated',
        PUBLISH_OK: 'validated',
        PUBLISH_FAILS: 'validated',
        PUBLISH_REFUSED_STALE: 'unvalidated',
      },
    },
  },
});
const model = createTestModel(userModel);

const visitedStates = new Set<string>();
const takenTransitions = new Set<string>();
const transitionKey = (t: AnyTransitionDefinition) =>
  `${t.source.id} --${t.eventType}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(stays)'}${t.guard ? ' [guarded]' : ''}`;
const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(nodesOf)];
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Call = { kind: 'save' } | { kind: 'validate'; input: ValidateRequest } | { kind: 'publish'; input: { typeId: number; version?: string } };

class Harness {
  readonly calls: Call[] = [];
  private resolveNext: ((value: unknown) => void) | null = null;
  private rejectNext: ((error: unknown) => void) | null = null;
  publishes = 0;
  readonly actor;

  constructor() {
    const wait = <T,>(call: Call) =>
      new Promise<T>((resolve, reject) => {
        this.calls.push(call);
        this.resolveNext = resolve as (value: unknown) => void;
        this.rejectNext = reject;
      });
    const machine = orchestrationMachine.provide({
      actors: {
        save: fromPromise<{ validated: boolean }, void>(() => wait({ kind: 'save' })),
        validate: fromPromise<ValidateOutcome, ValidateRequest>(({ input }) => wait({ kind: 'validate', input })),
        publish: fromPromise<{ version: string }, { typeId: number; version?: string }>(({ input }) => wait({ kind: 'publish', input })),
      },
    });
    this.actor = createActor(machine, {
      input: { validated: false, publishedVersion: null },
      inspect: (event) => {
        if (event.type !== '@xstate.microstep') return;
        for (const t of event._transitions) {
          takenTransitions.add(transitionKey(t));
          for (const node of t.target ?? []) visitedStates.add(node.id);
        }
      },
    });
    this.actor.subscribe((s) => {
      for (const node of s._nodes) visitedStates.add(node.id);
    });
    this.actor.start();
  }

  send(event: OrchestrationEvent) {
    this.actor.send(event);
  }

  async answer(value: unknown) {
    await settle();
    this.resolveNext?.(value);
    await settle();
  }

  async fail(error: unknown) {
    await settle();
    this.rejectNext?.(error);
    await settle();
  }

  get context() {
    return this.actor.getSnapshot().context;
  }

  lastCall() {
    return this.calls.at(-1);
  }
}

const files = [new File(['x'], 'a.jpg', { type: 'image/jpeg' })];
const trial = { prompts: ['person'], boxThreshold: 0.3 };

const performers: Record<string, (h: Harness) => Promise<void>> = {
  EDIT: async (h) => h.send({ type: 'EDIT' }),
  SAVE_OK: async (h) => {
    h.send({ type: 'SAVE' });
    await h.answer({ validated: false });
  },
  SAVE_KEEPS_VALIDATION: async (h) => {
    h.send({ type: 'SAVE' });
    await h.answer({ validated: true });
  },
  SAVE_FAILS: async (h) => {
    h.send({ type: 'SAVE' });
    await h.fail(new Error('duplicate name'));
    expect(h.context.error).toBe('duplicate name');
  },
  VALIDATE_OWN_OK: async (h) => {
    h.send({ type: 'VALIDATE', files, trial });
    await h.answer({ result: { images: 1 }, draftValidated: true });
    const call = h.lastCall();
    expect(call?.kind === 'validate' && call.input.trial).toBeNull();
    expect(h.context.result).toEqual({ images: 1 });
  },
  VALIDATE_TRIAL_OK: async (h) => {
    h.send({ type: 'VALIDATE', files, trial });
    await h.answer({ result: { images: 2 }, draftValidated: false });
    const call = h.lastCall();
    expect(call?.kind === 'validate' && call.input.trial).toEqual(trial);
  },
  VALIDATE_FAILS: async (h) => {
    h.send({ type: 'VALIDATE', files, trial });
    await h.fail(new Error('not an image'));
    expect(h.context.error).toBe('not an image');
  },
  DISMISS: async (h) => {
    h.send({ type: 'DISMISS' });
    expect(h.context.error).toBeNull();
  },
  PUBLISH_BLOCKED: async (h) => {
    const before = h.calls.length;
    h.send({ type: 'PUBLISH', typeId: 2 });
    await settle();
    expect(h.calls.length).toBe(before);
  },
  PUBLISH_OK: async (h) => {
    h.send({ type: 'PUBLISH', typeId: 2, version: `2.0.${h.publishes}` });
    await h.answer({ version: `2.0.${h.publishes}` });
    expect(h.context.publishedVersion).toBe(`2.0.${h.publishes}`);
    h.publishes++;
  },
  PUBLISH_FAILS: async (h) => {
    h.send({ type: 'PUBLISH', typeId: 2 });
    await h.fail(new Error('connection lost'));
    expect(h.context).toMatchObject({ error: 'connection lost', refusedStale: false });
  },
  PUBLISH_REFUSED_STALE: async (h) => {
    h.send({ type: 'PUBLISH', typeId: 2 });
    await h.fail(new PublishRefused('not validated since it changed', true));
    expect(h.context.refusedStale).toBe(true);
  },
};

function checks(h: Harness) {
  const standing = (expected: string) => () => {
    expect(h.actor.getSnapshot().value).toBe('editing');
    expect(orchestrationStatus(h.context, false)).toBe(expected);
  };
  return { unvalidated: standing('unvalidated'), dirty: standing('unsaved'), validated: standing('validated') };
}


describe('orchestration editor machine (model-based)', () => {
  for (const path of coveringPaths(model, userModel)) {
    it(path.description, async () => {
      const h = new Harness();
      const events = Object.fromEntries(Object.entries(performers).map(([type, perform]) => [type, () => perform(h)]));
      await path.test({ states: checks(h), events: events as never });
    });
  }

  it('exercised every state and every transition of the production machine', () => {
    expect([...visitedStates].sort()).toEqual(nodesOf(orchestrationMachine.root).map((n) => n.id).sort());
    const all = new Set<string>();
    for (const node of nodesOf(orchestrationMachine.root)) for (const list of node.transitions.values()) for (const t of list) all.add(transitionKey(t));
    expect([...takenTransitions].sort()).toEqual([...all].sort());
  });

  it('a saved fine-tuned draft publishes without a validation; saved as a prompt-based kind it needs one again', async () => {
    let kind: 'fineTuned' | 'prompts' = 'fineTuned';
    const published: unknown[] = [];
    const machine = orchestrationMachine.provide({
      actors: {
        save: fromPromise<{ validated: boolean; validationNeeded?: boolean }, void>(async () => ({ validated: false, validationNeeded: kind !== 'fineTuned' })),
        publish: fromPromise<{ version: string }, { typeId: number; version?: string }>(async ({ input }) => {
          published.push(input);
          return { version: '1.0.0' };
        }),
      },
    });
    const actor = createActor(machine, { input: { validated: false, validationNeeded: false, publishedVersion: null } }).start();
    expect(orchestrationStatus(actor.getSnapshot().context, false)).toBe('fineTuned');
    actor.send({ type: 'PUBLISH', typeId: 2 });
    await settle();
    expect(published).toEqual([{ typeId: 2, version: undefined }]);
    kind = 'prompts';
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'SAVE' });
    await settle();
    expect(orchestrationStatus(actor.getSnapshot().context, false)).toBe('unvalidated');
    actor.send({ type: 'PUBLISH', typeId: 2 });
    await settle();
    expect(published).toHaveLength(1);
    actor.stop();
  });

  it('shows busy while a call runs, and DISMISS clears an error', async () => {
    const actor = createActor(orchestrationMachine, { input: { validated: true, publishedVersion: '1.0.0' } }).start();
    actor.send({ type: 'SAVE' });
    expect(orchestrationStatus(actor.getSnapshot().context, actor.getSnapshot().value !== 'editing')).toBe('busy');
    await settle();
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });
});
