// /batchTask: planned tasks — start or stop a set of cameras at a time of day, every week on chosen days or once
// on a date; listed by the next run, created, edited, deleted (confirmed) and run now (confirmed; the outcome per
// camera is shown).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { actionsColumn } from '../../components/table/CellActions.tsx';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { ListToolbar, rowsConfirmation, type ToolbarAction } from '../../components/table/ListToolbar.tsx';
import { ServerTable, type TableColumn } from '../../components/table/ServerTable.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { useScreenTitle } from '../devices/shared/useScreenTitle.ts';
import { PlanFormDialog } from './plans/PlanFormDialog.tsx';
import { deletePlans, executePlan, listPlans, type TaskPlan } from './tasksApi.ts';
import '../devices/devices.css';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

export default function BatchTaskScreen() {
  const { t } = useTranslation('tasks');
  const { t: td } = useTranslation('forms');
  const canWrite = usePermission()('batchTask');
  const title = useScreenTitle(t('titles.batchTask'));
  const list = useServerList<TaskPlan, 'keyword'>({
    filterKeys: ['keyword'],
    rowKey: (plan) => plan.id,
    load: ({ filters, pageNo, pageSize, signal }) => listPlans(filters.keyword, pageNo, pageSize, signal),
  });
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<TaskPlan | 'new' | null>(null);
  const selected = list.rows.filter((plan) => list.selected.has(plan.id));

  const schedule = (plan: TaskPlan) =>
    plan.onceDate
      ? t('plans.onceAt', { date: plan.onceDate, time: plan.executeTime })
      : t('plans.weeklyAt', { days: plan.weeks.map((day) => td(`weeks.${day}` as never)).join('、'), time: plan.executeTime });

  const runNow = (plan: TaskPlan) =>
    confirm({
      title: t('plans.runTitle'),
      message: t('plans.runOne', { name: plan.name, action: t(`plans.action.${plan.action}`), count: plan.cameraIds.length }),
      confirmLabel: t('plans.run'),
      action: async () => {
        const result = await executePlan(plan.id);
        list.reload();
        if (result.failed.length) {
          const nameOf = (id: number) => plan.cameras?.find((camera) => camera.id === id)?.name ?? String(id);
          const reasons = result.failed.map((failure) => `${nameOf(failure.cameraId)}：${failure.msg}`).join('；');
          throw new Error(t('plans.partial', { ok: result.succeeded.length, failed: result.failed.length, reasons }));
        }
        notify('success', t('plans.ran', { count: result.succeeded.length }));
      },
    });

  const remove = (plans: TaskPlan[]) =>
    confirm(
      rowsConfirmation(plans, (plan) => plan.name, {
        title: t('plans.deleteTitle'),
        one: (name) => t('plans.deleteOne', { name }),
        many: (n) => t('plans.deleteMany', { n }),
        confirmLabel: t('delete'),
      }, async () => {
        await deletePlans(plans.map((plan) => plan.id));
        notify('success', t('plans.deleted', { count: plans.length }));
        list.afterDelete(plans.length);
      }),
    );

  const writes: ToolbarAction[] = [
    { key: 'add', label: t('plans.add'), primary: true, onClick: () => setEditing('new') },
    { key: 'delete', label: t('deleteSelected', { n: selected.length }), danger: true, bulk: true, onClick: () => remove(selected) },
  ];

  const columns: TableColumn<TaskPlan>[] = [
    { key: 'name', header: t('plans.fields.name'), flexGrow: 1, minWidth: 150, sortable: true },
    { key: 'action', header: t('plans.fields.action'), width: 90, render: (plan) => t(`plans.action.${plan.action}`) },
    { key: 'schedule', header: t('plans.schedule'), flexGrow: 1, minWidth: 200, render: schedule },
    { key: 'cameras', header: t('plans.fields.cameraIds'), flexGrow: 1, minWidth: 160, render: (plan) => (plan.cameras ?? []).map((c) => c.name).join('、') },
    { key: 'enabled', header: t('plans.fields.enabled'), width: 80, render: (plan) => (plan.enabled ? t('plans.on') : t('plans.off')) },
    { key: 'nextRunTime', kind: 'time', header: t('plans.nextRun'), width: 170, sortable: true },
    {
      key: 'lastResult',
      header: t('plans.lastResult'),
      width: 170,
      render: (plan) =>
        plan.lastResult ? t(`plans.result.${plan.lastResult.status}`, { ok: plan.lastResult.okCount, failed: plan.lastResult.failCount }) : '',
    },
    actionsColumn(t('fields.actions'), canWrite ? 200 : 60, (plan) => [
      { key: 'run', label: t('plans.run'), shown: canWrite, onClick: () => runNow(plan) },
      { key: 'edit', label: t('edit'), shown: canWrite, onClick: () => setEditing(plan) },
      { key: 'delete', label: t('delete'), shown: canWrite, danger: true, onClick: () => remove([plan]) },
    ]),
  ];

  return (
    <ScreenFrame className="devices-screen" headerClassName="devices-header" title={title}>
      <ServerTable
        list={list}
        label={title}
        columns={columns}
        selectable={canWrite}
        describeRow={(plan) => plan.name}
        emptyText={t('plans.empty')}
        toolbar={<ListToolbar id="plan" list={list} fields={[{ kind: 'text', key: 'keyword', label: t('plans.fields.name') }]} actions={canWrite ? writes : []} />}
      />
      <PlanFormDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          notify('success', t(editing === 'new' ? 'plans.created' : 'plans.saved'));
          setEditing(null);
          list.reload();
        }}
      />
      {dialog}
    </ScreenFrame>
  );
}
