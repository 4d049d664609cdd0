// /deptConfig: the department tree with its leader, phone and users; add at the top or under a department,
// edit or move, delete with confirmation (the server refuses while sub-departments or users remain, and says so).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { useFilterDraft } from '../../components/table/FilterBar.tsx';
import type { TableColumn } from '../../components/table/ServerTable.tsx';
import { KeywordTreeToolbar } from '../../components/tree/KeywordTreeToolbar.tsx';
import { TreeTable } from '../../components/tree/TreeTable.tsx';
import { DeptFormModal, type DeptTarget } from './depts/DeptFormModal.tsx';
import { type Dept, deleteDept, deptTree } from './depts/deptsApi.ts';
import { useLoaded } from '../../components/data/useLoaded.ts';
import './shared/systemScreens.css';
import { actionsColumn } from '../../components/table/CellActions.tsx';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

export default function DeptConfigScreen() {
  const { t } = useTranslation('system');
  const canWrite = usePermission()('deptConfig');
  // The keyword lives in the URL like every list filter; the server keeps matches and their ancestors.
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const draft = useFilterDraft({ keyword }, (next) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next.keyword?.trim()) updated.set('keyword', next.keyword.trim());
      else updated.delete('keyword');
      return updated;
    }),
  );
  const tree = useLoaded((signal) => deptTree(signal, keyword), [] as Dept[], keyword);
  // The parent picker needs every department, also while the table shows only matches.
  const whole = useLoaded(async (signal) => (keyword ? deptTree(signal) : []), [] as Dept[], keyword);
  const { confirm, dialog } = useConfirm();
  const [target, setTarget] = useState<DeptTarget>(null);

  const refresh = () => {
    tree.reload();
    whole.reload();
  };

  const remove = (dept: Dept) =>
    confirm({
      title: t('depts.deleteTitle'),
      message: t('depts.deleteOne', { name: dept.deptName }),
      confirmLabel: t('actions.delete'),
      action: async () => {
        await deleteDept(dept.id);
        notify('success', t('depts.deleted'));
        refresh();
      },
    });

  const columns: TableColumn<Dept>[] = [
    { key: 'deptName', header: t('depts.fields.deptName'), flexGrow: 2, minWidth: 200 },
    { key: 'leader', header: t('depts.fields.leader'), flexGrow: 1, minWidth: 100 },
    { key: 'phone', header: t('depts.fields.phone'), width: 140 },
    { key: 'userCount', header: t('depts.fields.userCount'), width: 90, align: 'right' },
    { key: 'sort', header: t('depts.fields.sort'), width: 80, align: 'right' },
  ];
  if (canWrite) {
    columns.push(actionsColumn(t('table.actions'), 230, (dept) => [
      { key: 'addChild', label: t('depts.addChild'), ariaLabel: t('depts.addChildOf', { name: dept.deptName }), onClick: () => setTarget({ kind: 'new', parentId: dept.id }) },
      { key: 'edit', label: t('actions.edit'), ariaLabel: t('depts.editOf', { name: dept.deptName }), onClick: () => setTarget({ kind: 'edit', dept }) },
      { key: 'delete', label: t('actions.delete'), ariaLabel: t('depts.deleteOf', { name: dept.deptName }), onClick: () => remove(dept), danger: true },
    ]));
  }

  return (
    <ScreenFrame className="system-screen" headerClassName="system-screen-header" title={t('depts.title')}>
      <TreeTable
        rows={tree.data}
        status={tree.status}
        error={tree.error}
        onRetry={tree.reload}
        columns={columns}
        label={t('depts.title')}
        emptyText={keyword ? t('table.noMatch') : t('depts.empty')}
        toolbar={
          <KeywordTreeToolbar
            idPrefix="dept"
            draft={draft}
            keywordLabel={t('depts.keyword')}
            perm="deptConfig"
            addLabel={t('depts.add')}
            onAdd={() => setTarget({ kind: 'new', parentId: 0 })}
          />
        }
      />
      <DeptFormModal
        target={target}
        tree={keyword ? whole.data : tree.data}
        onClose={() => setTarget(null)}
        onSaved={() => {
          notify('success', t(target?.kind === 'new' ? 'depts.created' : 'depts.saved'));
          setTarget(null);
          refresh();
        }}
      />
      {dialog}
    </ScreenFrame>
  );
}
