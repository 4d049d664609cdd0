// The filter bar of a resource, from its declared filters: text fields applied with Enter or Search, pickers
// applied at once. Labels and option names come from the resource's catalogue (or its loaded lookups).
import { FilterBar, type FilterDraft } from '../table/FilterBar.tsx';
import { ChoiceFilter, TextFilter } from '../table/filterFields.tsx';
import type { ResourceTexts } from './resourceText.ts';
import type { Choice, FilterSpec } from './types.ts';

export function ResourceFilters({ id, filters, draft, texts }: { id: string; filters: ReadonlyArray<FilterSpec<string>>; draft: FilterDraft<string>; texts: ResourceTexts }) {
  const choicesOf = (filter: Extract<FilterSpec<string>, { kind: 'select' }>): Choice[] =>
    filter.lookup
      ? (texts.lookups[filter.lookup] ?? [])
      : (filter.values ?? []).map((value) => ({ value, label: texts.enumText(filter.enumOf ?? filter.key, value) }));
  return (
    <FilterBar draft={draft} label={texts.shared('filters')}>
      {filters.map((filter) => {
        const fieldId = `${id}-filter-${filter.key}`;
        const label = texts.text(`filters.${filter.key}`);
        return filter.kind === 'text' ? (
          <TextFilter key={filter.key} draft={draft} field={filter.key} id={fieldId} label={label} maxLength={filter.maxLength ?? 32} />
        ) : (
          <ChoiceFilter
            key={filter.key}
            draft={draft}
            field={filter.key}
            id={fieldId}
            label={label}
            choices={choicesOf(filter).map((choice) => ({ value: String(choice.value), label: choice.label }))}
            searchable={choicesOf(filter).length > 8}
            placeholder={texts.shared('any')}
            labelled
          />
        );
      })}
    </FilterBar>
  );
}
