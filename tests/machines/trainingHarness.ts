// Drives the production training wizard machine with a fake server on a SimulatedClock: every call the machine
// makes waits until the test answers or fails it, and the fake keeps the dataset's counts as the server would.
// Records the states and transitions taken (child pollers included), for the coverage check.
import { expect } from 'vitest';
import { type AnyStateNode, type AnyTransitionDefinition, createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SampleCounts } from '../../src/domain/trainingRules.ts';
import { JOB_POLLING, type JobSnapshot, jobProgressMachine } from '../../src/machines/jobProgress.machine.ts';
import { type LoadedDataset, type MutateRequest, type TrainingEvent, trainingMachine, type WizardStep } from '../../src/machines/training.machine.ts';

export const visitedStates = new Set<string>();
export const takenTransitions = new Set<string>();

export function transitionKey(t: AnyTransitionDefinition): string {
  const event = t.eventType.startsWith('xstate.after.') ? t.eventType.split('.').slice(0, 3).join('.') : t.eventType || '(always)';
  const params = typeof t.guard === 'object' && t.guard && 'params' in t.guard ? `(${String(t.guard.params)})` : '';
  return `${t.source.id} --${event}${params}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(stays)'}`;
}

const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(nodesOf)];

export function allStateIds(): string[] {
  return nodesOf(trainingMachine.root).map((n) => n.id).sort();
}

export function allTransitionKeys(): string[] {
  const keys = new Set<string>();
  for (const node of nodesOf(trainingMachine.root)) {
    for (const list of node.transitions.values()) for (const t of list) keys.add(transitionKey(t));
    for (const t of node.always ?? []) keys.add(transitionKey(t));
  }
  return [...keys].sort();
}

export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export type CallKind = 'loadDataset' | 'upload' | 'mutate' | 'startTraining' | 'cancelTraining' | 'validate' | 'saveThreshold' | 'publish' | 'poll';
interface Pending {
  kind: CallKind;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export const images = (n: number) => Array.from({ length: n }, (_, i) => new File([new Uint8Array(8)], `img${i}.jpg`, { type: 'image/jpeg' }));

export class TrainingHarness {
  readonly clock = new SimulatedClock();
  readonly calls: { kind: CallKind; input: unknown }[] = [];
  private pending: Pending | null = null;
  counts: SampleCounts = { total: 0, positive: 0, negative: 0, unclassified: 0 };
  readonly actor;

  constructor(input: { algorithmId: number; step: WizardStep } = { algorithmId: 3, step: 'upload' }) {
    const call = <T>(kind: CallKind) =>
      fromPromise<T, never>(
        ({ input }) =>
          new Promise<T>((resolve, reject) => {
            this.calls.push({ kind, input });
            this.pending = { kind, input, resolve: resolve as (value: unknown) => void, reject };
          }),
      );
    const poller = jobProgressMachine.provide({ actors: { poll: call<JobSnapshot>('poll') as never } });
    const machine = trainingMachine.provide({
      actors: {
        loadDataset: call('loadDataset'),
        upload: call('upload'),
        mutate: call('mutate'),
        startTraining: call('startTraining'),
        cancelTraining: call('cancelTraining'),
        validate: call('validate'),
        saveThreshold: call('saveThreshold'),
        publish: call('publish'),
        trainProgress: poller,
      } as never,
    });
    this.actor = createActor(machine, {
      input,
      clock: this.clock,
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

  send(event: TrainingEvent) {
    this.actor.send(event);
  }

  /** Answers the call the machine is waiting for, after checking which call it is. */
  async answer(kind: CallKind, value: unknown) {
    await settle();
    expect(this.pending?.kind, `waiting for ${kind}`).toBe(kind);
    const pending = this.pending!;
    this.pending = null;
    pending.resolve(value);
    await settle();
  }

  async fail(kind: CallKind, error: unknown) {
    await settle();
    expect(this.pending?.kind, `waiting for ${kind}`).toBe(kind);
    const pending = this.pending!;
    this.pending = null;
    pending.reject(error);
    await settle();
  }

  lastInput(kind: CallKind) {
    return this.calls.filter((c) => c.kind === kind).at(-1)?.input;
  }

  async nextPoll() {
    this.clock.increment(JOB_POLLING.intervalMs);
    await settle();
  }

  async load(dataset: Partial<LoadedDataset> = {}) {
    await this.answer('loadDataset', { counts: this.counts, trainTaskId: null, modelId: null, report: null, published: false, ...dataset });
  }

  /** The fake server's answer to a mutation: classify sorts half positive, delete takes positives first. */
  applyMutation(request: MutateRequest): SampleCounts {
    const c = { ...this.counts };
    if (request.kind === 'classify') {
      c.positive = Math.ceil(c.total / 2);
      c.negative = c.total - c.positive;
      c.unclassified = 0;
    } else {
      c.total -= request.ids.length;
      c.positive -= request.ids.length;
    }
    this.counts = c;
    return c;
  }

  get state(): string {
    return JSON.stringify(this.actor.getSnapshot().value);
  }

  get context() {
    return this.actor.getSnapshot().context;
  }
}
