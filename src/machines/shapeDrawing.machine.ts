// The drawing tool of the shape editor (spec §3 "Drawn shapes", §4 palettes, §5 drawing rules): one field's
// polygons (type 1) or lines (type 5) on a snapshot. Pure: points are relative to the snapshot (0..1, 4 decimals)
// and the §5 pixel rules use the snapshot's own size, so the tool works the same at any display size.
//
// idle               shapes are shown; select one, drag / insert / delete its points, close its tag, clear, undo
// drawing            clicks add points to a draft; a line ends at its second point, a polygon on FINISH
// confirmingDiscard  closing (Escape, the close button, Cancel) with shapes not applied — changed from the ones
//                    the editor opened with, or a draft — asks first: KEEP_EDITING goes back to where it was,
//                    DISCARD closes
// closed             final: the editor is left without applying (nothing to keep, or discarded on purpose)
// A refused action leaves everything as it was and says why (`refusal`); the next accepted action clears it.
import { assign, setup } from 'xstate';
import { type PaletteName, paletteEntry } from '../components/shapeEditor/palettes.ts';
import {
  addPointRefusal,
  closeRefusal,
  type DrawingRefusal,
  deletePointRefusal,
  insertPointRefusal,
  lineRefusal,
  removeRefusal,
  startRefusal,
} from '../components/shapeEditor/shapeRules.ts';
import type { FrameSize, RelPoint, Shape, ShapeType } from '../domain/eventAreaWire.ts';
import { clampPoint, hasUnappliedShapes, initialRevision, type Revision } from './shapeDrawingShapes.ts';

export interface ShapeDrawingInput {
  shapeType: ShapeType;
  frame: FrameSize;
  palette: PaletteName;
  /** How many shapes the field holds at most (one line where one is allowed). */
  maxShapes: number;
  /** How many must remain (1 where the event needs its area or line): the last tag cannot be closed. */
  minShapes?: number;
  /** The shapes drawn before (saved). */
  shapes?: readonly Shape[];
  /** Undo depth. */
  historyLimit?: number;
}

export interface ShapeDrawingContext extends Revision {
  /** The shapes the editor opened with (closing asks first when they changed). */
  initialShapes: Shape[];
  /** Where KEEP_EDITING returns to from confirmingDiscard. */
  resume: 'idle' | 'drawing';
  shapeType: ShapeType;
  frame: FrameSize;
  palette: PaletteName;
  maxShapes: number;
  minShapes: number;
  historyLimit: number;
  /** The shape being drawn. */
  draft: RelPoint[];
  /** The shape whose points are editable. */
  selected: number | null;
  history: Revision[];
  refusal: DrawingRefusal | null;
}

export type ShapeDrawingEvent =
  | { type: 'START' }
  | { type: 'ADD_POINT'; point: RelPoint }
  | { type: 'FINISH' }
  | { type: 'CANCEL' }
  | { type: 'UNDO' }
  | { type: 'SELECT'; index: number | null }
  | { type: 'DELETE_SHAPE'; index: number }
  | { type: 'CLEAR' }
  | { type: 'MOVE_POINT'; shape: number; point: number; to: RelPoint }
  | { type: 'INSERT_POINT'; shape: number; after: number; point: RelPoint }
  | { type: 'DELETE_POINT'; shape: number; point: number }
  | { type: 'DISMISS' }
  | { type: 'REQUEST_CLOSE' }
  | { type: 'KEEP_EDITING' }
  | { type: 'DISCARD' };

/** The context after an accepted change: the previous revision is kept for undo. */
function revise(context: ShapeDrawingContext, next: Partial<Revision> & Partial<Pick<ShapeDrawingContext, 'draft' | 'selected'>>) {
  const history = [...context.history, { shapes: context.shapes, free: context.free }].slice(-context.historyLimit);
  return { ...next, history, refusal: null };
}

function withoutShape(context: ShapeDrawingContext, index: number): Revision {
  const removed = context.shapes[index];
  return {
    shapes: context.shapes.filter((_, i) => i !== index),
    // Its colour goes back to the front of the palette (§4).
    free: removed?.id === undefined ? context.free : [removed.id, ...context.free],
  };
}

function mapPoints(shapes: Shape[], index: number, change: (points: RelPoint[]) => RelPoint[]): Shape[] {
  return shapes.map((shape, i) => (i === index ? { ...shape, points: change(shape.points) } : shape));
}

const validShape = (context: ShapeDrawingContext, index: number) => index >= 0 && index < context.shapes.length;

