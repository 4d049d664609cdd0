// Defaults of the schema-driven forms, taken from the schema files themselves (schemas/*.schema.json) so the
// server, the contract and the console share one source: a configuration created without a form (batch event
// change, box task, cross-camera link) is exactly what the form would have submitted untouched.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';

const schemaDir = join(import.meta.dirname, '..', '..', '..', 'schemas');
const load = (name: string) => JSON.parse(readFileSync(join(schemaDir, name), 'utf8')) as Record<string, unknown>;

const ajv = new Ajv({ useDefaults: true, strict: false, allErrors: true });
const fillEventArea = ajv.compile(load('event-area.schema.json'));
const fillDetectionTask = ajv.compile(load('detection-task.schema.json'));

export interface EventKey {
  cameraId: number;
  eventId: number;
  typeId: number;
  appName: string;
}

/** A fresh event-area configuration with every schema default. */
export function eventAreaDefaults(key: EventKey, extra: Record<string, unknown> = {}): Record<string, any> {
  const value: Record<string, any> = { ...key, ...extra };
  fillEventArea(value);
  return value;
}

/** A detection-task configuration: the given fields, every absent one at its default (spec §9). */
export function detectionTaskDefaults(config: Record<string, unknown> = {}): Record<string, any> {
  const value = structuredClone(config);
  fillDetectionTask(value);
  return value;
}
