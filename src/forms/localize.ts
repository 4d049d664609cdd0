// The schemas speak English in their descriptions and have no titles; the console names every property from its
// catalogue instead. This walks a schema (following local $refs) and gives each property of the uiSchema a
// `ui:title` and, for enumerations, `ui:enumNames` — without touching what the uiSchema already says.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

export interface Vocabulary {
  /** A property's label by its name (undefined: keep the name). */
  title(name: string): string | undefined;
  /** The label of one value of an enumerated property (undefined: show the value). */
  enumName?(name: string, value: string | number | boolean | null): string | undefined;
}

type Json = Record<string, unknown>;

function resolve(schema: Json, root: Json, seen = new Set<string>()): Json {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/') || seen.has(ref)) return schema;
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), root);
  if (!target || typeof target !== 'object') return schema;
  seen.add(ref);
  const { $ref: _ref, ...rest } = schema;
  return { ...resolve(target as Json, root, seen), ...rest };
}

function enumOf(schema: Json): unknown[] | null {
  if (Array.isArray(schema.enum)) return schema.enum;
  return null;
}

function enumNames(name: string, values: unknown[] | null, words: Vocabulary): string[] | null {
  if (!values || !words.enumName) return null;
  const names = values.map((value) => words.enumName?.(name, value as string | number | boolean | null));
  return names.every((label) => label !== undefined) ? (names as string[]) : null;
}

function localizeNode(schema: Json, ui: Json, root: Json, words: Vocabulary, depth: number): Json {
  if (depth > 12) return ui;
  const node = resolve(schema, root);
  const out: Json = { ...ui };
  const properties = node.properties as Record<string, Json> | undefined;
  if (properties) {
    for (const [name, child] of Object.entries(properties)) {
      const childUi = { ...((out[name] as Json | undefined) ?? {}) };
      const title = words.title(name);
      if (title !== undefined && childUi['ui:title'] === undefined) childUi['ui:title'] = title;
      const resolved = resolve(child, root);
      const names = enumNames(name, enumOf(resolved), words);
      if (names && childUi['ui:enumNames'] === undefined) childUi['ui:enumNames'] = names;
      // A multi-choice array names its items' values (RJSF reads them from the items' uiSchema).
      const items = resolved.items && typeof resolved.items === 'object' && !Array.isArray(resolved.items) ? resolve(resolved.items as Json, root) : null;
      const itemNames = items ? enumNames(name, enumOf(items), words) : null;
      if (itemNames) {
        const itemsUi = { ...((childUi.items as Json | undefined) ?? {}) };
        if (itemsUi['ui:enumNames'] === undefined) itemsUi['ui:enumNames'] = itemNames;
        childUi.items = itemsUi;
      }
      out[name] = localizeNode(child, childUi, root, words, depth + 1);
    }
  }
  const items = node.items as Json | undefined;
  if (items && typeof items === 'object' && !Array.isArray(items)) {
    out.items = localizeNode(items, (out.items as Json | undefined) ?? {}, root, words, depth + 1);
  }
  return out;
}

export function localizeUiSchema<T = unknown>(schema: RJSFSchema, uiSchema: UiSchema<T>, words: Vocabulary): UiSchema<T> {
  return localizeNode(schema as Json, uiSchema as Json, schema as Json, words, 0) as UiSchema<T>;
}
