// The orchestration editor (/setUp): a draft is edited, saved, validated on images, then published. Publishing
// needs a saved draft whose current param was validated (the server checks it again, atomically) — except a saved
// fine-tuned draft, whose model comes from training and is validated there, not by prompts; validating
// unsaved edits tries them without validating the draft. Effects are actors the screen (or a test) provides:
// save, validate, publish.
import { assign, fromPromise, setup } from 'xstate';

export interface ValidateRequest {
  files: File[];
  /** Unsaved prompts and threshold to try instead of the draft's; absent when the draft is saved. */
  trial: { prompts: string[]; boxThreshold: number } | null;
}

export interface ValidateOutcome<R = unknown> {
  result: R;
  /** The server validated the draft's own param. */
  draftValidated: boolean;
}

export interface OrchestrationContext<R = unknown> {
  /** Unsaved edits exist. */
  dirty: boolean;
  /** The saved param has been validated since it last changed. */
  validated: boolean;
  /** The saved draft publishes only once validated (false for a fine-tuned one: the server publishes it as is). */
  validationNeeded: boolean;
  /** The version the warehouse runs (null before the first publish). */
  publishedVersion: string | null;
  result: R | null;
  error: string | null;
  /** The last publish refused because the draft was no longer validated (changed elsewhere). */
  refusedStale: boolean;
}

export type OrchestrationEvent =
  | { type: 'EDIT' }
  | { type: 'SAVE' }
  | { type: 'VALIDATE'; files: File[]; trial: { prompts: string[]; boxThreshold: number } }
  | { type: 'PUBLISH'; typeId: number; version?: string }
  | { type: 'DISMISS' };

export class PublishRefused extends Error {
  readonly stale: boolean;
  constructor(message: string, stale: boolean) {
    super(message);
    this.stale = stale;
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const orchestrationMachine = setup({
  types: {
    context: {} as OrchestrationContext,
    events: {} as OrchestrationEvent,
    input: {} as { validated: boolean; validationNeeded?: boolean; publishedVersion: string | null },
  },
  actors: {
    save: fromPromise<{ validated: boolean; validationNeeded?: boolean }, void>(async () => ({ validated: false })),
    validate: fromPromise<ValidateOutcome, ValidateRequest>(async () => ({ result: null, draftValidated: false })),
    publish: fromPromise<{ version: string }, { typeId: number; version?: string }>(async () => ({ version: '' })),
  },
  guards: {
    canPublish: ({ context }) => !context.dirty && (context.validated || !context.validationNeeded),
  },
}).createMachine({
  id: 'orchestration',
  context: ({ input }) => ({
    dirty: false,
    validated: input.validated,
    validationNeeded: input.validationNeeded ?? true,
    publishedVersion: input.publishedVersion,
    result: null,
    error: null,
    refusedStale: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        EDIT: { actions: assign({ dirty: true, error: null }) },
        SAVE: 'saving',
        VALIDATE: 'validating',
        PUBLISH: { guard: 'canPublish', target: 'publishing' },
        DISMISS: { actions: assign({ error: null, refusedStale: false }) },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            dirty: false,
            validated: event.output.validated,
            validationNeeded: event.output.validationNeeded ?? context.validationNeeded,
            error: null,
          })),
        },
        onError: { target: 'editing', actions: assign(({ event }) => ({ error: message(event.error) })) },
      },
    },
    validating: {
      invoke: {
        src: 'validate',
        input: ({ context, event }) => {
          const e = event as Extract<OrchestrationEvent, { type: 'VALIDATE' }>;
          return { files: e.files, trial: context.dirty ? e.trial : null };
        },
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            result: event.output.result,
            validated: context.validated || (!context.dirty && event.output.draftValidated),
            error: null,
          })),
        },
        onError: { target: 'editing', actions: assign(({ event }) => ({ error: message(event.error) })) },
      },
    },
    publishing: {
      invoke: {
        src: 'publish',
        input: ({ event }) => {
          const e = event as Extract<OrchestrationEvent, { type: 'PUBLISH' }>;
          return { typeId: e.typeId, version: e.version };
        },
        onDone: { target: 'editing', actions: assign(({ event }) => ({ publishedVersion: event.output.version, error: null, refusedStale: false })) },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const stale = event.error instanceof PublishRefused && event.error.stale;
            return { error: message(event.error), refusedStale: stale, ...(stale ? { validated: false } : {}) };
          }),
        },
      },
    },
  },
});

/** What the editor shows: busy, or the draft's standing. */
export function orchestrationStatus(context: OrchestrationContext, busy: boolean): 'busy' | 'unsaved' | 'validated' | 'unvalidated' | 'fineTuned' {
  if (busy) return 'busy';
  if (context.dirty) return 'unsaved';
  if (!context.validationNeeded && !context.validated) return 'fineTuned';
  return context.validated ? 'validated' : 'unvalidated';
}
