// The filter bar of a resource, from its declared filters: text fields applied with Enter or Search, pickers
// applied at once. Labels and option names come from the resource's catalogue (or its loaded lookups).
import Input from 'rsuite/Input';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Input/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { FilterBar, type FilterDraft, FilterField } from '../table/FilterBar.tsx';
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
        return (
          <FilterField key={filter.key} id={fieldId} label={label}>
            {filter.kind === 'text' ? (
              <Input id={fieldId} value={draft.values[filter.key] ?? ''} maxLength={filter.maxLength ?? 32} onChange={(value) => draft.set(filter.key, value)} />
            ) : (
              <SelectPicker
                id={fieldId}
                aria-labelledby={`${fieldId}-label`}
                data={choicesOf(filter).map((choice) => ({ value: String(choice.value), label: choice.label }))}
                value={draft.values[filter.key] || null}
                onChange={(value) => draft.applyNow(filter.key, value ?? '')}
                searchable={choicesOf(filter).length > 8}
                placeholder={texts.shared('any')}
              />
            )}
          </FilterField>
        );
      })}
    </FilterBar>
  );
}
