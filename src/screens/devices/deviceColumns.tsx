// The columns of a device list, by kind: what identifies the device (address, serial number or file), its scene
// and edge box, its states, its configured events, when it was added, and the row's actions.
import type { TFunction } from 'i18next';
import { actionsColumn } from '../../components/table/CellActions.tsx';
import type { TableColumn } from '../../components/table/ServerTable.tsx';
import { StreamStateBadge } from '../video/StreamStateBadge.tsx';
import type { StreamState } from '../video/streamStates.ts';
import type { Device, DeviceKind } from './devicesApi.ts';
import { DEVICE_STATE_FLOOR, DeviceState } from './shared/DeviceState.tsx';
import { NameWithBadge } from './shared/SimulatedBadge.tsx';

export interface DeviceRowActions {
  canWrite: boolean;
  open(device: Device): void;
  edit(device: Device): void;
  startStop(device: Device, start: boolean): void;
  remove(device: Device): void;
  /** The camera's stream state as last refreshed (cameras with a stream only). */
  streamOf(device: Device): StreamState | null;
}

function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '';
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function deviceColumns(t: TFunction<'devices'>, kind: DeviceKind, actions: DeviceRowActions): TableColumn<Device>[] {
  const identity: TableColumn<Device>[] =
    kind === 'offline'
      ? [
          { key: 'duration', header: t('columns.duration'), width: 100, render: (device) => duration(device.duration) },
          { key: 'size', header: t('columns.frame'), width: 120, render: (device) => (device.width && device.height ? `${device.width}×${device.height}` : '') },
        ]
      : [
          { key: 'ip', header: t('columns.ip'), width: 120, sortable: true },
          { key: 'serialnumber', header: t('columns.serialnumber'), width: 110, sortable: true },
          { key: 'boxName', header: t('columns.box'), width: 140, sortable: true },
        ];
  // Only cameras with a live stream (kind normal) have a stream state; not live, it says since when and why.
  const stream: TableColumn<Device>[] =
    kind === 'normal'
      ? [{ key: 'stream', header: t('columns.stream'), width: 200, render: (device) => <StreamStateBadge stream={actions.streamOf(device)} detail /> }]
      : [];
  return [
    { key: 'name', header: t('columns.name'), flexGrow: 2, minWidth: 160, sortable: true, render: (device) => <NameWithBadge name={device.name} simulated={device.simulated} what="camera" /> },
    ...identity,
    { key: 'sceneName', header: t('columns.scene'), width: 100, sortable: true },
    // Two badges side by side: wide enough for the longest pair of either language ("Not started" "Not running").
    { key: 'startState', header: t('columns.state'), width: 190, shrinkTo: DEVICE_STATE_FLOOR, sortable: true, render: (device) => <DeviceState device={device} /> },
    ...stream,
    {
      key: 'events',
      header: t('columns.events'),
      width: 70,
      align: 'center',
      render: (device) => String(device.events?.length ?? 0),
    },
    { key: 'createTime', kind: 'time', header: t('columns.createTime'), width: 170, sortable: true },
    actionsColumn(t('columns.actions'), actions.canWrite ? 210 : 80, (device) => [
      { key: 'configure', label: t('actions.configure'), onClick: () => actions.open(device) },
      { key: 'edit', label: t('actions.edit'), shown: actions.canWrite && kind !== 'offline', onClick: () => actions.edit(device) },
      { key: 'run', label: device.startState === 1 ? t('run.stop') : t('run.start'), shown: actions.canWrite, onClick: () => actions.startStop(device, device.startState !== 1) },
      { key: 'delete', label: t('actions.delete'), shown: actions.canWrite, danger: true, onClick: () => actions.remove(device) },
    ]),
  ];
}
