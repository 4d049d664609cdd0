// The two kinds of filter a list offers, over its filter draft: a text field (applied with Enter or Search) and a
// picker of choices (applied at once). Each is labelled and shows its problem below it (FilterField).
import Input from 'rsuite/Input';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Input/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { type FilterDraft, FilterField } from './FilterBar.tsx';

interface FilterProps<K extends string> {
  draft: FilterDraft<K>;
  /** The filter's key in the draft (and the URL). */
  field: K;
  id: string;
  label: string;
  placeholder?: string;
  problem?: string;
}

export function TextFilter<K extends string>({ draft, field, id, label, placeholder, problem, maxLength }: FilterProps<K> & { maxLength?: number }) {
  return (
    <FilterField id={id} label={label} problem={problem}>
      <Input id={id} value={draft.values[field] ?? ''} maxLength={maxLength} onChange={(value) => draft.set(field, value)} placeholder={placeholder} />
    </FilterField>
  );
}

export interface ChoiceFilterProps<K extends string> extends FilterProps<K> {
  choices: ReadonlyArray<{ value: string; label: string }>;
  /** Offer a search box in the menu (long lists). */
  searchable?: boolean;
  loading?: boolean;
  /** Name the picker by its label (its toggle is a button the label's `for` does not reach). */
  labelled?: boolean;
}

export function ChoiceFilter<K extends string>({ draft, field, id, label, placeholder, problem, choices, searchable = false, loading, labelled }: ChoiceFilterProps<K>) {
  return (
    <FilterField id={id} label={label} problem={problem}>
      <SelectPicker
        id={id}
        aria-labelledby={labelled ? `${id}-label` : undefined}
        data={choices as { value: string; label: string }[]}
        value={draft.values[field] || null}
        onChange={(value) => draft.applyNow(field, value ?? '')}
        searchable={searchable}
        loading={loading}
        placeholder={placeholder}
      />
    </FilterField>
  );
}
