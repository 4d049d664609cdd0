// Model-based test of the drawing tool: the user's model (shapeDrawingModel.ts) generates a path to every state it
// can be in, then every action from each of them; each sequence drives the production machine with concrete
// points on a 1920×1080 snapshot and checks it against the model at every step — and checks the palette rule of
// §4 (the front colour is taken when a shape is drawn and given back to the front when it is deleted), and that
// closing with shapes not applied asks first (issue 8 item 24: confirmingDiscard, closed).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { PALETTES } from '../../src/components/shapeEditor/palettes.ts';
import { type ShapeDrawingEvent, shapeDrawingMachine } from '../../src/machines/shapeDrawing.machine.ts';
import { createUserModel, MODEL_EVENTS, type ModelConfig, type ModelEventType, outOfModelBounds, serializeModelState } from './shapeDrawingModel.ts';

const frame = { width: 1920, height: 1080 };
const DRAFT_POINTS = [
  { x: 0.1, y: 0.1 },
  { x: 0.5, y: 0.1 },
  { x: 0.5, y: 0.5 },
  { x: 0.1, y: 0.5 },
  { x: 0.3, y: 0.7 },
];

type Production = ReturnType<typeof createActor<typeof shapeDrawingMachine>>;

/** The production event(s) a user action sends. */
function productionEvents(kind: ModelConfig['kind'], event: ModelEventType, actor: Production): ShapeDrawingEvent[] {
  const { context } = actor.getSnapshot();
  const draftPoint = DRAFT_POINTS[Math.min(context.draft.length, DRAFT_POINTS.length - 1)];
  switch (event) {
    case 'START':
      return [{ type: 'START' }];
    case 'CLICK':
      return [{ type: 'ADD_POINT', point: kind === 'line' && context.draft.length === 1 ? { x: 0.6, y: 0.6 } : draftPoint }];
    case 'CLICK_NEAR': {
      // 0.01 of 1920 px = 19 px from the first point: shorter than the 50 px a line needs.
      const first = context.draft[0];
      return [{ type: 'ADD_POINT', point: first ? { x: first.x + 0.01, y: first.y } : draftPoint }];
    }
    case 'FINISH':
      return [{ type: 'FINISH' }];
    case 'CANCEL':
      return [{ type: 'CANCEL' }];
    case 'UNDO':
      return [{ type: 'UNDO' }];
    case 'SELECT':
      return [{ type: 'SELECT', index: 0 }];
    case 'CLOSE_TAG':
      return [{ type: 'DELETE_SHAPE', index: 0 }];
    case 'CLEAR':
      return [{ type: 'CLEAR' }];
    case 'DRAG':
      return [{ type: 'MOVE_POINT', shape: 0, point: 0, to: { x: 0.2, y: 0.3 } }];
    case 'INSERT':
      return [{ type: 'INSERT_POINT', shape: 0, after: 0, point: { x: 0.3, y: 0.12 } }];
    case 'REMOVE_POINT':
      return [{ type: 'DELETE_POINT', shape: 0, point: 0 }];
    case 'DISMISS':
      return [{ type: 'DISMISS' }];
    case 'REQUEST_CLOSE':
      return [{ type: 'REQUEST_CLOSE' }];
    case 'KEEP_EDITING':
      return [{ type: 'KEEP_EDITING' }];
    case 'DISCARD':
      return [{ type: 'DISCARD' }];
  }
}

function checkPalette(config: ModelConfig, actor: Production) {
  const { context } = actor.getSnapshot();
  const palette = PALETTES[config.kind];
  const used = context.shapes.map((shape) => shape.id);
  expect(new Set(used).size, 'each shape has its own colour').toBe(used.length);
  expect([...used, ...context.free].sort((a, b) => Number(a) - Number(b))).toEqual(palette.map((entry) => entry.id));
  for (const shape of context.shapes) expect(shape.colour).toBe(palette.find((entry) => entry.id === shape.id)?.colour);
}

