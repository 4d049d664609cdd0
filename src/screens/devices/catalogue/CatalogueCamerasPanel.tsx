// The camera catalogue (POST /camera/list …): points registered with a code and a control unit. Search, add,
// edit, delete with confirmation (linked devices keep running and lose the link).
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
import { addCameraEntry, allCtrlUnits, type CameraEntry, type CameraEntryInput, deleteCameraEntries, listCameraEntries, updateCameraEntry } from './catalogueApi.ts';
import { EntryDialog, type EntryField, type EntryValues, num, text } from './EntryDialog.tsx';

const FILTERS = ['keyword'] as const;
const EMPTY: EntryValues = {};
const FIELD_KEYS = {
  name: 'catalogue.cameras.fields.name',
  code: 'catalogue.cameras.fields.code',
  ctrlUnit: 'catalogue.cameras.fields.ctrlUnit',
  ip: 'catalogue.cameras.fields.ip',
  port: 'catalogue.cameras.fields.port',
  rtspUrl: 'catalogue.cameras.fields.rtspUrl',
  brand: 'catalogue.cameras.fields.brand',
  address: 'catalogue.cameras.fields.address',
  linked: 'catalogue.cameras.fields.linked',
} as const;

function toInput(values: EntryValues): CameraEntryInput {
  return {
    name: values.name.trim(),
    code: values.code.trim(),
    ctrlUnitId: num(values.ctrlUnitId) ?? null,
    ip: text(values.ip),
    port: num(values.port),
    rtspUrl: text(values.rtspUrl),
    brand: text(values.brand),
    address: text(values.address),
  };
}
function toValues(entry: CameraEntry): EntryValues {
  const s = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  return { name: entry.name, code: entry.code, ctrlUnitId: s(entry.ctrlUnitId), ip: s(entry.ip), port: s(entry.port), rtspUrl: s(entry.rtspUrl), brand: s(entry.brand), address: s(entry.address) };
}

export function CatalogueCamerasPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('devices');
  const list = useServerList<CameraEntry, (typeof FILTERS)[number]>({
    filterKeys: FILTERS,
    rowKey: (entry) => entry.id,
    load: ({ filters, pageNo, pageSize, signal }) => listCameraEntries(filters.keyword, pageNo, pageSize, signal),
  });
  const draft = useFilterDraft(list.filters, list.setFilters);
  const units = useLoaded((signal) => allCtrlUnits(signal), [] as { value: number; label: string }[]);
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<{ entry: CameraEntry | null; values: EntryValues } | null>(null);
  const selected = list.rows.filter((entry) => list.selected.has(entry.id));
  const f = (key: keyof typeof FIELD_KEYS) => t(FIELD_KEYS[key]);
  const fields: EntryField[] = [
    { key: 'name', label: f('name'), kind: 'text', required: true, maxLength: 128 },
    { key: 'code', label: f('code'), kind: 'text', required: true, maxLength: 64 },
    { key: 'ctrlUnitId', label: f('ctrlUnit'), kind: 'pick', options: units.data },
    { key: 'ip', label: f('ip'), kind: 'text', maxLength: 15, rule: 'ipv4' },
    { key: 'port', label: f('port'), kind: 'number', min: 1, max: 65535 },
    { key: 'rtspUrl', label: f('rtspUrl'), kind: 'text', maxLength: 500, rule: 'streamUrl' },
    { key: 'brand', label: f('brand'), kind: 'text', maxLength: 32 },
    { key: 'address', label: f('address'), kind: 'text', maxLength: 128 },
  ];

  const remove = (entries: CameraEntry[]) =>
    confirm({
      title: t('catalogue.cameras.deleteTitle'),
      message: entries.length === 1 ? t('catalogue.cameras.deleteOne', { name: entries[0].name }) : t('catalogue.cameras.deleteMany', { n: entries.length }),
      confirmLabel: t('actions.delete'),
      action: async () => {
        await deleteCameraEntries(entries.map((entry) => entry.id));
        notify('success', t('catalogue.deleted', { n: entries.length }));
        list.afterDelete(entries.length);
      },
    });

  const columns: TableColumn<CameraEntry>[] = [
    { key: 'code', header: f('code'), width: 140 },
    { key: 'name', header: f('name'), flexGrow: 1, minWidth: 140 },
    { key: 'ctrlUnitName', header: f('ctrlUnit'), width: 140, render: (entry) => entry.ctrlUnitName ?? '–' },
    { key: 'ip', header: f('ip'), width: 130, render: (entry) => entry.ip ?? '–' },
    { key: 'brand', header: f('brand'), width: 100, render: (entry) => entry.brand ?? '–' },
    { key: 'deviceId', header: f('linked'), width: 90, render: (entry) => (entry.deviceId ? t('catalogue.yes') : t('catalogue.no')) },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('boxes.columns.actions'),
            width: 130,
            render: (entry: CameraEntry) => (
              <span className="device-row-actions">
                <Button size="xs" appearance="link" onClick={() => setEditing({ entry, values: toValues(entry) })}>
                  {t('actions.edit')}
                </Button>
                <Button size="xs" appearance="link" color="red" onClick={() => remove([entry])}>
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
        label={t('catalogue.cameras.label')}
        columns={columns}
        selectable={canWrite}
        describeRow={(entry) => entry.name}
        emptyText={t('catalogue.cameras.empty')}
        filters={
          <FilterBar draft={draft} label={t('filters.label')}>
            <FilterField id="catalogue-camera-keyword" label={t('filters.keyword')}>
              <Input id="catalogue-camera-keyword" value={draft.values.keyword} onChange={(value) => draft.set('keyword', value)} />
            </FilterField>
          </FilterBar>
        }
        actions={
          canWrite ? (
            <>
              <Button appearance="primary" onClick={() => setEditing({ entry: null, values: EMPTY })}>
                {t('catalogue.cameras.add')}
              </Button>
              <Button color="red" appearance="ghost" disabled={selected.length === 0} onClick={() => remove(selected)}>
                {t('delete.selected', { n: selected.length })}
              </Button>
            </>
          ) : null
        }
      />
      <EntryDialog
        title={editing?.entry ? t('catalogue.cameras.editTitle', { name: editing.entry.name }) : t('catalogue.cameras.add')}
        fields={fields}
        initial={editing?.values ?? EMPTY}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          const input = toInput(values);
          await (editing?.entry ? updateCameraEntry(editing.entry.id, input) : addCameraEntry(input));
          notify('success', t('catalogue.saved'));
          setEditing(null);
          list.reload();
        }}
      />
      {dialog}
    </>
  );
}
