// /deptConfig: the department tree with its leader, phone and users; add at the top or under a department,
// edit or move, delete with confirmation (the server refuses while sub-departments or users remain, and says so).
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { OpenedOnce } from '../../components/data/OpenedOnce.tsx';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import type { TableColumn } from '../../components/table/ServerTable.tsx';
import { KeywordTreeToolbar } from '../../components/tree/KeywordTreeToolbar.tsx';
import { TreeTable } from '../../components/tree/TreeTable.tsx';
import { useKeywordTree } from '../../components/tree/useKeywordTree.ts';
import type { DeptTarget } from './depts/DeptFormModal.tsx';
import { type Dept, deleteDept, deptTree } from './depts/deptsApi.ts';
import './shared/systemScreens.css';
import { actionsColumn } from '../../components/table/CellActions.tsx';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

// The form dialog (its fields, pickers and their styles) loads at its first opening.
const DeptFormModal = lazy(() => import('./depts/DeptFormModal.tsx').then((module) => ({ default: module.DeptFormModal })));

export default function DeptConfigScreen() {
  const { t } = useTranslation('system');
  const canWrite = usePermission()('deptConfig');
  const depts = useKeywordTree((keyword, signal) => deptTree(signal, keyword));
  const { confirmDelete, dialog } = useConfirm();
  const [target, setTarget] = useState<DeptTarget>(null);

  const remove = (dept: Dept) =>
    confirmDelete({ title: t('depts.deleteTitle'), message: t('depts.deleteOne', { name: dept.deptName }), done: t('depts.deleted') }, () => deleteDept(dept.id), depts.reload);

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
        tree={depts.shown}
        columns={columns}
        label={t('depts.title')}
        emptyText={depts.keyword ? t('table.noMatch') : t('depts.empty')}
        toolbar={
          <KeywordTreeToolbar
            idPrefix="dept"
            draft={depts.draft}
            keywordLabel={t('depts.keyword')}
            perm="deptConfig"
            addLabel={t('depts.add')}
            onAdd={() => setTarget({ kind: 'new', parentId: 0 })}
          />
        }
      />
      <OpenedOnce open={target !== null} onLoadFailed={() => setTarget(null)}>
        <DeptFormModal
          target={target}
          tree={depts.whole.data}
          onClose={() => setTarget(null)}
          onSaved={() => {
            notify('success', t(target?.kind === 'new' ? 'depts.created' : 'depts.saved'));
            setTarget(null);
            depts.reload();
          }}
        />
      </OpenedOnce>
      {dialog}
    </ScreenFrame>
  );
}
