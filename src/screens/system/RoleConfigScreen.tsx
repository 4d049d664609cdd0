// /roleConfig: roles searched and paged on the server; add and edit with the modules each role holds; delete
// with confirmation (the server refuses while users hold the role, and says how many).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { selectUser, useSession, useSessionActor } from '../../app/session.tsx';
import { refreshMenu } from '../../app/sessionService.ts';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { ListToolbar } from '../../components/table/ListToolbar.tsx';
import { ServerTable, type TableColumn } from '../../components/table/ServerTable.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { moduleTree } from './menus/menusApi.ts';
import { RoleFormModal } from './roles/RoleFormModal.tsx';
import { deleteRole, getRoleMenus, listRoles, type Role } from './roles/rolesApi.ts';
import '../../components/table/serverTable.css';
import './shared/systemScreens.css';
import { actionsColumn } from '../../components/table/CellActions.tsx';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

const FILTERS = ['keyword'] as const;

export default function RoleConfigScreen() {
  const { t } = useTranslation('system');
  const holds = usePermission();
  const canWrite = holds('roleConfig');
  const list = useServerList<Role, 'keyword'>({
    filterKeys: FILTERS,
    rowKey: (role) => role.id,
    load: ({ filters, pageNo, pageSize, signal }) => listRoles(filters.keyword, pageNo, pageSize, signal),
  });
  const { confirmDelete, dialog } = useConfirm();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const session = useSessionActor();
  const myRoleId = useSession(selectUser)?.roleId ?? null;

  // A new role needs the whole module tree: listModules when the caller may read it; otherwise any role's
  // getRoleMenuList answers the same whole tree (its held ids are dropped).
  const loadModules = async (target: Role | 'new') => {
    if (target !== 'new') return getRoleMenus(target.id);
    if (holds('menuConfig')) return { moduleIds: [], tree: await moduleTree() };
    const any = (await listRoles('', 1, 1)).list[0];
    return { moduleIds: [], tree: any ? (await getRoleMenus(any.id)).tree : [] };
  };

  const remove = (role: Role) =>
    confirmDelete({ title: t('roles.deleteTitle'), message: t('roles.deleteOne', { name: role.roleName }), done: t('roles.deleted') }, () => deleteRole(role.id), () => list.afterDelete(1));

  const columns: TableColumn<Role>[] = [
    { key: 'roleName', header: t('roles.fields.roleName'), flexGrow: 1, minWidth: 140, sortable: true },
    { key: 'remark', header: t('roles.fields.remark'), flexGrow: 2, minWidth: 160 },
    { key: 'userCount', header: t('roles.fields.userCount'), width: 100, align: 'right', sortable: true },
    { key: 'createTime', kind: 'time', header: t('roles.fields.createTime'), width: 170, sortable: true },
  ];
  if (canWrite) {
    columns.push(actionsColumn(t('table.actions'), 160, (role) => [
      { key: 'edit', label: t('actions.edit'), ariaLabel: t('roles.editOf', { name: role.roleName }), onClick: () => setEditing(role) },
      { key: 'delete', label: t('actions.delete'), ariaLabel: t('roles.deleteOf', { name: role.roleName }), onClick: () => remove(role), danger: true },
    ]));
  }

  return (
    <ScreenFrame className="system-screen" headerClassName="system-screen-header" title={t('roles.title')}>
      <ServerTable
        list={list}
        label={t('roles.title')}
        columns={columns}
        toolbar={
          <ListToolbar
            id="role"
            list={list}
            // The contract bounds the keyword at 32 (queryRoleList).
            fields={[{ kind: 'text', key: 'keyword', label: t('roles.keyword'), maxLength: 32 }]}
            actions={[{ key: 'add', label: t('roles.add'), primary: true, shown: canWrite, onClick: () => setEditing('new') }]}
          />
        }
      />
      <RoleFormModal
        target={editing}
        loadModules={loadModules}
        onClose={() => setEditing(null)}
        onSaved={() => {
          notify('success', t(editing === 'new' ? 'roles.created' : 'roles.saved'));
          // Editing one's own role changes one's own menu: show it at once.
          if (editing !== 'new' && editing?.id === myRoleId) void refreshMenu(session);
          setEditing(null);
          list.reload();
        }}
      />
      {dialog}
    </ScreenFrame>
  );
}
