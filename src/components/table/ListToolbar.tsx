// A list's toolbar as a declaration — its filter fields, edited in a draft of the list's filters, and its buttons —
// and the confirmation of an action on rows: one look and one behaviour for every list (the resource screens, the
// users, operation log, edge-box, task and plan lists). Enter or Search applies the typed fields, a picker applies at
// once, Reset clears the filters (FilterBar.tsx). This module carries the text and select kinds (their rsuite parts
// are in the list kit already); a kind that needs more code (a time range, suggestions) is a `custom` field made by
// its own module (timeRangeField, suggestField), so a screen loads only the kinds it declares. Not in the list kit's
// chunk: the lists that declare no toolbar do not load it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import type { ConfirmRequest } from './ConfirmDialog.tsx';
import { FilterBar, type FilterDraft, type FilterDraftOptions, useFilterDraft } from './FilterBar.tsx';
import { ChoiceFilter, TextFilter } from './filterFields.tsx';
import type { ServerList } from './useServerList.ts';

export type ToolbarField<K extends string> =
  /** A text field, applied with Enter or Search. */
  | { kind: 'text'; key: K; label: string; placeholder?: string; maxLength?: number }
  /** A picker, applied at once; "any" (common texts) when no placeholder is given. */
  | {
      kind: 'select';
      key: K;
      label: string;
      choices: ReadonlyArray<{ value: string; label: string }>;
      placeholder?: string;
      /** A search box in the menu (long lists). */
      searchable?: boolean;
      loading?: boolean;
    }
  | CustomField<K>;

/** A picker's choices from fixed values, each named by `label` (a catalogue text). */
export function choicesOf<const V extends string | number>(values: readonly V[], label: (value: V) => string) {
  return values.map((value) => ({ value: String(value), label: label(value) }));
}

/** A field of a kind the list kit does not carry, made by that kind's module; `id` is its DOM id. */
export interface CustomField<K extends string> {
  kind: 'custom';
  key: string;
  render(draft: FilterDraft<K>, id: string): ReactNode;
}

/** A toolbar button, in the words of a row's buttons (RowButton). */
export interface ToolbarAction {
  key: string;
  label: string;
  onClick(): void;
  /** The screen's main action (add). */
  primary?: boolean;
  /** Deletes: drawn red. */
  danger?: boolean;
  /** A quieter look (a declared bulk action). */
  ghost?: boolean;
  /** Acts on the selected rows: disabled while none is selected. */
  bulk?: boolean;
  disabled?: boolean;
  loading?: boolean;
  /** Left out when false (the user lacks the permission). */
  shown?: boolean;
}

export interface ListToolbarProps<K extends string> extends FilterDraftOptions<K> {
  /** Names the fields' DOM ids: `<id>-filter-<key>`. */
  id: string;
  /** The list whose filters the fields edit and whose selected rows `bulk` actions act on. */
  list: Pick<ServerList<unknown, K>, 'filters' | 'setFilters' | 'selected'>;
  fields?: ReadonlyArray<ToolbarField<K>>;
  /** The filters' landmark name ("Filters" of the common texts unless given). */
  label?: string;
  actions?: ReadonlyArray<ToolbarAction>;
}

/** The toolbar of a ServerTable (its `toolbar`): the filters on the left, the buttons on the right. */
export function ListToolbar<K extends string>({ id, list, fields = [], label, actions = [], validate, keepOnReset }: ListToolbarProps<K>) {
  const { t } = useTranslation('common');
  const draft = useFilterDraft(list.filters, list.setFilters, { validate, keepOnReset });
  return (
    <>
      <div className="server-table-filters">
        {fields.length > 0 ? (
          <FilterBar draft={draft as FilterDraft<string>} label={label ?? t('table.filters')}>
            {fields.map((field) => {
              const fieldId = `${id}-filter-${field.key}`;
              if (field.kind === 'custom') return <Custom key={field.key} field={field} draft={draft} id={fieldId} />;
              if (field.kind === 'text') return <TextFilter key={field.key} draft={draft} field={field.key} id={fieldId} label={field.label} placeholder={field.placeholder} maxLength={field.maxLength} />;
              return (
                <ChoiceFilter
                  key={field.key}
                  draft={draft}
                  field={field.key}
                  id={fieldId}
                  label={field.label}
                  choices={field.choices}
                  placeholder={field.placeholder ?? t('table.any')}
                  searchable={field.searchable}
                  loading={field.loading}
                  labelled
                />
              );
            })}
          </FilterBar>
        ) : null}
      </div>
      <div className="server-table-actions">
        {actions
          .filter((action) => action.shown !== false)
          .map((action) => (
            <Button
              key={action.key}
              appearance={action.primary ? 'primary' : action.danger || action.ghost ? 'ghost' : undefined}
              color={action.danger ? 'red' : undefined}
              disabled={action.disabled || (action.bulk && list.selected.size === 0)}
              loading={action.loading}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          ))}
      </div>
    </>
  );
}

/** A custom field as a component of one type, so its picker keeps its state from one render to the next. */
function Custom<K extends string>({ field, draft, id }: { field: CustomField<K>; draft: FilterDraft<K>; id: string }) {
  return field.render(draft, id);
}

export interface RowsConfirmTexts {
  title: string;
  /** The message for one row, given its name. */
  one(name: string): string;
  /** The message for several rows, given their number. */
  many(n: number): string;
  confirmLabel: string;
}

/** The confirmation of an action on one or several rows (delete, start, stop …). */
export function rowsConfirmation<Row>(rows: readonly Row[], nameOf: (row: Row) => string, texts: RowsConfirmTexts, action: () => Promise<void>): ConfirmRequest {
  return {
    title: texts.title,
    message: rows.length === 1 ? texts.one(nameOf(rows[0])) : texts.many(rows.length),
    confirmLabel: texts.confirmLabel,
    action,
  };
}
