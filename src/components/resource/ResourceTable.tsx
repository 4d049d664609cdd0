// One resource's list with everything around it, from its declaration: filters, paging and sorting (in the URL),
// loading / empty / error states, the add and edit form, confirmation before delete and before declared actions,
// buttons shown by the user's permissions, and every text from the catalogues.
import { useEffect, useMemo, useState } from 'react';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useLoaded } from '../data/useLoaded.ts';
import { useConfirm } from '../table/ConfirmDialog.tsx';
import { ListToolbar, rowsConfirmation } from '../table/ListToolbar.tsx';
import { ServerTable } from '../table/ServerTable.tsx';
import { useServerList } from '../table/useServerList.ts';
import { withPickers } from './formPickers.ts';
import { ResourceFormDialog } from './ResourceFormDialog.tsx';
import { tableColumns } from './resourceColumns.tsx';
import { resourceFilterFields } from './resourceFilters.ts';
import { useResourceTexts } from './resourceText.ts';
import type { RowButton } from './rowButtons.tsx';
import type { AnyResource, LookupLoaders, Lookups, ResourceDeclaration } from './types.ts';

const NO_LOOKUPS: Lookups = {};

async function loadLookups(loaders: LookupLoaders | undefined, names: readonly string[], signal: AbortSignal): Promise<Lookups> {
  const entries = await Promise.all(names.map(async (name) => [name, loaders?.[name] ? await loaders[name](signal) : []] as const));
  return Object.fromEntries(entries);
}

