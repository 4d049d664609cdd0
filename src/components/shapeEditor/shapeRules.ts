// The drawing rules of spec §5, as pure functions the drawing machine and the forms share: draw only one line
// where one is allowed, a line at least 50 px long (in snapshot pixels, whatever size the snapshot is shown at),
// at most 50 points, an intrusion alarm needs an area, a boundary alarm needs a line, the last tag cannot be closed.
import { type FrameSize, lengthInPixels, type RelPoint, type Shape, type ShapeType } from '../../domain/eventAreaWire.ts';

export const MIN_LINE_PX = 50;
export const MAX_POINTS = 50;
export const MIN_POLYGON_POINTS = 3;

/** Why the drawing tool refused an action; shown to the user (forms.json `drawing.refused.*`). */
export type DrawingRefusal =
  | { rule: 'oneLineOnly' }
  | { rule: 'maxShapes'; max: number }
  | { rule: 'noColourLeft' }
  | { rule: 'lineTooShort'; min: number; length: number }
  | { rule: 'tooManyPoints'; max: number }
  | { rule: 'tooFewPoints'; min: number }
  | { rule: 'lineHasTwoPoints' }
  | { rule: 'lastTagCannotClose' };

/** Why a set of drawn shapes cannot be saved (forms.json `drawing.problems.*`). */
export type ShapeProblem =
  | { rule: 'intrusionNeedsArea' }
  | { rule: 'boundaryNeedsLine' }
  | { rule: 'oneLineOnly' }
  | { rule: 'lineTooShort'; min: number; length: number; index: number }
  | { rule: 'tooManyPoints'; max: number; index: number }
  | { rule: 'tooFewPoints'; min: number; index: number };

/** Refusal to start a new shape: the field holds its maximum (one line: the §5 wording), or no colour is free. */
export function startRefusal(shapeType: ShapeType, count: number, maxShapes: number, freeColours: number): DrawingRefusal | null {
  if (count >= maxShapes) return shapeType === 5 && maxShapes === 1 ? { rule: 'oneLineOnly' } : { rule: 'maxShapes', max: maxShapes };
  if (freeColours === 0) return { rule: 'noColourLeft' };
  return null;
}

/** Refusal to add a point to a shape that has `count` points. */
export function addPointRefusal(count: number): DrawingRefusal | null {
  return count >= MAX_POINTS ? { rule: 'tooManyPoints', max: MAX_POINTS } : null;
}

/** Refusal of a finished line (two points) shorter than 50 snapshot pixels. */
export function lineRefusal(points: readonly RelPoint[], frame: FrameSize): DrawingRefusal | null {
  const length = lengthInPixels([...points], frame);
  return length < MIN_LINE_PX ? { rule: 'lineTooShort', min: MIN_LINE_PX, length: Math.round(length) } : null;
}

/** Refusal to close a polygon with fewer than three points. */
export function closeRefusal(count: number): DrawingRefusal | null {
  return count < MIN_POLYGON_POINTS ? { rule: 'tooFewPoints', min: MIN_POLYGON_POINTS } : null;
}

/** Refusal to remove a point from a shape: a line keeps its two, a polygon its three. */
export function deletePointRefusal(shapeType: ShapeType, count: number): DrawingRefusal | null {
  if (shapeType === 5) return { rule: 'lineHasTwoPoints' };
  return count <= MIN_POLYGON_POINTS ? { rule: 'tooFewPoints', min: MIN_POLYGON_POINTS } : null;
}

/** Refusal to insert a point: lines are two points; polygons hold at most 50. */
export function insertPointRefusal(shapeType: ShapeType, count: number): DrawingRefusal | null {
  if (shapeType === 5) return { rule: 'lineHasTwoPoints' };
  return addPointRefusal(count);
}

/** Refusal to remove shapes (closing a tag, clearing) that would leave fewer than the field needs. */
export function removeRefusal(remaining: number, minShapes: number): DrawingRefusal | null {
  return minShapes > 0 && remaining < minShapes ? { rule: 'lastTagCannotClose' } : null;
}

/** Problems of one field's shapes as stored: point counts and, with a known frame, line lengths. */
export function shapeProblems(shapes: readonly Shape[], frame: FrameSize | null): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  shapes.forEach((shape, index) => {
    if (shape.points.length > MAX_POINTS) problems.push({ rule: 'tooManyPoints', max: MAX_POINTS, index });
    if (shape.type === 1 && shape.points.length < MIN_POLYGON_POINTS) problems.push({ rule: 'tooFewPoints', min: MIN_POLYGON_POINTS, index });
    if (shape.type === 5 && frame) {
      const refusal = lineRefusal(shape.points, frame);
      if (refusal?.rule === 'lineTooShort') problems.push({ ...refusal, index });
    }
  });
  return problems;
}

/** §5 for an event's configuration: intrusion needs an area, boundary exactly one line. */
export function eventShapeProblems(config: {
  hasUdrVertice?: boolean;
  hasTripwire?: boolean;
  areas?: readonly Shape[];
  lineAreas?: readonly Shape[];
}): { field: 'areas' | 'lineAreas'; problem: ShapeProblem }[] {
  const found: { field: 'areas' | 'lineAreas'; problem: ShapeProblem }[] = [];
  if (config.hasUdrVertice && (config.areas?.length ?? 0) === 0) found.push({ field: 'areas', problem: { rule: 'intrusionNeedsArea' } });
  const lines = config.lineAreas?.length ?? 0;
  if (config.hasTripwire && lines === 0) found.push({ field: 'lineAreas', problem: { rule: 'boundaryNeedsLine' } });
  if (config.hasTripwire && lines > 1) found.push({ field: 'lineAreas', problem: { rule: 'oneLineOnly' } });
  return found;
}
