// The drawing machine's shapes as data (shapeDrawing.machine.ts): how saved shapes are loaded with their palette
// colours, how a point is kept on the snapshot, and whether closing would lose shapes not applied. Pure.
import { PALETTES, type PaletteName, paletteEntry } from '../components/shapeEditor/palettes.ts';
import { type RelPoint, round4, type Shape, type ShapeType } from '../domain/eventAreaWire.ts';

/** What undo restores: the shapes and the palette's free list together. */
export interface Revision {
  shapes: Shape[];
  free: number[];
}

export const clampPoint = (p: RelPoint): RelPoint => ({ x: round4(Math.min(1, Math.max(0, p.x))), y: round4(Math.min(1, Math.max(0, p.y))) });

/** Shapes as loaded: each keeps its palette entry; one without a (known, unused) entry takes the front free one. */
export function initialRevision(input: { shapeType: ShapeType; palette: PaletteName; shapes?: readonly Shape[] }): Revision {
  const palette = PALETTES[input.palette];
  const free = palette.map((entry) => entry.id);
  const shapes: Shape[] = [];
  const unplaced: Shape[] = [];
  for (const shape of input.shapes ?? []) {
    const at = shape.id === undefined ? -1 : free.indexOf(shape.id);
    if (at >= 0) {
      free.splice(at, 1);
      shapes.push({ ...shape, type: input.shapeType, points: shape.points.map(clampPoint) });
    } else unplaced.push(shape);
  }
  for (const shape of unplaced) {
    const id = free.shift();
    const entry = paletteEntry(input.palette, id);
    shapes.push({ ...shape, type: input.shapeType, points: shape.points.map(clampPoint), id, colour: entry?.colour ?? shape.colour });
  }
  return { shapes, free };
}

const samePoint = (a: RelPoint, b: RelPoint) => a.x === b.x && a.y === b.y;
const sameShape = (a: Shape, b: Shape) => a.id === b.id && a.points.length === b.points.length && a.points.every((p, i) => samePoint(p, b.points[i]));

/** Shapes that closing would lose: a draft, or shapes that are not the ones the editor opened with. */
export function hasUnappliedShapes(context: { draft: readonly RelPoint[]; shapes: readonly Shape[]; initialShapes: readonly Shape[] }): boolean {
  if (context.draft.length > 0) return true;
  return context.shapes.length !== context.initialShapes.length || context.shapes.some((shape, i) => !sameShape(shape, context.initialShapes[i]));
}
