// Form fields whose choices are loaded records (a parent unit, a model type): the schema gets their ids as its
// enumeration (null first where the field may be empty) and the uiSchema their names, so RJSF shows a picker of
// names and validates an id. A record is never offered as its own parent.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Lookups, PickerSpec } from './types.ts';

export type { PickerSpec };


export function withPickers<Form>(
  schema: RJSFSchema,
  uiSchema: UiSchema<Form> | undefined,
  pickers: Record<string, PickerSpec> | undefined,
  lookups: Lookups,
  selfId: number | string | null,
  noneLabel: string,
): { schema: RJSFSchema; uiSchema: UiSchema<Form> | undefined } {
  if (!pickers) return { schema, uiSchema };
  const properties = { ...(schema.properties ?? {}) } as Record<string, RJSFSchema>;
  const ui = { ...(uiSchema ?? {}) } as Record<string, unknown>;
  for (const [field, spec] of Object.entries(pickers)) {
    const choices = (lookups[spec.lookup] ?? []).filter((choice) => !(spec.notSelf && choice.value === selfId));
    const values = choices.map((choice) => choice.value);
    const labels = choices.map((choice) => choice.label);
    const own = properties[field] ?? {};
    if (spec.multiple) {
      const items = { ...((own.items as RJSFSchema | undefined) ?? { type: 'integer' }), enum: values } as RJSFSchema;
      properties[field] = { ...own, type: 'array', uniqueItems: true, items };
      ui[field] = { 'ui:widget': 'multiselect', ...(ui[field] as object), items: { 'ui:enumNames': labels } };
      continue;
    }
    properties[field] = spec.nullable
      ? ({ ...own, type: [own.type === 'string' ? 'string' : 'integer', 'null'], enum: [null, ...values] } as RJSFSchema)
      : ({ ...own, enum: values } as RJSFSchema);
    ui[field] = { ...(ui[field] as object), 'ui:enumNames': spec.nullable ? [noneLabel, ...labels] : labels };
  }
  return { schema: { ...schema, properties }, uiSchema: ui as UiSchema<Form> };
}
