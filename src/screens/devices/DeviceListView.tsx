// The device list of one kind (cameras, picture-capture cameras, offline videos): the §4 filters (scene, start
// state 1 started / 2 not started, creation time 1 last day / 2 last week / 3 last month) and a keyword, paging,
// add / edit / delete with confirmation, start / stop one or many with confirmation, export as .xlsx, and "configure"
// which opens the camera's snapshot, drawing and event settings (?camera=<id>, so Back and links work).
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { FilterBar, useFilterDraft } from '../../components/table/FilterBar.tsx';
import { ServerTable } from '../../components/table/ServerTable.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { DeviceFormDialog } from './DeviceFormDialog.tsx';
import { deviceColumns } from './deviceColumns.tsx';
import {
  allScenes,
  batchStartDevices,
  batchStopDevices,
  boxOptions,
  type Device,
  type DeviceKind,
  deleteDevices,
  exportDevices,
  listDevices,
  startDevice,
  stopDevice,
} from './devicesApi.ts';
import { batchFailureText } from './shared/batchOutcome.ts';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { currentStream, useStreamStates } from '../video/streamStates.ts';
import './devices.css';
import { ChoiceFilter, TextFilter } from '../../components/table/filterFields.tsx';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

const FILTERS = ['keyword', 'sceneId', 'startState', 'createdWithin'] as const;
type FilterKey = (typeof FILTERS)[number];

export interface DeviceListViewProps {
  kind: DeviceKind;
  /** The route's module number: the writes it governs. */
  permission: string;
  title: string;
  /** Extra toolbar actions (the offline screen's upload), given the list's reload. */
  extraActions?: (reload: () => void) => ReactNode;
}

