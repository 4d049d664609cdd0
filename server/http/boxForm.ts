// The text fields of a box's multipart upload (an alarm, a recording): multipart bodies are not validated by the
// route, so every field arrives as text and is converted to the contract schema's types here (coerceTypes), the
// file field left out; a JSON field inside the form is parsed with its name in the refusal.
import { Ajv, type ValidateFunction } from 'ajv';
import { loadContract } from '../contract/loadContract.ts';
import { rewriteRefs, SCHEMA_ID } from '../contract/registerOperations.ts';
import { ApiError } from './apiError.ts';
import { findBadText, printablePath } from './inputChecks.ts';
import type { Lang } from './messages.ts';
import { describeSchemaErrors, type SchemaError } from './validationMessages.ts';

let compiler: { ajv: Ajv; schemas: Record<string, Record<string, any>> } | null = null;

/** One Ajv holding the contract's schemas, from one read of the contract (each validator compiled from it once). */
function shared(): { ajv: Ajv; schemas: Record<string, Record<string, any>> } {
  if (!compiler) {
    const schemas = loadContract().schemas as Record<string, Record<string, any>>;
    const ajv = new Ajv({ coerceTypes: true, allErrors: true, strict: false });
    ajv.addSchema({ $id: SCHEMA_ID, type: 'object', definitions: rewriteRefs(schemas) });
    compiler = { ajv, schemas };
  }
  return compiler;
}

/** The validator of the contract's form schema `name` without its file field `fileField`. */
export function formValidator(name: string, fileField: string): ValidateFunction {
  const { ajv, schemas } = shared();
  const form = structuredClone(schemas[name]);
  delete form.properties[fileField];
  form.required = (form.required ?? []).filter((f: string) => f !== fileField);
  return ajv.compile(rewriteRefs(form));
}

/** A validator of a value inside the form (a JSON field), from a schema that may $ref the contract's schemas. */
export function valueValidator(schema: (schemas: Record<string, Record<string, any>>) => Record<string, unknown>): ValidateFunction {
  const { ajv, schemas } = shared();
  return ajv.compile(schema(schemas));
}

/** A refusal naming each field that failed (under `prefix`, for a value inside a JSON field). */
export function invalidForm(errors: SchemaError[], lang: Lang, prefix = ''): ApiError {
  const detail = describeSchemaErrors(
    errors.map((e) => ({ ...e, instancePath: prefix + e.instancePath })),
    'body',
    lang,
  );
  return new ApiError(400, 'alarms.invalid', { detail });
}

/**
 * A form field holding JSON, parsed; a refusal that names the field when it is not JSON, or the place in it of a
 * string holding NUL or a lone surrogate (written as \u escapes, which the database cannot store).
 */
export function jsonField(field: string, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'alarms.ingest.badJson', { field, detail: (error as Error).message.slice(0, 120) });
  }
  const where = findBadText(value, field);
  if (where !== null) throw new ApiError(400, 'input.badText', { field: printablePath(where) });
  return value;
}
