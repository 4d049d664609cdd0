// The §5 drawing rules and the §4 palette rule, as the shape editor and the forms apply them — measured in the
// snapshot's own pixels, whatever size it is shown at.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { freeIds, PALETTES } from '../../src/components/shapeEditor/palettes.ts';
import {
  addPointRefusal,
  eventShapeProblems,
  lineRefusal,
  MAX_POINTS,
  MIN_LINE_PX,
  removeRefusal,
  shapeProblems,
  startRefusal,
} from '../../src/components/shapeEditor/shapeRules.ts';
import type { Shape } from '../../src/domain/eventAreaWire.ts';
import { type ShapeDrawingInput, shapeDrawingMachine } from '../../src/machines/shapeDrawing.machine.ts';

const hd = { width: 1920, height: 1080 };
const uhd = { width: 3840, height: 2160 };
const triangle = (id?: number): Shape => ({ type: 1, id, points: [{ x: 0.1, y: 0.1 }, { x: 0.4, y: 0.1 }, { x: 0.4, y: 0.4 }] });

function drawing(input: Partial<ShapeDrawingInput> = {}) {
  return createActor(shapeDrawingMachine, { input: { shapeType: 1, frame: hd, palette: 'polygon', maxShapes: 12, ...input } }).start();
}

describe('§5 rules', () => {
  it('draws only one line where one is allowed, and says so', () => {
    expect(startRefusal(5, 1, 1, 12)).toEqual({ rule: 'oneLineOnly' });
    expect(startRefusal(1, 2, 2, 10)).toEqual({ rule: 'maxShapes', max: 2 });
    expect(startRefusal(1, 0, 2, 0)).toEqual({ rule: 'noColourLeft' });
    expect(startRefusal(5, 0, 1, 12)).toBeNull();
  });

  it('measures a line in snapshot pixels: 50 px at least, at any resolution', () => {
    const line = [{ x: 0.1, y: 0.5 }, { x: 0.12, y: 0.5 }]; // 0.02 of the width
    expect(lineRefusal(line, hd)).toEqual({ rule: 'lineTooShort', min: MIN_LINE_PX, length: 38 });
    expect(lineRefusal(line, uhd)).toBeNull(); // 77 px on a 4K snapshot
    expect(lineRefusal([{ x: 0, y: 0 }, { x: 50 / 1920, y: 0 }], hd)).toBeNull();
  });

  it('allows at most 50 points', () => {
    expect(addPointRefusal(MAX_POINTS - 1)).toBeNull();
    expect(addPointRefusal(MAX_POINTS)).toEqual({ rule: 'tooManyPoints', max: 50 });
  });

  it('keeps the last tag of a field that needs one', () => {
    expect(removeRefusal(0, 1)).toEqual({ rule: 'lastTagCannotClose' });
    expect(removeRefusal(1, 1)).toBeNull();
    expect(removeRefusal(0, 0)).toBeNull();
  });

  it('needs an area for intrusion and exactly one line for a boundary alarm', () => {
    expect(eventShapeProblems({ hasUdrVertice: true, areas: [] })).toEqual([{ field: 'areas', problem: { rule: 'intrusionNeedsArea' } }]);
    expect(eventShapeProblems({ hasTripwire: true, lineAreas: [] })).toEqual([{ field: 'lineAreas', problem: { rule: 'boundaryNeedsLine' } }]);
    const line: Shape = { type: 5, points: [{ x: 0, y: 0 }, { x: 0.5, y: 0 }] };
    expect(eventShapeProblems({ hasTripwire: true, lineAreas: [line, line] })).toEqual([{ field: 'lineAreas', problem: { rule: 'oneLineOnly' } }]);
    expect(eventShapeProblems({ hasUdrVertice: true, hasTripwire: true, areas: [triangle()], lineAreas: [line] })).toEqual([]);
  });

  it('finds stored shapes that break the rules', () => {
    const short: Shape = { type: 5, points: [{ x: 0, y: 0 }, { x: 0.01, y: 0 }] };
    const twoPoints: Shape = { type: 1, points: [{ x: 0, y: 0 }, { x: 0.5, y: 0 }] };
    expect(shapeProblems([short, twoPoints], hd).map((p) => p.rule)).toEqual(['lineTooShort', 'tooFewPoints']);
    expect(shapeProblems([short], null)).toEqual([]); // without a frame the length is not known
  });
});

