// Control units (POST /ctrlunit/list …): the tree that owns catalogue cameras, listed flat with the parent
// named. Search, add, edit, delete with confirmation (the server refuses a unit with children or cameras;
// the refusal is shown in the confirmation).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Input from 'rsuite/Input';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Input/styles/index.css';
import { notify } from '../../../app/notify.ts';
import { useConfirm } from '../../../components/table/ConfirmDialog.tsx';
import { FilterBar, FilterField, useFilterDraft } from '../../../components/table/FilterBar.tsx';
import { ServerTable, type TableColumn } from '../../../components/table/ServerTable.tsx';
import { useServerList } from '../../../components/table/useServerList.ts';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { addCtrlUnit, allCtrlUnits, type CtrlUnit, type CtrlUnitInput, deleteCtrlUnits, listCtrlUnits, updateCtrlUnit } from './catalogueApi.ts';
import { EntryDialog, type EntryField, type EntryValues, num, text } from './EntryDialog.tsx';

const FILTERS = ['keyword'] as const;
const EMPTY: EntryValues = {};

const toInput = (values: EntryValues): CtrlUnitInput => ({
  name: values.name.trim(),
  code: values.code.trim(),
  parentId: num(values.parentId) ?? null,
  address: text(values.address),
});

export function CtrlUnitsPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('devices');
  const list = useServerList<CtrlUnit, (typeof FILTERS)[number]>({
    filterKeys: FILTERS,
    rowKey: (unit) => unit.id,
    load: ({ filters, pageNo, pageSize, signal }) => listCtrlUnits(filters.keyword, pageNo, pageSize, signal),
  });
  const draft = useFilterDraft(list.filters, list.setFilters);
  const [editing, setEditing] = useState<{ unit: CtrlUnit | null; values: EntryValues } | null>(null);
  // The parent choices are reloaded each time the dialog opens, so a unit added a moment ago is offered.
  const units = useLoaded((signal) => allCtrlUnits(signal), [] as { value: number; label: string }[], editing ? `open:${editing.unit?.id ?? 'new'}` : 'closed');
  const { confirm, dialog } = useConfirm();
  const selected = list.rows.filter((unit) => list.selected.has(unit.id));
  const fields: EntryField[] = [
    { key: 'name', label: t('catalogue.units.fields.name'), kind: 'text', required: true, maxLength: 128 },
    { key: 'code', label: t('catalogue.units.fields.code'), kind: 'text', required: true, maxLength: 64 },
    { key: 'parentId', label: t('catalogue.units.fields.parent'), kind: 'pick', options: units.data.filter((option) => option.value !== editing?.unit?.id) },
    { key: 'address', label: t('catalogue.units.fields.address'), kind: 'text', maxLength: 128 },
  ];

  const remove = (units: CtrlUnit[]) =>
    confirm({
      title: t('catalogue.units.deleteTitle'),
      message: units.length === 1 ? t('catalogue.units.deleteOne', { name: units[0].name }) : t('catalogue.units.deleteMany', { n: units.length }),
      confirmLabel: t('actions.delete'),
      action: async () => {
        await deleteCtrlUnits(units.map((unit) => unit.id));
        notify('success', t('catalogue.deleted', { n: units.length }));
        list.afterDelete(units.length);
      },
    });

  const columns: TableColumn<CtrlUnit>[] = [
    { key: 'code', header: t('catalogue.units.fields.code'), width: 140 },
    { key: 'name', header: t('catalogue.units.fields.name'), flexGrow: 1, minWidth: 140 },
    { key: 'parentName', header: t('catalogue.units.fields.parent'), width: 140, render: (unit) => unit.parentName ?? '–' },
    { key: 'address', header: t('catalogue.units.fields.address'), width: 160, render: (unit) => unit.address ?? '–' },
    { key: 'cameraCount', header: t('catalogue.units.fields.cameraCount'), width: 90, align: 'center' },
    { key: 'childCount', header: t('catalogue.units.fields.childCount'), width: 90, align: 'center' },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('boxes.columns.actions'),
            width: 130,
            render: (unit: CtrlUnit) => (
              <span className="device-row-actions">
                <Button size="xs" appearance="link" onClick={() => setEditing({ unit, values: { name: unit.name, code: unit.code, parentId: unit.parentId ? String(unit.parentId) : '', address: unit.address ?? '' } })}>
                  {t('actions.edit')}
                </Button>
                <Button size="xs" appearance="link" color="red" onClick={() => remove([unit])}>
                  {t('actions.delete')}
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ServerTable
        list={list}
        label={t('catalogue.units.label')}
        columns={columns}
        selectable={canWrite}
        describeRow={(unit) => unit.name}
        emptyText={t('catalogue.units.empty')}
        filters={
          <FilterBar draft={draft} label={t('filters.label')}>
            <FilterField id="ctrl-unit-keyword" label={t('filters.keyword')}>
              <Input id="ctrl-unit-keyword" value={draft.values.keyword} onChange={(value) => draft.set('keyword', value)} />
            </FilterField>
          </FilterBar>
        }
        actions={
          canWrite ? (
            <>
              <Button appearance="primary" onClick={() => setEditing({ unit: null, values: EMPTY })}>
                {t('catalogue.units.add')}
              </Button>
              <Button color="red" appearance="ghost" disabled={selected.length === 0} onClick={() => remove(selected)}>
                {t('delete.selected', { n: selected.length })}
              </Button>
            </>
          ) : null
        }
      />
      <EntryDialog
        title={editing?.unit ? t('catalogue.units.editTitle', { name: editing.unit.name }) : t('catalogue.units.add')}
        fields={fields}
        initial={editing?.values ?? EMPTY}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          const input = toInput(values);
          await (editing?.unit ? updateCtrlUnit(editing.unit.id, input) : addCtrlUnit(input));
          notify('success', t('catalogue.saved'));
          setEditing(null);
          list.reload();
        }}
      />
      {dialog}
    </>
  );
}
