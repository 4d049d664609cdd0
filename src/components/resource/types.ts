// What a resource screen declares (in the spirit of vben's schema-driven grid and form): its texts (an i18n
// namespace and key prefix), columns, filters, the JSON Schema (+ uiSchema) of its form, the contract operations it
// calls and the permissions that guard them. The shared parts (ResourceTable, ResourceScreen) do the paging,
// sorting, loading / empty / error states, confirmation before delete, permissions and the texts.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Namespace } from '../../i18n/languages.ts';
import type { ListPage, ListRequest } from '../table/useServerList.ts';

/** A module number, or a list of them (the user must hold one): the operation's x-permission. */
export type Permission = string | readonly string[];

/** Options of a picker: a value and the text shown for it. */
export interface Choice {
  value: string | number;
  label: string;
}

/** Options loaded from the server when the screen (or its form) opens, by name. */
export type Lookups = Record<string, Choice[]>;

/** A form field whose choices are loaded records (formPickers.ts). */
export interface PickerSpec {
  lookup: string;
  nullable?: boolean;
  /** Leave out the record being edited (a parent picker). */
  notSelf?: boolean;
  /** Several ids (an array of them), shown as a multi-choice list. */
  multiple?: boolean;
}

export type LookupLoaders = Record<string, (signal: AbortSignal) => Promise<Choice[]>>;

export interface ColumnContext {
  /** The text of `<prefix>.<key>` in the declaration's namespace. */
  text(key: string, options?: Record<string, unknown>): string;
  /** The label of an enumerated value (`<prefix>.enums.<field>.<value>`), or the value itself. */
  enumText(field: string, value: unknown): string;
  lookups: Lookups;
}

export interface ColumnSpec<Row> {
  /** The row field shown (and sorted on); its header is `<prefix>.fields.<key>`. */
  key: string;
  width?: number;
  flexGrow?: number;
  minWidth?: number;
  sortable?: boolean;
  align?: 'left' | 'center' | 'right';
  /**
   * enum: the value's label; bool: yes / no; color: a swatch and the code; lookup: the label of a loaded choice;
   * time: a date and time (the list keeps it in view, its date above its time when narrow); code: an identifier
   * shown as it is, marked as no language (translate="no").
   */
  kind?: 'text' | 'enum' | 'bool' | 'color' | 'lookup' | 'time' | 'code';
  /** The least the column may be given on a narrow frame (a cell of badges). */
  shrinkTo?: number;
  /** The lookup a `lookup` column names its value from. */
  lookup?: string;
  render?(row: Row, context: ColumnContext): ReactNode;
}

export type FilterSpec<K extends string> =
  /** A text field, applied with Enter or Search; labelled `<prefix>.filters.<key>`. */
  | { key: K; kind: 'text'; maxLength?: number }
  /** A picker applied at once: fixed values labelled by `<prefix>.enums.<enumOf ?? key>.<value>`, or a lookup. */
  | { key: K; kind: 'select'; values?: readonly (string | number)[]; enumOf?: string; lookup?: string };

export interface FormSpec<Row, Form> {
  /** The form's JSON Schema (same bounds as the contract's add body; tests/unit/resourceDeclarations checks); a
   * function when it depends on loaded choices or differs between add (row null) and edit. */
  schema: RJSFSchema | ((lookups: Lookups, row: Row | null) => RJSFSchema);
  uiSchema?: UiSchema<Form> | ((lookups: Lookups, row: Row | null) => UiSchema<Form>);
  /** The values the form opens with: the row's (edit), or the defaults (add: null). */
  initial(row: Row | null): Form;
  /** Lookups the form's choices need, loaded each time it opens (a record added a moment ago is offered). */
  lookups?: readonly string[];
  /** Fields picked from a lookup's records (their ids validated, their names shown). */
  pickers?: Record<string, PickerSpec>;
}

export interface RowAction<Row> {
  key: string;
  /** The button's text: `<prefix>.actions.<key>`, or the row's own text. */
  label?(row: Row, context: ColumnContext): string;
  permission?: Permission;
  visible?(row: Row): boolean;
  danger?: boolean;
  /** Asks first: the dialog's title and message (`<prefix>.confirm.<key>.title|message`, with {{name}}). */
  confirm?: boolean;
  run(row: Row): Promise<unknown>;
}

export interface BulkAction<Row> {
  key: string;
  permission?: Permission;
  danger?: boolean;
  /** Asks first (`<prefix>.confirm.<key>.title|many`, with {{n}}). */
  confirm?: boolean;
  run(rows: Row[]): Promise<unknown>;
}

export interface ResourceDeclaration<Row, K extends string = string, Form = Record<string, unknown>> {
  /** A stable name: DOM ids and the URL keys of a tab. */
  id: string;
  ns: Namespace;
  /** Key prefix of this resource's texts in `ns` (label, empty, add, editTitle, deleteTitle, …, fields.*). */
  prefix: string;
  rowKey?(row: Row): number | string;
  /** The field that names a row (confirmations, checkboxes, edit title)… */
  nameKey: keyof Row & string;
  /** …or the name made of several fields. */
  nameOf?(row: Row): string;
  columns: ReadonlyArray<ColumnSpec<Row>>;
  filters?: ReadonlyArray<FilterSpec<K>>;
  /** Lookups the columns and filters use, loaded once when the list opens. */
  lookups?: LookupLoaders;
  defaultPageSize?: number;
  list(request: ListRequest<K>): Promise<ListPage<Row>>;
  form?: FormSpec<Row, Form>;
  add?(data: Form): Promise<unknown>;
  update?(row: Row, data: Form): Promise<unknown>;
  remove?(rows: Row[]): Promise<unknown>;
  /** Who may add, edit and delete (the contract's x-permission of those operations). */
  permissions: { add?: Permission; edit?: Permission; remove?: Permission };
  rowActions?: ReadonlyArray<RowAction<Row>>;
  bulkActions?: ReadonlyArray<BulkAction<Row>>;
  /** Whether a row may be deleted (a published model may not: the row then offers no delete). */
  canRemove?(row: Row): boolean;
}

/** A declaration with its row and filter types erased, for lists of declarations. */
export type AnyResource = ResourceDeclaration<any, string, any>;

export type ResourceT = TFunction;
