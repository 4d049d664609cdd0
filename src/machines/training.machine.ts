// The training wizard (/algorithmProduction/train, /secondIdentify): upload → classify → health check → train →
// evaluate → validate → publish, for one algorithm's dataset. The §5 rules are guards (src/domain/trainingRules.ts):
// a refused step stays where it is and names the rule; the server checks every rule again. The step lives in the
// URL: the machine starts at the requested step, or the furthest one the loaded dataset allows before it. Server
// calls are actors the screen (or a test) provides. Training progress is a jobProgress child, stopped with the
// wizard when the screen is left; a finished training answers its version's cross-validated report (evaluation).
import { assign, fromPromise, setup } from 'xstate';
import {
  type RuleRefusal,
  type SampleCounts,
  type SampleLabel,
  trainingRefusal,
  uploadRefusal,
  validationRefusal,
  EMPTY_COUNTS,
} from '../domain/trainingRules.ts';
import { type JobOutcome, jobProgressMachine } from './jobProgress.machine.ts';

export const WIZARD_STEPS = ['upload', 'classify', 'health', 'train', 'evaluate', 'validate', 'publish'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** What loading a dataset answers. */
export interface LoadedDataset<R = unknown> {
  counts: SampleCounts;
  /** A training of this algorithm queued or running. */
  trainTaskId: number | null;
  /** The newest trained model version, and its saved report. */
  modelId: number | null;
  report: R | null;
  published: boolean;
}

export interface TrainingContext<R = unknown, V = unknown> {
  algorithmId: number;
  requestedStep: WizardStep;
  counts: SampleCounts;
  trainTaskId: number | null;
  modelId: number | null;
  report: R | null;
  validation: V | null;
  /** The threshold moved on the report and not yet saved with the version (null: not moved). */
  pendingThreshold: number | null;
  /** The threshold saved with the version in this wizard (null: the report's recommended one). */
  savedThreshold: number | null;
  published: boolean;
  refusal: RuleRefusal | null;
  error: string | null;
}

/** What a finished training's progress carries: the version it made and that version's cross-validated report. */
export interface TrainedDetail<R = unknown> {
  modelId: number | null;
  report: R | null;
}

export type MutateRequest = { kind: 'classify'; ids: number[]; label: SampleLabel } | { kind: 'delete'; ids: number[] };

export type TrainingEvent =
  | { type: 'RETRY' }
  | { type: 'GOTO'; step: WizardStep }
  /** `count`: the images the upload holds when it is not one per file (a zip, already checked by its report). */
  | { type: 'UPLOAD'; files: File[]; count?: number }
  | { type: 'CLASSIFY'; ids: number[]; label: SampleLabel }
  | { type: 'DELETE'; ids: number[] }
  | { type: 'NEXT' }
  /** The threshold chosen on the report's slider: saved with the version on leaving the report for validation. */
  | { type: 'SET_THRESHOLD'; threshold: number }
  | { type: 'TRAIN' }
  | { type: 'CANCEL' }
  | { type: 'VALIDATE'; files: File[] }
  | { type: 'PUBLISH' }
  | { type: 'DISMISS' };

type Context = TrainingContext;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the screen`);
};
const filesOf = (event: TrainingEvent) => (event.type === 'UPLOAD' || event.type === 'VALIDATE' ? event.files : []);
const imageCount = (event: TrainingEvent) => (event.type === 'UPLOAD' ? (event.count ?? event.files.length) : 0);
const outcomeOf = (event: unknown) => (event as { output: JobOutcome }).output;
const jobError = (outcome: JobOutcome) =>
  outcome.status === 'lost' ? outcome.error : outcome.status === 'failed' ? outcome.snapshot.message : outcome.status;

/** Whether a step can be shown for this dataset (used for GOTO and for the step asked for in the URL). */
export function canReach(step: WizardStep, context: Pick<Context, 'counts' | 'trainTaskId' | 'modelId' | 'report'>): boolean {
  switch (step) {
    case 'upload':
      return true;
    case 'classify':
    case 'health':
      return context.counts.total > 0;
    case 'train':
      return context.trainTaskId !== null;
    case 'evaluate':
    case 'validate':
    case 'publish':
      return context.modelId !== null && context.report !== null;
  }
}

export const trainingMachine = setup({
  types: {
    context: {} as Context,
    events: {} as TrainingEvent,
    input: {} as { algorithmId: number; step: WizardStep },
  },
  actors: {
    loadDataset: fromPromise<LoadedDataset, { algorithmId: number }>(notProvided('loadDataset')),
    upload: fromPromise<SampleCounts, { algorithmId: number; files: File[] }>(notProvided('upload')),
    mutate: fromPromise<SampleCounts, MutateRequest>(notProvided('mutate')),
    startTraining: fromPromise<{ taskId: number }, { algorithmId: number }>(notProvided('startTraining')),
    cancelTraining: fromPromise<void, { taskId: number }>(notProvided('cancelTraining')),
    validate: fromPromise<unknown, { modelId: number; files: File[] }>(notProvided('validate')),
    saveThreshold: fromPromise<void, { modelId: number; threshold: number }>(notProvided('saveThreshold')),
    publish: fromPromise<{ published: true }, { modelId: number }>(notProvided('publish')),
    trainProgress: jobProgressMachine,
  },
  actions: {
    clearNotes: assign({ refusal: null, error: null }),
  },
  guards: {
    uploadAllowed: ({ context, event }) => uploadRefusal(context.counts, imageCount(event)) === null,
    trainAllowed: ({ context }) => trainingRefusal(context.counts) === null,
    validationAllowed: ({ event }) => validationRefusal(filesOf(event).length) === null,
    hasSamples: ({ context }) => context.counts.total > 0,
    goto: ({ context, event }, step: WizardStep) => event.type === 'GOTO' && event.step === step && canReach(step, context),
    resumeTraining: ({ context }) => context.trainTaskId !== null,
    resumeAt: ({ context }, step: WizardStep) => context.requestedStep === step && canReach(step, context),
    jobDone: ({ event }) => outcomeOf(event).status === 'done',
    thresholdPending: ({ context }) => context.pendingThreshold !== null,
    leaveReportUnsaved: ({ context, event }) =>
      context.pendingThreshold !== null && event.type === 'GOTO' && (event.step === 'validate' || event.step === 'publish') && canReach(event.step, context),
  },
}).createMachine({
  id: 'training',
  context: ({ input }) => ({
    algorithmId: input.algorithmId,
    requestedStep: input.step,
    counts: EMPTY_COUNTS,
    trainTaskId: null,
    modelId: null,
    report: null,
    validation: null,
    pendingThreshold: null,
    savedThreshold: null,
    published: false,
    refusal: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadDataset',
        input: ({ context }) => ({ algorithmId: context.algorithmId }),
        onDone: { target: 'resolving', actions: assign(({ event }) => ({ ...event.output, error: null })) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    // The requested step if the dataset allows it; a running training is always shown; otherwise where the data is.
    resolving: {
      always: [
        { guard: 'resumeTraining', target: 'trainingRunning' },
        { guard: { type: 'resumeAt', params: 'validate' }, target: 'steps.validate' },
        { guard: { type: 'resumeAt', params: 'publish' }, target: 'steps.validate' },
        { guard: { type: 'resumeAt', params: 'evaluate' }, target: 'steps.report' },
        { guard: { type: 'resumeAt', params: 'health' }, target: 'steps.health' },
        { guard: 'hasSamples', target: 'steps.classify' },
        { target: 'steps.upload' },
      ],
    },
    steps: {
      on: {
        GOTO: [
          { guard: { type: 'goto', params: 'upload' }, target: '.upload', actions: 'clearNotes' },
          { guard: { type: 'goto', params: 'classify' }, target: '.classify', actions: 'clearNotes' },
          { guard: { type: 'goto', params: 'health' }, target: '.health', actions: 'clearNotes' },
          { guard: { type: 'goto', params: 'evaluate' }, target: '.report', actions: 'clearNotes' },
          { guard: { type: 'goto', params: 'validate' }, target: '.validate', actions: 'clearNotes' },
          { guard: { type: 'goto', params: 'publish' }, target: '.validate', actions: 'clearNotes' },
        ],
        DISMISS: { actions: 'clearNotes' },
      },
      initial: 'upload',
      states: {
        upload: {
          on: {
            UPLOAD: [
              { guard: 'uploadAllowed', target: '#training.uploading', actions: assign({ refusal: null, error: null }) },
              { actions: assign({ refusal: ({ context, event }) => uploadRefusal(context.counts, imageCount(event)) }) },
            ],
            NEXT: { guard: 'hasSamples', target: 'classify' },
          },
        },
        classify: {
          on: {
            CLASSIFY: { target: '#training.classifyMutating' },
            DELETE: { target: '#training.classifyMutating' },
            NEXT: { target: 'health' },
          },
        },
        health: {
          on: {
            DELETE: { target: '#training.healthMutating' },
            CLASSIFY: { target: '#training.healthMutating' },
            TRAIN: [
              { guard: 'trainAllowed', target: '#training.startingTraining', actions: assign({ refusal: null, error: null }) },
              { actions: assign({ refusal: ({ context }) => trainingRefusal(context.counts) }) },
            ],
          },
        },
        trainingFailed: {
          on: {
            TRAIN: { guard: 'trainAllowed', target: '#training.startingTraining', actions: assign({ error: null }) },
          },
        },
        // Validation and the saved version use the report's threshold: leaving for them saves a moved one first.
        report: {
          on: {
            SET_THRESHOLD: { actions: assign({ pendingThreshold: ({ event }) => event.threshold }) },
            NEXT: [{ guard: 'thresholdPending', target: '#training.savingThreshold' }, { target: 'validate' }],
            GOTO: { guard: 'leaveReportUnsaved', target: '#training.savingThreshold', actions: 'clearNotes' },
          },
        },
        validate: {
          on: {
            VALIDATE: [
              { guard: 'validationAllowed', target: '#training.validating', actions: assign({ refusal: null, error: null }) },
              { actions: assign({ refusal: ({ event }) => validationRefusal(event.files.length) }) },
            ],
            PUBLISH: { target: '#training.publishing' },
          },
        },
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ context, event }) => ({ algorithmId: context.algorithmId, files: filesOf(event) }),
        onDone: { target: 'steps.classify', actions: assign({ counts: ({ event }) => event.output }) },
        onError: { target: 'steps.upload', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    classifyMutating: {
      invoke: {
        src: 'mutate',
        input: ({ event }) => mutateRequest(event),
        onDone: { target: 'steps.classify', actions: assign({ counts: ({ event }) => event.output, error: null }) },
        onError: { target: 'steps.classify', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    healthMutating: {
      invoke: {
        src: 'mutate',
        input: ({ event }) => mutateRequest(event),
        onDone: { target: 'steps.health', actions: assign({ counts: ({ event }) => event.output, error: null }) },
        onError: { target: 'steps.health', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    startingTraining: {
      invoke: {
        src: 'startTraining',
        input: ({ context }) => ({ algorithmId: context.algorithmId }),
        onDone: { target: 'trainingRunning', actions: assign({ trainTaskId: ({ event }) => event.output.taskId }) },
        onError: { target: 'steps.health', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    trainingRunning: {
      invoke: {
        id: 'trainProgress',
        src: 'trainProgress',
        input: ({ context }) => ({ taskId: context.trainTaskId! }),
        onDone: [
          {
            guard: 'jobDone',
            target: 'steps.report',
            actions: assign(({ event }) => {
              const detail = outcomeOf(event).snapshot?.detail as TrainedDetail | undefined;
              const model = { modelId: detail?.modelId ?? null, report: detail?.report ?? null };
              return { trainTaskId: null, ...model, validation: null, pendingThreshold: null, savedThreshold: null, published: false };
            }),
          },
          { target: 'steps.trainingFailed', actions: assign(({ event }) => ({ trainTaskId: null, error: jobError(outcomeOf(event)) })) },
        ],
      },
      on: { CANCEL: 'cancellingTraining' },
    },
    // The server cancels the job (its state becomes 3); a refusal (it had just finished) goes back to watching it.
    cancellingTraining: {
      invoke: {
        src: 'cancelTraining',
        input: ({ context }) => ({ taskId: context.trainTaskId! }),
        onDone: { target: 'steps.health', actions: assign({ trainTaskId: null, error: null }) },
        onError: { target: 'trainingRunning', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    // A validation made at another threshold no longer says what the version decides: it is cleared.
    savingThreshold: {
      invoke: {
        src: 'saveThreshold',
        input: ({ context }) => ({ modelId: context.modelId!, threshold: context.pendingThreshold! }),
        onDone: {
          target: 'steps.validate',
          actions: assign(({ context }) => ({ savedThreshold: context.pendingThreshold, pendingThreshold: null, validation: null, error: null })),
        },
        onError: { target: 'steps.report', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    validating: {
      invoke: {
        src: 'validate',
        input: ({ context, event }) => ({ modelId: context.modelId!, files: filesOf(event) }),
        onDone: { target: 'steps.validate', actions: assign({ validation: ({ event }) => event.output }) },
        onError: { target: 'steps.validate', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    publishing: {
      invoke: {
        src: 'publish',
        input: ({ context }) => ({ modelId: context.modelId! }),
        onDone: { target: 'steps.validate', actions: assign({ published: true }) },
        onError: { target: 'steps.validate', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
  },
});

function mutateRequest(event: TrainingEvent): MutateRequest {
  if (event.type === 'CLASSIFY') return { kind: 'classify', ids: event.ids, label: event.label };
  if (event.type === 'DELETE') return { kind: 'delete', ids: event.ids };
  throw new Error(`no mutation for ${event.type}`);
}
