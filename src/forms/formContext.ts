// What a schema-driven form knows beyond its schema (RJSF v6 `registry.formContext`): how to name a property in the
// user's language, and the camera snapshot the drawn-shape fields draw on.
import type { FrameSize, Shape } from '../domain/eventAreaWire.ts';

export interface Snapshot extends FrameSize {
  imageUrl: string;
}

export type SnapshotState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; snapshot: Snapshot }
  | { status: 'failed'; message: string };

export interface FormContext {
  /** The property's label in the user's language (by its name), or undefined to keep the schema's. */
  labelOf?(name: string): string | undefined;
  /** The snapshot drawn-shape fields open the editor on. */
  snapshot?: SnapshotState;
  /** Asks for a (new) snapshot; the screen updates `snapshot`. */
  takeSnapshot?(): void;
  /** Shapes of the whole form by field path ("areas", "shieldAreas.areas"), so an editor can show the others. */
  allShapes?(): Array<{ field: string; shapes: Shape[] }>;
  /** How many shapes a drawn field must keep (1 where the event needs its area or line), by field path. */
  requiredShapes?(field: string): number;
}

export function contextOf(registry: { formContext?: unknown }): FormContext {
  return (registry.formContext ?? {}) as FormContext;
}