describe('the drawing machine beyond the model', () => {
  it('refuses the 51st point of a polygon and keeps the 50', () => {
    const actor = drawing();
    actor.send({ type: 'START' });
    for (let i = 0; i < MAX_POINTS; i++) actor.send({ type: 'ADD_POINT', point: { x: (i % 10) / 10, y: Math.floor(i / 10) / 10 } });
    actor.send({ type: 'ADD_POINT', point: { x: 0.99, y: 0.99 } });
    expect(actor.getSnapshot().context.draft).toHaveLength(50);
    expect(actor.getSnapshot().context.refusal).toEqual({ rule: 'tooManyPoints', max: 50 });
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().context.shapes[0].points).toHaveLength(50);
  });

  it('runs out of colours after the twelfth shape, and a deleted shape gives its colour back to the front', () => {
    const actor = drawing({ maxShapes: 50 });
    for (let n = 0; n < 12; n++) {
      actor.send({ type: 'START' });
      for (const point of triangle().points) actor.send({ type: 'ADD_POINT', point });
      actor.send({ type: 'FINISH' });
    }
    expect(actor.getSnapshot().context.shapes.map((s) => s.id)).toEqual(PALETTES.polygon.map((e) => e.id));
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().context.refusal).toEqual({ rule: 'noColourLeft' });
    actor.send({ type: 'DELETE_SHAPE', index: 4 }); // colour 5
    expect(actor.getSnapshot().context.free).toEqual([5]);
    actor.send({ type: 'START' });
    for (const point of triangle().points) actor.send({ type: 'ADD_POINT', point });
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().context.shapes.at(-1)).toMatchObject({ id: 5, colour: PALETTES.polygon[4].colour });
  });

  it('keeps saved colours, gives shapes without one the front free colours, and clamps points to the snapshot', () => {
    const actor = drawing({ shapes: [triangle(3), { ...triangle(), points: [{ x: -0.2, y: 1.5 }, { x: 0.5, y: 0.5 }, { x: 0.9, y: 0.1 }] }] });
    const { shapes, free } = actor.getSnapshot().context;
    expect(shapes.map((s) => s.id)).toEqual([3, 1]);
    expect(shapes[1].points[0]).toEqual({ x: 0, y: 1 });
    expect(free).toEqual(freeIds('polygon', [3, 1]));
  });

  it('undoes a deletion together with its colour', () => {
    const actor = drawing({ shapes: [triangle(1), triangle(2)] });
    actor.send({ type: 'DELETE_SHAPE', index: 0 });
    expect(actor.getSnapshot().context.free[0]).toBe(1);
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.shapes.map((s) => s.id)).toEqual([1, 2]);
    expect(actor.getSnapshot().context.free).not.toContain(1);
  });

  it('selects a shape only if it exists, and a refusal goes with the next accepted action', () => {
    const actor = drawing({ shapes: [triangle(1)] });
    actor.send({ type: 'SELECT', index: 7 });
    expect(actor.getSnapshot().context.selected).toBeNull();
    actor.send({ type: 'SELECT', index: 0 });
    expect(actor.getSnapshot().context.selected).toBe(0);
    actor.send({ type: 'DELETE_POINT', shape: 0, point: 0 });
    expect(actor.getSnapshot().context.refusal?.rule).toBe('tooFewPoints');
    actor.send({ type: 'INSERT_POINT', shape: 0, after: 2, point: { x: 0.2, y: 0.3 } });
    expect(actor.getSnapshot().context.refusal).toBeNull();
    expect(actor.getSnapshot().context.shapes[0].points).toHaveLength(4);
  });
});
