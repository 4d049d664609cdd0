// A text filter that suggests values as it is typed (the operation log's operation ids), as a declared toolbar
// field (a ListToolbar `custom` field: rsuite's AutoComplete loads only with the screens that declare one). Applied
// with Enter or Search, like a text field.
import AutoComplete from 'rsuite/AutoComplete';
import 'rsuite/AutoComplete/styles/index.css';
import { FilterField } from './FilterBar.tsx';
import type { CustomField } from './ListToolbar.tsx';

export interface SuggestSpec<K extends string> {
  key: K;
  label: string;
  suggestions: readonly string[];
  placeholder?: string;
}

export function suggestField<K extends string>({ key, label, suggestions, placeholder }: SuggestSpec<K>): CustomField<K> {
  return {
    kind: 'custom',
    key,
    render: (draft, id) => (
      <FilterField id={id} label={label}>
        <AutoComplete id={id} data={[...suggestions]} value={draft.values[key]} onChange={(value) => draft.set(key, value)} placeholder={placeholder} />
      </FilterField>
    ),
  };
}