export const shapeDrawingMachine = setup({
  types: {
    context: {} as ShapeDrawingContext,
    events: {} as ShapeDrawingEvent,
    input: {} as ShapeDrawingInput,
  },
  guards: {
    startRefused: ({ context }) => startRefusal(context.shapeType, context.shapes.length, context.maxShapes, context.free.length) !== null,
    pointRefused: ({ context }) => addPointRefusal(context.draft.length) !== null,
    completesLine: ({ context }) => context.shapeType === 5 && context.draft.length === 1,
    completesShortLine: ({ context, event }) =>
      context.shapeType === 5 &&
      context.draft.length === 1 &&
      event.type === 'ADD_POINT' &&
      lineRefusal([context.draft[0], clampPoint(event.point)], context.frame) !== null,
    closeRefused: ({ context }) => context.shapeType === 5 || closeRefusal(context.draft.length) !== null,
    hasDraft: ({ context }) => context.draft.length > 0,
    hasHistory: ({ context }) => context.history.length > 0,
    deleteShapeRefused: ({ context, event }) =>
      event.type === 'DELETE_SHAPE' && validShape(context, event.index) && removeRefusal(context.shapes.length - 1, context.minShapes) !== null,
    canDeleteShape: ({ context, event }) => event.type === 'DELETE_SHAPE' && validShape(context, event.index),
    clearRefused: ({ context }) => context.shapes.length > 0 && removeRefusal(0, context.minShapes) !== null,
    hasShapes: ({ context }) => context.shapes.length > 0,
    canMovePoint: ({ context, event }) =>
      event.type === 'MOVE_POINT' && validShape(context, event.shape) && event.point >= 0 && event.point < context.shapes[event.shape].points.length,
    insertRefused: ({ context, event }) =>
      event.type === 'INSERT_POINT' && validShape(context, event.shape) && insertPointRefusal(context.shapeType, context.shapes[event.shape].points.length) !== null,
    canInsertPoint: ({ context, event }) =>
      event.type === 'INSERT_POINT' && validShape(context, event.shape) && event.after >= 0 && event.after < context.shapes[event.shape].points.length,
    deletePointRefused: ({ context, event }) =>
      event.type === 'DELETE_POINT' && validShape(context, event.shape) && deletePointRefusal(context.shapeType, context.shapes[event.shape].points.length) !== null,
    canDeletePoint: ({ context, event }) =>
      event.type === 'DELETE_POINT' && validShape(context, event.shape) && event.point >= 0 && event.point < context.shapes[event.shape].points.length,
    unapplied: ({ context }) => hasUnappliedShapes(context),
    resumeDrawing: ({ context }) => context.resume === 'drawing',
  },
  actions: {
    refuseStart: assign({ refusal: ({ context }) => startRefusal(context.shapeType, context.shapes.length, context.maxShapes, context.free.length) }),
    beginDraft: assign({ draft: () => [], selected: () => null, refusal: () => null }),
    refusePoint: assign({ refusal: ({ context }) => addPointRefusal(context.draft.length) }),
    refuseShortLine: assign({
      refusal: ({ context, event }) => (event.type === 'ADD_POINT' ? lineRefusal([context.draft[0], clampPoint(event.point)], context.frame) : null),
    }),
    addDraftPoint: assign(({ context, event }) =>
      event.type === 'ADD_POINT' ? { draft: [...context.draft, clampPoint(event.point)], refusal: null } : {},
    ),
    commitLine: assign(({ context, event }) => {
      if (event.type !== 'ADD_POINT') return {};
      return commit(context, [...context.draft, clampPoint(event.point)]);
    }),
    refuseClose: assign({
      refusal: ({ context }): DrawingRefusal | null => (context.shapeType === 5 ? { rule: 'lineHasTwoPoints' } : closeRefusal(context.draft.length)),
    }),
    commitPolygon: assign(({ context }) => commit(context, context.draft)),
    dropDraft: assign({ draft: () => [], refusal: () => null }),
    undoDraftPoint: assign({ draft: ({ context }) => context.draft.slice(0, -1), refusal: () => null }),
    undo: assign(({ context }) => {
      const previous = context.history.at(-1);
      if (!previous) return {};
      return { ...previous, history: context.history.slice(0, -1), selected: null, refusal: null };
    }),
    select: assign(({ context, event }) =>
      event.type === 'SELECT' ? { selected: event.index !== null && validShape(context, event.index) ? event.index : null, refusal: null } : {},
    ),
    refuseRemove: assign({ refusal: (): DrawingRefusal => ({ rule: 'lastTagCannotClose' }) }),
    deleteShape: assign(({ context, event }) =>
      event.type === 'DELETE_SHAPE' ? revise(context, { ...withoutShape(context, event.index), selected: null }) : {},
    ),
    clear: assign(({ context }) => {
      const ids = context.shapes.flatMap((shape) => (shape.id === undefined ? [] : [shape.id]));
      return revise(context, { shapes: [], free: [...ids, ...context.free], selected: null });
    }),
    movePoint: assign(({ context, event }) => {
      if (event.type !== 'MOVE_POINT') return {};
      const to = clampPoint(event.to);
      return revise(context, { shapes: mapPoints(context.shapes, event.shape, (points) => points.map((p, i) => (i === event.point ? to : p))) });
    }),
    refuseInsert: assign({
      refusal: ({ context, event }) =>
        event.type === 'INSERT_POINT' ? insertPointRefusal(context.shapeType, context.shapes[event.shape].points.length) : null,
    }),
    insertPoint: assign(({ context, event }) => {
      if (event.type !== 'INSERT_POINT') return {};
      const point = clampPoint(event.point);
      return revise(context, {
        shapes: mapPoints(context.shapes, event.shape, (points) => [...points.slice(0, event.after + 1), point, ...points.slice(event.after + 1)]),
      });
    }),
    refuseDeletePoint: assign({
      refusal: ({ context, event }) =>
        event.type === 'DELETE_POINT' ? deletePointRefusal(context.shapeType, context.shapes[event.shape].points.length) : null,
    }),
    deletePoint: assign(({ context, event }) => {
      if (event.type !== 'DELETE_POINT') return {};
      return revise(context, { shapes: mapPoints(context.shapes, event.shape, (points) => points.filter((_, i) => i !== event.point)) });
    }),
    dismiss: assign({ refusal: () => null }),
    resumeIdle: assign({ resume: () => 'idle' as const, refusal: () => null }),
    resumeDrawingLater: assign({ resume: () => 'drawing' as const, refusal: () => null }),
  },
}).createMachine({
  id: 'shapeDrawing',
  context: ({ input }) => {
    const revision = initialRevision(input);
    return {
      ...revision,
      initialShapes: revision.shapes,
      resume: 'idle' as const,
      shapeType: input.shapeType,
    frame: input.frame,
    palette: input.palette,
    maxShapes: input.maxShapes,
    minShapes: input.minShapes ?? 0,
    historyLimit: input.historyLimit ?? 50,
      draft: [],
      selected: null,
      history: [],
      refusal: null,
    };
  },
  initial: 'idle',
  on: { DISMISS: { actions: 'dismiss' } },
  states: {
    idle: {
      on: {
        START: [{ guard: 'startRefused', actions: 'refuseStart' }, { target: 'drawing', actions: 'beginDraft' }],
        UNDO: { guard: 'hasHistory', actions: 'undo' },
        SELECT: { actions: 'select' },
        DELETE_SHAPE: [{ guard: 'deleteShapeRefused', actions: 'refuseRemove' }, { guard: 'canDeleteShape', actions: 'deleteShape' }],
        CLEAR: [{ guard: 'clearRefused', actions: 'refuseRemove' }, { guard: 'hasShapes', actions: 'clear' }],
        MOVE_POINT: { guard: 'canMovePoint', actions: 'movePoint' },
        INSERT_POINT: [{ guard: 'insertRefused', actions: 'refuseInsert' }, { guard: 'canInsertPoint', actions: 'insertPoint' }],
        DELETE_POINT: [{ guard: 'deletePointRefused', actions: 'refuseDeletePoint' }, { guard: 'canDeletePoint', actions: 'deletePoint' }],
        REQUEST_CLOSE: [{ guard: 'unapplied', target: 'confirmingDiscard', actions: 'resumeIdle' }, { target: 'closed' }],
      },
    },
    drawing: {
      on: {
        ADD_POINT: [
          { guard: 'pointRefused', actions: 'refusePoint' },
          // A line ends at its second point: kept when at least 50 px long, refused otherwise (the first point stays).
          { guard: 'completesShortLine', actions: 'refuseShortLine' },
          { guard: 'completesLine', target: 'idle', actions: 'commitLine' },
          { actions: 'addDraftPoint' },
        ],
        FINISH: [{ guard: 'closeRefused', actions: 'refuseClose' }, { target: 'idle', actions: 'commitPolygon' }],
        CANCEL: { target: 'idle', actions: 'dropDraft' },
        UNDO: [{ guard: 'hasDraft', actions: 'undoDraftPoint' }, { target: 'idle' }],
        REQUEST_CLOSE: [{ guard: 'unapplied', target: 'confirmingDiscard', actions: 'resumeDrawingLater' }, { target: 'closed' }],
      },
    },
    confirmingDiscard: {
      on: {
        KEEP_EDITING: [{ guard: 'resumeDrawing', target: 'drawing' }, { target: 'idle' }],
        DISCARD: { target: 'closed' },
      },
    },
    closed: { type: 'final' },
  },
});

/** The draft as a new shape with the front colour of the palette (§4). */
function commit(context: ShapeDrawingContext, points: RelPoint[]) {
  const [id, ...free] = context.free;
  const entry = paletteEntry(context.palette, id);
  const shape: Shape = { points, type: context.shapeType, id, colour: entry?.colour, status: 0 };
  const shapes = [...context.shapes, shape];
  return { ...revise(context, { shapes, free }), draft: [], selected: shapes.length - 1 };
}
