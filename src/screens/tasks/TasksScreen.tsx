// The detection-task screens (/taskConfig and its third-party and white-layout variants): the task list with its
// filters, start / stop one or many and delete (all confirmed), new tasks, and — with ?task=<id> — one task's
// configuration (its editor loads when a task is opened: its fields and their styles are not the list's).
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { ScreenSkeleton } from '../../app/ScreenSkeleton.tsx';
import { actionsColumn } from '../../components/table/CellActions.tsx';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { choicesOf, ListToolbar, rowsConfirmation, type ToolbarAction, type ToolbarField } from '../../components/table/ListToolbar.tsx';
import { ServerTable, type TableColumn } from '../../components/table/ServerTable.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { DEVICE_STATE_FLOOR, DeviceState } from '../devices/shared/DeviceState.tsx';
import { useScreenTitle } from '../devices/shared/useScreenTitle.ts';
import { NewTaskDialog } from './NewTaskDialog.tsx';
import { batchTasks, type DetectionTask, deleteTasks, listTasks, startTask, stopTask } from './tasksApi.ts';
import '../devices/devices.css';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

const FILTERS = ['keyword', 'startState'] as const;
type FilterKey = (typeof FILTERS)[number];
const TaskEditorView = lazy(() => import('./TaskEditorView.tsx').then((module) => ({ default: module.TaskEditorView })));

export function TasksScreen({ permission, title }: { permission: string; title: string }) {
  const [params, setParams] = useSearchParams();
  const canWrite = usePermission()(permission);
  const heading = useScreenTitle(title);
  const taskId = Number(params.get('task'));
  const open = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('task');
      else next.set('task', String(id));
      return next;
    });
  if (Number.isInteger(taskId) && taskId > 0) {
    return (
      <Suspense fallback={<ScreenSkeleton />}>
        <TaskEditorView taskId={taskId} canWrite={canWrite} onBack={() => open(null)} />
      </Suspense>
    );
  }
  return <TaskList title={heading} canWrite={canWrite} open={open} />;
}

function TaskList({ title, canWrite, open }: { title: string; canWrite: boolean; open(id: number): void }) {
  const { t } = useTranslation('tasks');
  const { t: td } = useTranslation('devices');
  const list = useServerList<DetectionTask, FilterKey>({
    filterKeys: FILTERS,
    rowKey: (task) => task.id,
    load: ({ filters, pageNo, pageSize, signal }) => listTasks(filters, pageNo, pageSize, signal),
  });
  const filters: ToolbarField<FilterKey>[] = [
    { kind: 'text', key: 'keyword', label: td('filters.keyword'), placeholder: t('keywordHint') },
    { kind: 'select', key: 'startState', label: td('filters.startState'), choices: choicesOf([1, 2], (state) => td(`startState.${state}`)) },
  ];
  const { confirm, dialog } = useConfirm();
  const [creating, setCreating] = useState(false);
  const selected = list.rows.filter((task) => list.selected.has(task.id));
  const nameOf = (id: number) => list.rows.find((task) => task.id === id)?.name ?? String(id);

  const run = (tasks: DetectionTask[], start: boolean) =>
    confirm(
      rowsConfirmation(tasks, (task) => task.name, {
        title: t(start ? 'startTitle' : 'stopTitle'),
        one: (name) => t(start ? 'startOne' : 'stopOne', { name }),
        many: (n) => t(start ? 'startMany' : 'stopMany', { n }),
        confirmLabel: t(start ? 'start' : 'stop'),
      }, async () => {
        if (tasks.length === 1) {
          await (start ? startTask(tasks[0].id) : stopTask(tasks[0].id));
          list.reload();
          notify('success', t(start ? 'started' : 'stopped', { count: 1 }));
          return;
        }
        const result = await batchTasks(tasks.map((task) => task.id), start);
        list.reload();
        if (result.failed.length) {
          const reasons = result.failed.map((failure) => td('batch.failure', { name: nameOf(failure.id), reason: failure.msg })).join('；');
          throw new Error(td('batch.partial', { ok: result.succeeded.length, failed: result.failed.length, reasons }));
        }
        notify('success', t(start ? 'started' : 'stopped', { count: result.succeeded.length }));
      }),
    );

  const remove = (tasks: DetectionTask[]) =>
    confirm(
      rowsConfirmation(tasks, (task) => task.name, {
        title: t('deleteTitle'),
        one: (name) => t('deleteOne', { name }),
        many: (n) => t('deleteMany', { n }),
        confirmLabel: t('delete'),
      }, async () => {
        await deleteTasks(tasks.map((task) => task.id));
        notify('success', t('deleted', { n: tasks.length }));
        list.afterDelete(tasks.length);
      }),
    );

  const writes: ToolbarAction[] = [
    { key: 'add', label: t('add'), primary: true, onClick: () => setCreating(true) },
    { key: 'start', label: t('startSelected', { n: selected.length }), bulk: true, onClick: () => run(selected, true) },
    { key: 'stop', label: t('stopSelected', { n: selected.length }), bulk: true, onClick: () => run(selected, false) },
    { key: 'delete', label: t('deleteSelected', { n: selected.length }), danger: true, bulk: true, onClick: () => remove(selected) },
  ];

  const columns: TableColumn<DetectionTask>[] = [
    { key: 'name', header: t('fields.name'), flexGrow: 2, minWidth: 180, sortable: true },
    { key: 'cameraName', header: t('fields.camera'), flexGrow: 1, minWidth: 160, sortable: true },
    { key: 'startState', header: t('fields.state'), width: 190, shrinkTo: DEVICE_STATE_FLOOR, render: (task) => <DeviceState device={task} /> },
    { key: 'createTime', kind: 'time', header: t('fields.createTime'), width: 170, sortable: true },
    actionsColumn(t('fields.actions'), canWrite ? 200 : 90, (task) => [
      { key: 'configure', label: t('configure'), onClick: () => open(task.id) },
      { key: 'run', label: task.startState === 1 ? t('stop') : t('start'), shown: canWrite, onClick: () => run([task], task.startState !== 1) },
      { key: 'delete', label: t('delete'), shown: canWrite, danger: true, onClick: () => remove([task]) },
    ]),
  ];

  return (
    <ScreenFrame className="devices-screen" headerClassName="devices-header" title={title}>
      <ServerTable
        list={list}
        label={title}
        columns={columns}
        selectable={canWrite}
        describeRow={(task) => task.name}
        emptyText={t('empty')}
        toolbar={<ListToolbar id="task" list={list} fields={filters} actions={canWrite ? writes : []} />}
      />
      <NewTaskDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          notify('success', t('created'));
          open(id);
        }}
      />
      {dialog}
    </ScreenFrame>
  );
}
