// /edgeDevice/box: the edge boxes — list by keyword and status (online while heartbeats arrive), register (the
// ingest secret is shown once, with a copy button and a warning), edit, delete and restart with confirmation.
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { OpenedOnce } from '../../components/data/OpenedOnce.tsx';
import { actionsColumn } from '../../components/table/CellActions.tsx';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { choicesOf, ListToolbar, rowsConfirmation, type ToolbarAction, type ToolbarField } from '../../components/table/ListToolbar.tsx';
import { ServerTable, type TableColumn } from '../../components/table/ServerTable.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { BoxFormDialog } from './boxes/BoxFormDialog.tsx';
import { deleteBoxes, type EdgeBox, listBoxes, restartBox } from './boxes/boxesApi.ts';
import { SecretDialog } from './boxes/SecretDialog.tsx';
import { NameWithBadge } from './shared/SimulatedBadge.tsx';
import { useScreenTitle } from './shared/useScreenTitle.ts';
import './devices.css';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

// The box's drawer (its tabs' forms, the upload field, the date pickers) and its styles load at its first opening.
const BoxDetailsDrawer = lazy(() => import('./boxes/BoxDetailsDrawer.tsx').then((module) => ({ default: module.BoxDetailsDrawer })));

const FILTERS = ['keyword', 'status'] as const;
type FilterKey = (typeof FILTERS)[number];
const percent = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${Math.round(value)}%`);

export default function EdgeDeviceBoxScreen() {
  const { t } = useTranslation('devices');
  const canWrite = usePermission()(['edgeDevice/box', 'boxDeviceConfig']);
  const navigate = useNavigate();
  const title = useScreenTitle(t('titles.edgeDeviceBox'));
  const list = useServerList<EdgeBox, FilterKey>({
    filterKeys: FILTERS,
    rowKey: (box) => box.id,
    load: ({ filters, pageNo, pageSize, signal }) => listBoxes(filters, pageNo, pageSize, signal),
  });
  const filters: ToolbarField<FilterKey>[] = [
    { kind: 'text', key: 'keyword', label: t('filters.keyword'), placeholder: t('boxes.keywordHint') },
    { kind: 'select', key: 'status', label: t('boxes.status'), choices: choicesOf(['online', 'offline'], (status) => t(`boxes.${status}`)) },
  ];
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<EdgeBox | 'new' | null>(null);
  const [details, setDetails] = useState<EdgeBox | null>(null);
  const [secret, setSecret] = useState<{ secret: string; name: string } | null>(null);
  const selected = list.rows.filter((box) => list.selected.has(box.id));

  const remove = (boxes: EdgeBox[]) =>
    confirm(
      rowsConfirmation(boxes, (box) => box.name, {
        title: t('boxes.deleteTitle'),
        one: (name) => t('boxes.deleteOne', { name }),
        many: (n) => t('boxes.deleteMany', { n }),
        confirmLabel: t('actions.delete'),
      }, async () => {
        await deleteBoxes(boxes.map((box) => box.id));
        notify('success', t('boxes.deleted', { n: boxes.length }));
        list.afterDelete(boxes.length);
      }),
    );

  const restart = (box: EdgeBox) =>
    confirm({
      title: t('boxes.restartTitle'),
      message: t('boxes.restartOne', { name: box.name }),
      confirmLabel: t('boxes.restart'),
      action: async () => {
        await restartBox(box.id);
        notify('success', t('boxes.restarted'));
        list.reload();
      },
    });

  const writes: ToolbarAction[] = [
    { key: 'add', label: t('boxes.add'), primary: true, onClick: () => setEditing('new') },
    { key: 'delete', label: t('delete.selected', { n: selected.length }), danger: true, bulk: true, onClick: () => remove(selected) },
  ];

  const columns: TableColumn<EdgeBox>[] = [
    { key: 'name', header: t('boxes.columns.name'), flexGrow: 2, minWidth: 160, sortable: true, render: (box) => <NameWithBadge name={box.name} simulated={box.simulated} what="box" /> },
    // A serial number and a hardware model ('Argus Edge (in-process)') are names of things, no language.
    { key: 'serialNumber', header: t('boxes.columns.serialNumber'), width: 150, sortable: true, render: (box) => <span translate="no">{box.serialNumber}</span> },
    { key: 'ip', header: t('boxes.columns.ip'), width: 130 },
    { key: 'model', header: t('boxes.columns.model'), width: 100, render: (box) => <span translate="no">{box.model}</span> },
    { key: 'version', header: t('boxes.columns.version'), width: 80 },
    {
      key: 'status',
      header: t('boxes.columns.status'),
      width: 80,
      sortable: true,
      render: (box) => <span className={box.status === 'online' ? 'device-badge started' : 'device-badge'}>{t(`boxes.${box.status}`)}</span>,
    },
    { key: 'lastHeartbeat', kind: 'time', header: t('boxes.columns.lastHeartbeat'), width: 170 },
    { key: 'cameraCount', header: t('boxes.columns.cameraCount'), width: 80, align: 'center' },
    { key: 'load', header: t('boxes.columns.load'), width: 140, render: (box) => `${percent(box.cpuUsage)} / ${percent(box.memoryUsage)} / ${percent(box.diskUsage)}` },
    actionsColumn(t('boxes.columns.actions'), canWrite ? 300 : 150, (box) => [
      { key: 'configure', label: t('boxes.configure'), onClick: () => navigate(`/boxDeviceConfig?box=${box.id}`) },
      { key: 'open', label: t('boxExtras.open'), onClick: () => setDetails(box) },
      { key: 'edit', label: t('actions.edit'), shown: canWrite, onClick: () => setEditing(box) },
      { key: 'restart', label: t('boxes.restart'), shown: canWrite, onClick: () => restart(box) },
      { key: 'delete', label: t('actions.delete'), shown: canWrite, danger: true, onClick: () => remove([box]) },
    ]),
  ];

  return (
    <ScreenFrame className="devices-screen" headerClassName="devices-header" title={title}>
      <ServerTable
        list={list}
        label={t('boxes.label')}
        columns={columns}
        selectable={canWrite}
        describeRow={(box) => box.name}
        emptyText={t('boxes.empty')}
        toolbar={<ListToolbar id="box" list={list} fields={filters} actions={canWrite ? writes : []} />}
      />
      <BoxFormDialog
        target={editing}
        onClose={() => setEditing(null)}
        onCreated={(created, name) => {
          setEditing(null);
          setSecret({ secret: created.secret, name });
          list.reload();
        }}
        onSaved={() => {
          setEditing(null);
          notify('success', t('boxes.saved'));
          list.reload();
        }}
      />
      <OpenedOnce open={details !== null} onLoadFailed={() => setDetails(null)}>
        <BoxDetailsDrawer box={details} canWrite={canWrite} onClose={() => setDetails(null)} />
      </OpenedOnce>
      <SecretDialog secret={secret?.secret ?? null} name={secret?.name ?? ''} onClose={() => setSecret(null)} />
      {dialog}
    </ScreenFrame>
  );
}