/** Runs `events` on the model and the production machine side by side, comparing after every step. */
function run(config: ModelConfig, events: readonly ModelEventType[], visited: Set<string>) {
  const model = createActor(createUserModel(config)).start();
  const production = createActor(shapeDrawingMachine, {
    input: { shapeType: config.kind === 'line' ? 5 : 1, frame, palette: config.kind, maxShapes: config.maxShapes, minShapes: config.minShapes },
  }).start();
  for (const event of events) {
    const before = production.getSnapshot().context;
    visited.add(`${String(production.getSnapshot().value)}:${event}`);
    // A closed editor takes no more actions (both machines are done; xstate would only warn about the event).
    if (production.getSnapshot().status === 'done') {
      expect(model.getSnapshot().status, events.join(' → ')).toBe('done');
      continue;
    }
    model.send({ type: event });
    for (const concrete of productionEvents(config.kind, event, production)) production.send(concrete);
    const expected = model.getSnapshot();
    const actual = production.getSnapshot();
    const where = `${events.join(' → ')} (at ${event})`;
    expect(actual.value, where).toBe(expected.value);
    expect(actual.context.shapes.map((shape) => shape.points.length), where).toEqual(expected.context.shapes);
    expect(actual.context.draft.length, where).toBe(expected.context.draft);
    expect(actual.context.refusal?.rule ?? null, where).toBe(expected.context.refusal);
    expect(actual.context.history.length, where).toBe(expected.context.history.length);
    checkPalette(config, production);
    // §4: a new shape takes the front colour; a deleted one gives its colour back to the front.
    if (actual.context.shapes.length === before.shapes.length + 1 && event !== 'UNDO') {
      expect(actual.context.shapes.at(-1)?.id, where).toBe(before.free[0]);
    }
    if (event === 'CLOSE_TAG' && actual.context.shapes.length === before.shapes.length - 1) {
      expect(actual.context.free[0], where).toBe(before.shapes[0].id);
    }
  }
  production.stop();
  model.stop();
}

const CONFIGS: ModelConfig[] = [
  // An area field where the event needs its area (intrusion): at most 2 here, and the last tag stays.
  { kind: 'polygon', maxShapes: 2, minShapes: 1 },
  // A boundary line: only one line is allowed.
  { kind: 'line', maxShapes: 1, minShapes: 0 },
];

for (const config of CONFIGS) {
  describe(`shape drawing machine, ${config.kind} field (model-based)`, () => {
    const userModel = createUserModel(config);
    const testModel = createTestModel(userModel, { serializeState: serializeModelState as never });
    // Every state, not only the ends of the longest paths: each is the start of its own round of actions.
    const paths = testModel.getShortestPaths({ allowDuplicatePaths: true });
    const visited = new Set<string>();

    it('the model reaches a useful number of states', () => {
      expect(paths.length).toBeGreaterThan(config.kind === 'polygon' ? 40 : 10);
    });

    for (const path of paths) {
      const events = path.steps.map((step) => step.event.type).filter((type) => !type.startsWith('xstate.')) as ModelEventType[];
      const state = path.state;
      it(`${serializeModelState(state)} ← ${events.join(' → ') || 'start'}; then every action`, () => {
        for (const next of MODEL_EVENTS) {
          if (outOfModelBounds(state.context, state.value, next)) continue;
          run(config, [...events, next], visited);
        }
      });
    }

    // Runs after the paths above (tests in a file run in order).
    it('sent every action in every state of the production machine', () => {
      const expected = Object.keys(shapeDrawingMachine.root.states).flatMap((state) => MODEL_EVENTS.map((event) => `${state}:${event}`));
      expect([...visited].sort()).toEqual(expected.sort());
    });
  });
}

describe('closing an editor opened on saved shapes', () => {
  const saved = [{ type: 1 as const, points: [{ x: 0.1, y: 0.1 }, { x: 0.5, y: 0.1 }, { x: 0.5, y: 0.5 }], id: 1 }];
  const open = () => createActor(shapeDrawingMachine, { input: { shapeType: 1, frame, palette: 'polygon', maxShapes: 2, shapes: saved } }).start();

  it('closes at once while the shapes are the ones it opened with', () => {
    const actor = open();
    actor.send({ type: 'REQUEST_CLOSE' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('asks when a saved shape was moved, and not once the move is undone', () => {
    const actor = open();
    actor.send({ type: 'MOVE_POINT', shape: 0, point: 0, to: { x: 0.2, y: 0.2 } });
    actor.send({ type: 'REQUEST_CLOSE' });
    expect(actor.getSnapshot().value).toBe('confirmingDiscard');
    actor.send({ type: 'KEEP_EDITING' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.shapes[0].points[0]).toEqual({ x: 0.2, y: 0.2 }); // nothing was lost
    actor.send({ type: 'UNDO' });
    actor.send({ type: 'REQUEST_CLOSE' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('keeps the draft being drawn when the user keeps editing, and closes on DISCARD', () => {
    const actor = open();
    actor.send({ type: 'START' });
    actor.send({ type: 'ADD_POINT', point: { x: 0.6, y: 0.6 } });
    actor.send({ type: 'REQUEST_CLOSE' });
    actor.send({ type: 'KEEP_EDITING' });
    expect(actor.getSnapshot().value).toBe('drawing');
    expect(actor.getSnapshot().context.draft).toHaveLength(1);
    actor.send({ type: 'REQUEST_CLOSE' });
    actor.send({ type: 'DISCARD' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().status).toBe('done');
  });
});
