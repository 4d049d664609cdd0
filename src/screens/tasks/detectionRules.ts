// The detection-task configuration's drawn fields and the checks beyond its schema (the server makes the same
// ones, 400): a polygon 3–50 points, a line at least 50 px on the snapshot, limit windows not running backwards.
import type { FormValidation } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { refusalText } from '../../components/shapeEditor/refusalText.ts';
import { shapeProblems } from '../../components/shapeEditor/shapeRules.ts';
import type { FrameSize, Shape } from '../../domain/eventAreaWire.ts';
import { startsAfterEnd, type TimeWindowValue } from '../../forms/fields/TimeWindowsField.tsx';

/** Where the configuration holds drawn shapes (paths into DetectionTaskConfig). */
export const DRAWN_PATHS = [
  'driveLine',
  'stopLine',
  'light',
  'sidewalk',
  'realChangingLines',
  'shieldAreas.areas',
  'shoulderRegion.areas',
  'velocityLines.areas',
  'violatedAreas.areas',
  'areaEvent.areas',
  'shuntIslandAreas.areas',
  'nameplate.areas',
] as const;

export const FORBIDDEN_CLASSES = ['bigTruck', 'bigBus', 'danger'] as const;

type Json = Record<string, unknown>;

function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), value);
}

export function shapesAt(config: unknown, path: string): Shape[] {
  const value = at(config, path);
  return Array.isArray(value) ? (value as Shape[]) : [];
}

/** Every drawn field's shapes (for the editor to show the others faintly). */
export function allDrawn(config: unknown): Array<{ field: string; shapes: Shape[] }> {
  return DRAWN_PATHS.map((field) => ({ field, shapes: shapesAt(config, field) }));
}

function errorsAt(errors: FormValidation, path: string): FormValidation | undefined {
  return path.split('.').reduce<FormValidation | undefined>((node, key) => (node ? ((node as Json)[key] as FormValidation | undefined) : undefined), errors);
}

/** RJSF custom validation of a detection-task configuration. */
export function validateDetection<T>(config: T, validation: FormValidation<T>, frame: FrameSize | null, t: TFunction<'forms'>): FormValidation<T> {
  const errors = validation as FormValidation;
  for (const path of DRAWN_PATHS) {
    for (const problem of shapeProblems(shapesAt(config, path), frame)) errorsAt(errors, path)?.addError(refusalText(t, problem));
  }
  for (const kind of FORBIDDEN_CLASSES) {
    const windows = at(config, `vehicleForbidden.${kind}.limitTime`);
    if (Array.isArray(windows) && (windows as TimeWindowValue[]).some((window) => startsAfterEnd(window))) {
      errorsAt(errors, `vehicleForbidden.${kind}.limitTime`)?.addError(t('windows.startAfterEnd'));
    }
  }
  return validation;
}
