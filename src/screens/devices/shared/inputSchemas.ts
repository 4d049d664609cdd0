// The device and edge-box forms take their rules from schemas/devices.schema.json — the definitions the contract
// $refs and the server validates with — so a form refuses exactly what the server would (an IPv4 address, a port
// 1–65535, a stream address) and marks the same fields required. A form picks the fields it shows, in its order,
// and adds what only it knows (the scenes and boxes to choose from).
import type { RJSFSchema } from '@rjsf/utils';
import devicesSchema from '../../../../schemas/devices.schema.json';

type Json = Record<string, unknown>;
type Definitions = typeof devicesSchema.definitions;
export type InputDefinition = 'DeviceInput' | 'DeviceUpdateInput' | 'EdgeBoxInput' | 'EdgeBoxUpdateInput';

const definitions = devicesSchema.definitions as Definitions & Record<string, Json>;

/** A property with its local $ref (#/definitions/X) replaced by the definition. */
function inline(schema: Json): Json {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return schema;
  const { $ref: _ref, ...rest } = schema;
  return { ...(definitions[ref.slice('#/definitions/'.length)] as Json), ...rest };
}

/** A shared definition's property (e.g. `Port`, `IPv4Address`) for a form of another screen. */
export function sharedRule(name: 'IPv4Address' | 'Port' | 'StreamUrl'): Json {
  return { ...(definitions[name] as Json) };
}

export interface FormSchemaOptions {
  /** The fields the form shows, in its order. */
  fields: readonly string[];
  /** Fields the form requires beyond the definition's own `required` (a rule the definition states with if/then). */
  alsoRequired?: readonly string[];
  /** Extra keywords per field (the choices of a select). */
  extend?: Record<string, Json>;
}

/** The form schema of a definition: its rules for the chosen fields, the same required ones. */
export function formSchemaOf(name: InputDefinition, { fields, alsoRequired = [], extend = {} }: FormSchemaOptions): RJSFSchema {
  const source = definitions[name] as { properties: Record<string, Json>; required?: string[] };
  const properties: Record<string, Json> = {};
  for (const field of fields) {
    const property = source.properties[field];
    if (!property) throw new Error(`${name} has no field ${field}`);
    properties[field] = { ...inline(property), ...(extend[field] ?? {}) };
  }
  const required = [...(source.required ?? []), ...alsoRequired].filter((field, i, all) => fields.includes(field) && all.indexOf(field) === i);
  return { type: 'object', required, properties } as RJSFSchema;
}

/** A live-stream camera needs its stream address (DeviceInput's `if kind = normal then required`). */
export const STREAM_REQUIRED: readonly string[] = definitions.DeviceInput.then.required;