export function DeviceListView({ kind, permission, title, extraActions }: DeviceListViewProps) {
  const { t } = useTranslation('devices');
  const canWrite = usePermission()(permission);
  const [, setParams] = useSearchParams();
  const list = useServerList<Device, FilterKey>({
    filterKeys: FILTERS,
    rowKey: (device) => device.id,
    load: ({ filters, pageNo, pageSize, signal }) => listDevices(kind, filters, pageNo, pageSize, signal),
  });
  const draft = useFilterDraft(list.filters, list.setFilters);
  const scenes = useLoaded((signal) => allScenes(signal), []);
  const boxes = useLoaded((signal) => (kind === 'offline' ? Promise.resolve([]) : boxOptions(signal)), []);
  const { confirm, confirmDelete, dialog } = useConfirm();
  const [editing, setEditing] = useState<Device | 'new' | null>(null);
  const [exporting, setExporting] = useState(false);
  const nameOf = (id: number) => list.rows.find((device) => device.id === id)?.name ?? String(id);
  const selected = list.rows.filter((device) => list.selected.has(device.id));
  // The shown cameras' stream states, refreshed every 10 s while the page is visible (cameras with a box only).
  const streams = useStreamStates(kind === 'normal' ? list.rows.filter((device) => Boolean(device.boxId)).map((device) => device.id) : []);

  const open = (device: Device) =>
    setParams((params) => {
      const next = new URLSearchParams(params);
      next.set('camera', String(device.id));
      return next;
    });

  const startStop = (devices: Device[], start: boolean) =>
    confirm({
      title: t(start ? 'run.startTitle' : 'run.stopTitle'),
      message: devices.length === 1 ? t(start ? 'run.startOne' : 'run.stopOne', { name: devices[0].name }) : t(start ? 'run.startMany' : 'run.stopMany', { n: devices.length }),
      confirmLabel: t(start ? 'run.start' : 'run.stop'),
      action: async () => {
        if (devices.length === 1) {
          await (start ? startDevice(devices[0].id) : stopDevice(devices[0].id));
          notify('success', t(start ? 'run.started' : 'run.stopped', { count: 1 }));
          list.reload();
          return;
        }
        const ids = devices.map((device) => device.id);
        const result = await (start ? batchStartDevices(ids) : batchStopDevices(ids));
        list.reload();
        const failure = batchFailureText(t, result.succeeded.length, result.failed, (f) => nameOf(f.cameraId));
        if (failure) throw new Error(failure);
        notify('success', t(start ? 'run.started' : 'run.stopped', { count: result.succeeded.length }));
      },
    });

  const remove = (devices: Device[]) =>
    confirmDelete(
      {
        title: t('delete.title'),
        message: devices.length === 1 ? t('delete.one', { name: devices[0].name }) : t('delete.many', { n: devices.length }),
        done: t('delete.done', { count: devices.length }),
      },
      () => deleteDevices(kind, devices.map((device) => device.id)),
      () => list.afterDelete(devices.length),
    );

  const exportList = async () => {
    setExporting(true);
    const result = await exportDevices(kind, list.filters, t(`export.file.${kind}`));
    setExporting(false);
    if (!result.ok) notify('error', result.failure.message);
  };

  const columns = deviceColumns(t, kind, { canWrite, open, edit: setEditing, startStop: (d, s) => startStop([d], s), remove: (d) => remove([d]), streamOf: (d) => currentStream(streams, d) });

  return (
    <ScreenFrame className="devices-screen" headerClassName="devices-header" title={title}>
      <ServerTable
        list={list}
        label={title}
        columns={columns}
        selectable={canWrite}
        describeRow={(device) => device.name}
        emptyText={t(`empty.${kind}`)}
        filters={
          <FilterBar draft={draft} label={t('filters.label')}>
            <TextFilter draft={draft} field="keyword" id={`${kind}-filter-keyword`} label={t('filters.keyword')} placeholder={t('filters.keywordHint')} />
            <ChoiceFilter
              draft={draft}
              field="sceneId"
              id={`${kind}-filter-scene`}
              label={t('filters.scene')}
              choices={scenes.data.map((scene) => ({ value: String(scene.id), label: scene.sceneName }))}
              searchable
              loading={scenes.status === 'loading'}
              placeholder={t('filters.any')}
            />
            <ChoiceFilter
              draft={draft}
              field="startState"
              id={`${kind}-filter-start`}
              label={t('filters.startState')}
              choices={[1, 2].map((value) => ({ value: String(value), label: t(`startState.${value as 1 | 2}`) }))}
              placeholder={t('filters.any')}
            />
            <ChoiceFilter
              draft={draft}
              field="createdWithin"
              id={`${kind}-filter-created`}
              label={t('filters.createdWithin')}
              choices={[1, 2, 3].map((value) => ({ value: String(value), label: t(`createdWithin.${value as 1 | 2 | 3}`) }))}
              placeholder={t('filters.any')}
            />
          </FilterBar>
        }
        actions={
          <>
            {canWrite && kind !== 'offline' ? (
              <Button appearance="primary" onClick={() => setEditing('new')}>
                {t(`form.add.${kind}`)}
              </Button>
            ) : null}
            {canWrite ? extraActions?.(list.reload) : null}
            {canWrite ? (
              <>
                <Button disabled={selected.length === 0} onClick={() => startStop(selected, true)}>
                  {t('run.startSelected', { n: selected.length })}
                </Button>
                <Button disabled={selected.length === 0} onClick={() => startStop(selected, false)}>
                  {t('run.stopSelected', { n: selected.length })}
                </Button>
                <Button color="red" appearance="ghost" disabled={selected.length === 0} onClick={() => remove(selected)}>
                  {t('delete.selected', { n: selected.length })}
                </Button>
              </>
            ) : null}
            <Button onClick={exportList} loading={exporting}>
              {t('export.button')}
            </Button>
          </>
        }
      />
      {kind !== 'offline' ? (
        <DeviceFormDialog
          kind={kind}
          target={editing}
          scenes={scenes.data}
          boxes={boxes.data}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notify('success', t(editing === 'new' ? 'form.created' : 'form.saved'));
            setEditing(null);
            list.reload();
          }}
        />
      ) : null}
      {dialog}
    </ScreenFrame>
  );
}
