// The texts of a resource: its own keys under `<prefix>.` in its namespace, the shared ones under `resource.` in
// the common namespace. The keys a declaration needs are listed here, so a test can check both languages hold them.
import { useTranslation } from 'react-i18next';
import type { AnyResource, ColumnContext, Lookups } from './types.ts';

/** The keys every resource with a list has, and those its add / edit / delete need. */
export function requiredKeys(resource: AnyResource): string[] {
  const own = ['label', 'empty'];
  if (resource.add) own.push('add');
  if (resource.update) own.push('editTitle');
  if (resource.remove) own.push('deleteTitle', 'deleteOne', 'deleteMany');
  for (const column of resource.columns) own.push(`fields.${column.key}`);
  for (const filter of resource.filters ?? []) {
    own.push(`filters.${filter.key}`);
    if (filter.kind === 'select' && filter.values) for (const value of filter.values) own.push(`enums.${filter.enumOf ?? filter.key}.${value}`);
  }
  for (const action of resource.rowActions ?? []) {
    if (!action.label) own.push(`actions.${action.key}`);
    if (action.confirm) own.push(`confirm.${action.key}.title`, `confirm.${action.key}.message`);
  }
  for (const action of resource.bulkActions ?? []) {
    own.push(`actions.${action.key}`);
    if (action.confirm) own.push(`confirm.${action.key}.title`, `confirm.${action.key}.many`);
  }
  return own.map((key) => `${resource.prefix}.${key}`);
}

export interface ResourceTexts extends ColumnContext {
  /** A shared text (`common:resource.<key>`). */
  shared(key: string, options?: Record<string, unknown>): string;
  /** A form field's label, when the catalogue has one. */
  fieldLabel(name: string): string | undefined;
  /** An enumerated value's label, when the catalogue has one. */
  enumLabel(field: string, value: unknown): string | undefined;
}

export function useResourceTexts(resource: AnyResource, lookups: Lookups): ResourceTexts {
  const { t, i18n } = useTranslation(resource.ns);
  const { t: tc } = useTranslation('common');
  const key = (rest: string) => `${resource.prefix}.${rest}`;
  const has = (rest: string) => i18n.exists(`${resource.ns}:${key(rest)}`);
  const text = (rest: string, options?: Record<string, unknown>) => String(t(key(rest) as never, options as never));
  const enumLabel = (field: string, value: unknown) => (has(`enums.${field}.${String(value)}`) ? text(`enums.${field}.${String(value)}`) : undefined);
  return {
    text,
    lookups,
    enumText: (field, value) => enumLabel(field, value) ?? (value === null || value === undefined ? '–' : String(value)),
    shared: (rest, options) => String(tc(`resource.${rest}` as never, options as never)),
    fieldLabel: (name) => (has(`fields.${name}`) ? text(`fields.${name}`) : undefined),
    enumLabel,
  };
}
