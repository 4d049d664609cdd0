// The toolbar fields of a resource, from its declared filters: text fields applied with Enter or Search, pickers
// applied at once (ListToolbar). Labels and option names come from the resource's catalogue (or its loaded lookups).
import { choicesOf, type ToolbarField } from '../table/ListToolbar.tsx';
import type { ResourceTexts } from './resourceText.ts';
import type { FilterSpec } from './types.ts';

export function resourceFilterFields<K extends string>(filters: ReadonlyArray<FilterSpec<K>>, texts: ResourceTexts): ToolbarField<K>[] {
  return filters.map((filter) => {
    const label = texts.text(`filters.${filter.key}`);
    if (filter.kind === 'text') return { kind: 'text', key: filter.key, label, maxLength: filter.maxLength ?? 32 };
    const choices = filter.lookup
      ? (texts.lookups[filter.lookup] ?? []).map((choice) => ({ value: String(choice.value), label: choice.label }))
      : choicesOf(filter.values ?? [], (value) => texts.enumText(filter.enumOf ?? filter.key, value));
    return { kind: 'select', key: filter.key, label, choices, searchable: choices.length > 8 };
  });
}