export function ResourceTable<Row extends object, K extends string, Form>({ resource }: { resource: ResourceDeclaration<Row, K, Form> }) {
  const holds = usePermission();
  const filterKeys = useMemo(() => (resource.filters ?? []).map((filter) => filter.key), [resource.filters]);
  const rowKey = resource.rowKey ?? ((row: Row) => (row as { id: number }).id);
  const list = useServerList<Row, K>({ filterKeys, rowKey, load: resource.list, defaultPageSize: resource.defaultPageSize });
  const listLookupNames = useMemo(() => Object.keys(resource.lookups ?? {}).filter((name) => usedByList(resource as AnyResource, name)), [resource]);
  const lookups = useLoaded((signal) => loadLookups(resource.lookups, listLookupNames, signal), NO_LOOKUPS, resource.id);
  const texts = useResourceTexts(resource as AnyResource, lookups.data);
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<{ row: Row | null; initial: Form } | null>(null);
  const formLookups = useLoaded(
    (signal) => (editing ? loadLookups(resource.lookups, resource.form?.lookups ?? [], signal) : Promise.resolve(NO_LOOKUPS)),
    NO_LOOKUPS,
    editing ? `open:${editing.row ? String(rowKey(editing.row)) : 'new'}` : 'closed',
  );

  const may = (permission: ResourceDeclaration<Row, K, Form>['permissions']['add']) => permission !== undefined && holds(permission);
  const canAdd = Boolean(resource.add && resource.form) && may(resource.permissions.add);
  const canEdit = Boolean(resource.update && resource.form) && may(resource.permissions.edit);
  const canRemove = Boolean(resource.remove) && may(resource.permissions.remove);
  // The form's code loads while the user reads the list, so a dialog opens with its form.
  useEffect(() => {
    if (canAdd || canEdit) void import('../../forms/LazySchemaForm.tsx').then(() => import('../../forms/SchemaForm.tsx'));
  }, [canAdd, canEdit]);
  const nameOf = (row: Row) => resource.nameOf?.(row) ?? String(row[resource.nameKey as keyof Row] ?? rowKey(row));
  const selected = list.rows.filter((row) => list.selected.has(rowKey(row)));
  const bulk = (resource.bulkActions ?? []).filter((action) => action.permission === undefined || holds(action.permission));

  const remove = (rows: Row[]) =>
    confirm(
      rowsConfirmation(rows, nameOf, {
        title: texts.text('deleteTitle'),
        one: (name) => texts.text('deleteOne', { name }),
        many: (n) => texts.text('deleteMany', { n }),
        confirmLabel: texts.shared('delete'),
      }, async () => {
        await resource.remove?.(rows);
        notify('success', texts.shared('deleted', { n: rows.length }));
        list.afterDelete(rows.length);
      }),
    );

  /** A declared action on one row ('row': `confirm.<key>.message`) or on the selected rows ('bulk': `.many`). */
  const runAction = (kind: 'row' | 'bulk', key: string, confirmIt: boolean | undefined, rows: Row[], run: () => Promise<unknown>) => {
    const action = async () => {
      await run();
      notify('success', texts.shared('done'));
      list.reload();
    };
    if (!confirmIt) {
      void action().catch((error: unknown) => notify('error', error instanceof Error ? error.message : String(error)));
      return;
    }
    const many = (n: number) => texts.text(`confirm.${key}.many`, { n });
    confirm(
      rowsConfirmation(rows, nameOf, {
        title: texts.text(`confirm.${key}.title`),
        one: (name) => (kind === 'row' ? texts.text(`confirm.${key}.message`, { name }) : many(1)),
        many,
        confirmLabel: texts.text(`actions.${key}`),
      }, action),
    );
  };

  const buttonsOf = (row: Row): RowButton[] => [
    ...(resource.rowActions ?? []).map((action) => ({
      key: action.key,
      label: action.label ? action.label(row, texts) : texts.text(`actions.${action.key}`),
      danger: action.danger,
      shown: (action.permission === undefined || holds(action.permission)) && (action.visible?.(row) ?? true),
      onClick: () => runAction('row', action.key, action.confirm, [row], () => action.run(row)),
    })),
    { key: 'edit', label: texts.shared('edit'), shown: canEdit, onClick: () => setEditing({ row, initial: resource.form!.initial(row) }) },
    { key: 'delete', label: texts.shared('delete'), danger: true, shown: canRemove && (resource.canRemove?.(row) ?? true), onClick: () => remove([row]) },
  ];
  const anyRowButton = canEdit || canRemove || (resource.rowActions ?? []).some((action) => action.permission === undefined || holds(action.permission));
  const buttonCount = (resource.rowActions?.length ?? 0) + (canEdit ? 1 : 0) + (canRemove ? 1 : 0);
  const columns = tableColumns(resource.columns, texts, anyRowButton ? buttonsOf : null, Math.max(90, buttonCount * 64));

  const formReady = editing !== null && formLookups.status === 'ready' && resource.form !== undefined;
  const built =
    formReady && resource.form
      ? withPickers<Form>(
          resolve(resource.form.schema, formLookups.data, editing?.row ?? null),
          resource.form.uiSchema ? resolve(resource.form.uiSchema, formLookups.data, editing?.row ?? null) : undefined,
          resource.form.pickers,
          formLookups.data,
          editing?.row ? rowKey(editing.row) : null,
          texts.shared('none'),
        )
      : null;

  return (
    <>
      <ServerTable
        list={list}
        label={texts.text('label')}
        columns={columns}
        selectable={canRemove || bulk.length > 0}
        describeRow={nameOf}
        emptyText={lookups.status === 'error' ? texts.shared('lookupFailed', { reason: lookups.error }) : texts.text('empty')}
        toolbar={
          <ListToolbar
            id={resource.id}
            list={list}
            fields={resourceFilterFields(resource.filters ?? [], texts)}
            label={texts.shared('filters')}
            actions={[
              { key: 'add', label: texts.text('add'), primary: true, shown: canAdd, onClick: () => setEditing({ row: null, initial: resource.form!.initial(null) }) },
              ...bulk.map((action) => ({
                key: action.key,
                label: texts.text(`actions.${action.key}`),
                ghost: true,
                danger: action.danger,
                bulk: true,
                onClick: () => runAction('bulk', action.key, action.confirm, selected, () => action.run(selected)),
              })),
              { key: 'delete', label: texts.shared('deleteSelected', { n: selected.length }), danger: true, bulk: true, shown: canRemove, onClick: () => remove(selected) },
            ]}
          />
        }
      />
      {resource.form ? (
        <ResourceFormDialog<Form>
          id={`${resource.id}-dialog`}
          open={editing !== null}
          title={editing?.row ? texts.text('editTitle', { name: nameOf(editing.row) }) : texts.text('add')}
          schema={built?.schema ?? null}
          uiSchema={built?.uiSchema}
          initial={editing?.initial ?? (resource.form.initial(null) as Form)}
          vocabulary={{ title: texts.fieldLabel, enumName: texts.enumLabel }}
          loadFailure={formLookups.status === 'error' ? texts.shared('lookupFailed', { reason: formLookups.error }) : null}
          texts={{ save: texts.shared('save'), cancel: texts.shared('cancel'), loading: texts.shared('loading') }}
          onClose={() => setEditing(null)}
          onSubmit={async (data) => {
            const row = editing?.row ?? null;
            await (row ? resource.update?.(row, data) : resource.add?.(data));
            notify('success', texts.shared('saved'));
            setEditing(null);
            list.reload();
          }}
        />
      ) : null}
      {dialog}
    </>
  );
}

function resolve<T, Row>(value: T | ((lookups: Lookups, row: Row | null) => T), lookups: Lookups, row: Row | null): T {
  return typeof value === 'function' ? (value as (lookups: Lookups, row: Row | null) => T)(lookups, row) : value;
}

/** Whether the list itself (a column or a filter) uses a lookup, so it loads with the list. */
function usedByList(resource: AnyResource, name: string): boolean {
  return resource.columns.some((column) => column.kind === 'lookup' && (column.lookup ?? column.key) === name) || (resource.filters ?? []).some((filter) => filter.kind === 'select' && filter.lookup === name);
}
