// The user's model of the drawing tool, for the model-based test: what a user sees of one field (how many shapes,
// how many points each, the draft, whether undo has something, which rule refused the last action, whether closing
// asks first), as a small machine written straight from spec §4/§5 and issue 8 item 24 — independent of the
// production machine's implementation. The field opens empty, so any shape or draft is one closing would lose.
import { assign, createMachine } from 'xstate';

export type Kind = 'polygon' | 'line';

export interface ModelConfig {
  kind: Kind;
  maxShapes: number;
  minShapes: number;
}

export interface ModelContext {
  /** Points of each shape, in order. */
  shapes: number[];
  draft: number;
  /** Earlier shape lists (what undo restores). */
  history: number[][];
  refusal: string | null;
  /** Where "keep editing" returns to from the closing question. */
  resume: 'idle' | 'drawing';
}

export const MODEL_EVENTS = [
  'START',
  'CLICK',
  'CLICK_NEAR',
  'FINISH',
  'CANCEL',
  'UNDO',
  'SELECT',
  'CLOSE_TAG',
  'CLEAR',
  'DRAG',
  'INSERT',
  'REMOVE_POINT',
  'DISMISS',
  'REQUEST_CLOSE',
  'KEEP_EDITING',
  'DISCARD',
] as const;
export type ModelEventType = (typeof MODEL_EVENTS)[number];

/** Bounds that keep the model finite (the production machine has none of these). */
const MAX_MODEL_POINTS = 4;

export function createUserModel(config: ModelConfig) {
  const line = config.kind === 'line';
  const pointsOfNew = (draft: number) => (line ? 2 : draft);
  const changed = (context: ModelContext, shapes: number[]): Partial<ModelContext> => ({
    shapes,
    history: [...context.history, context.shapes],
    refusal: null,
  });
  const refuse = (rule: string) =>
    assign<ModelContext, { type: ModelEventType }, undefined, { type: ModelEventType }, never>({ refusal: () => rule });
  // Closing asks first when there is something to lose; otherwise it closes.
  const requestClose = (from: 'idle' | 'drawing') => [
    {
      guard: ({ context }: { context: ModelContext }) => context.shapes.length > 0 || context.draft > 0,
      target: 'confirmingDiscard',
      actions: assign<ModelContext, { type: ModelEventType }, undefined, { type: ModelEventType }, never>({ resume: () => from, refusal: () => null }),
    },
    { target: 'closed' },
  ];

  return createMachine({
    types: {} as { context: ModelContext; events: { type: ModelEventType } },
    id: `drawing-${config.kind}`,
    context: { shapes: [], draft: 0, history: [], refusal: null, resume: 'idle' },
    initial: 'idle',
    on: { DISMISS: { actions: assign({ refusal: () => null }) } },
    states: {
      idle: {
        on: {
          START: [
            { guard: ({ context }) => context.shapes.length >= config.maxShapes, actions: refuse(line && config.maxShapes === 1 ? 'oneLineOnly' : 'maxShapes') },
            { target: 'drawing', actions: assign({ draft: () => 0, refusal: () => null }) },
          ],
          UNDO: {
            guard: ({ context }) => context.history.length > 0,
            actions: assign(({ context }) => ({ shapes: context.history.at(-1)!, history: context.history.slice(0, -1), refusal: null })),
          },
          SELECT: { actions: assign({ refusal: () => null }) },
          CLOSE_TAG: [
            { guard: ({ context }) => context.shapes.length === 0 },
            { guard: ({ context }) => context.shapes.length - 1 < config.minShapes, actions: refuse('lastTagCannotClose') },
            { actions: assign(({ context }) => changed(context, context.shapes.slice(1))) },
          ],
          CLEAR: [
            { guard: ({ context }) => context.shapes.length === 0 },
            { guard: () => config.minShapes > 0, actions: refuse('lastTagCannotClose') },
            { actions: assign(({ context }) => changed(context, [])) },
          ],
          DRAG: { guard: ({ context }) => context.shapes.length > 0, actions: assign(({ context }) => changed(context, context.shapes)) },
          INSERT: [
            { guard: ({ context }) => context.shapes.length > 0 && line, actions: refuse('lineHasTwoPoints') },
            {
              guard: ({ context }) => context.shapes.length > 0 && context.shapes[0] < MAX_MODEL_POINTS,
              actions: assign(({ context }) => changed(context, [context.shapes[0] + 1, ...context.shapes.slice(1)])),
            },
          ],
          REMOVE_POINT: [
            { guard: ({ context }) => context.shapes.length > 0 && line, actions: refuse('lineHasTwoPoints') },
            { guard: ({ context }) => context.shapes.length > 0 && context.shapes[0] <= 3, actions: refuse('tooFewPoints') },
            {
              guard: ({ context }) => context.shapes.length > 0,
              actions: assign(({ context }) => changed(context, [context.shapes[0] - 1, ...context.shapes.slice(1)])),
            },
          ],
          REQUEST_CLOSE: requestClose('idle'),
        },
      },
      drawing: {
        on: {
          CLICK: [
            {
              guard: ({ context }) => line && context.draft === 1,
              target: 'idle',
              actions: assign(({ context }) => ({ ...changed(context, [...context.shapes, pointsOfNew(2)]), draft: 0 })),
            },
            { guard: ({ context }) => context.draft < MAX_MODEL_POINTS, actions: assign({ draft: ({ context }) => context.draft + 1, refusal: () => null }) },
          ],
          CLICK_NEAR: [
            { guard: ({ context }) => line && context.draft === 1, actions: refuse('lineTooShort') },
            { guard: ({ context }) => context.draft < MAX_MODEL_POINTS, actions: assign({ draft: ({ context }) => context.draft + 1, refusal: () => null }) },
          ],
          FINISH: [
            { guard: () => line, actions: refuse('lineHasTwoPoints') },
            { guard: ({ context }) => context.draft < 3, actions: refuse('tooFewPoints') },
            { target: 'idle', actions: assign(({ context }) => ({ ...changed(context, [...context.shapes, context.draft]), draft: 0 })) },
          ],
          CANCEL: { target: 'idle', actions: assign({ draft: () => 0, refusal: () => null }) },
          UNDO: [{ guard: ({ context }) => context.draft > 0, actions: assign({ draft: ({ context }) => context.draft - 1, refusal: () => null }) }, { target: 'idle' }],
          REQUEST_CLOSE: requestClose('drawing'),
        },
      },
      confirmingDiscard: {
        on: {
          KEEP_EDITING: [{ guard: ({ context }) => context.resume === 'drawing', target: 'drawing' }, { target: 'idle' }],
          DISCARD: { target: 'closed' },
        },
      },
      closed: { type: 'final' },
    },
  });
}

/** The traversal's view of a model state: history is reduced to "undo has something", so the graph is finite. */
export function serializeModelState(snapshot: { value: unknown; context: ModelContext }): string {
  const { shapes, draft, history, refusal, resume } = snapshot.context;
  return `${String(snapshot.value)}|${shapes.join(',')}|${draft}|${history.length > 0}|${refusal}|${snapshot.value === 'confirmingDiscard' ? resume : ''}`;
}

/** Events the model leaves out only to stay finite (the production machine would act on them). */
export function outOfModelBounds(context: ModelContext, state: unknown, event: ModelEventType): boolean {
  if (state === 'drawing' && (event === 'CLICK' || event === 'CLICK_NEAR')) return context.draft >= MAX_MODEL_POINTS;
  if (state === 'idle' && event === 'INSERT') return context.shapes.length > 0 && context.shapes[0] >= MAX_MODEL_POINTS;
  return false;
}
