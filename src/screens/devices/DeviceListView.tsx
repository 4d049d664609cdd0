// The device list of one kind (cameras, picture-capture cameras, offline videos): the §4 filters (scene, start
// state 1 started / 2 not started, creation time 1 last day / 2 last week / 3 last month) and a keyword, paging,
// add / edit / delete with confirmation, start / stop one or many with confirmation, export as .xlsx, and "configure"
// which opens the camera's snapshot, drawing and event settings (?camera=<id>, so Back and links work).
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { choicesOf, ListToolbar, type ToolbarAction } from '../../components/table/ListToolbar.tsx';
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
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

const FILTERS = ['keyword', 'sceneId', 'startState', 'createdWithin'] as const;
type FilterKey = (typeof FILTERS)[number];

export interface DeviceListViewProps {
  kind: DeviceKind;
  /** The route's module number: the writes it governs. */
  permission: string;
  title: string;
  /** More for writers (the offline screen's upload), given the list's reload: toolbar actions after Add, and what
   *  they open. */
  extra?: (reload: () => void) => DeviceListExtra;
}

export interface DeviceListExtra {
  actions: ToolbarAction[];
  element: ReactNode;
}

export function DeviceListView({ kind, permission, title, extra }: DeviceListViewProps) {
  const { t } = useTranslation('devices');
  const canWrite = usePermission()(permission);
  const [, setParams] = useSearchParams();
  const list = useServerList<Device, FilterKey>({
    filterKeys: FILTERS,
    rowKey: (device) => device.id,
    load: ({ filters, pageNo, pageSize, signal }) => listDevices(kind, filters, pageNo, pageSize, signal),
  });
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

  const extras = extra?.(list.reload);
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
        toolbar={
          <ListToolbar
            id={kind}
            list={list}
            label={t('filters.label')}
            fields={[
              // The contract bounds the keyword at 128 (listDevices and its kinds).
              { kind: 'text', key: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordHint'), maxLength: 128 },
              {
                kind: 'select',
                key: 'sceneId',
                label: t('filters.scene'),
                choices: scenes.data.map((scene) => ({ value: String(scene.id), label: scene.sceneName })),
                searchable: true,
                loading: scenes.status === 'loading',
                placeholder: t('filters.any'),
              },
              { kind: 'select', key: 'startState', label: t('filters.startState'), choices: choicesOf([1, 2] as const, (value) => t(`startState.${value}`)), placeholder: t('filters.any') },
              {
                kind: 'select',
                key: 'createdWithin',
                label: t('filters.createdWithin'),
                choices: choicesOf([1, 2, 3] as const, (value) => t(`createdWithin.${value}`)),
                placeholder: t('filters.any'),
              },
            ]}
            actions={[
              // Offline videos come by upload (the offline screen's extra action), not by a form.
              ...(kind === 'offline' ? [] : [{ key: 'add', label: t(`form.add.${kind}`), primary: true, shown: canWrite, onClick: () => setEditing('new') }]),
              ...(canWrite ? (extras?.actions ?? []) : []),
              { key: 'start', label: t('run.startSelected', { n: selected.length }), shown: canWrite, bulk: true, onClick: () => startStop(selected, true) },
              { key: 'stop', label: t('run.stopSelected', { n: selected.length }), shown: canWrite, bulk: true, onClick: () => startStop(selected, false) },
              { key: 'delete', label: t('delete.selected', { n: selected.length }), danger: true, shown: canWrite, bulk: true, onClick: () => remove(selected) },
              { key: 'export', label: t('export.button'), loading: exporting, onClick: () => void exportList() },
            ]}
          />
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
      {canWrite ? extras?.element : null}
      {dialog}
    </ScreenFrame>
  );
}
