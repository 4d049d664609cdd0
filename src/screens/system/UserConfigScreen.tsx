// /userConfig: users by department (the tree includes sub-departments), searched by keyword and narrowed by
// status and role, paged on the server; create, edit, delete (one or many), reset a password, change one's own,
// and issue a one-time third-party sign-in code. Writes are offered only to holders of `userConfig`.
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { choicesOf, ListToolbar, type ToolbarAction, type ToolbarField } from '../../components/table/ListToolbar.tsx';
import { ServerTable } from '../../components/table/ServerTable.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { TreeFilter } from '../../components/tree/TreeFilter.tsx';
import { toPickerData } from '../../components/tree/treeUtils.ts';
import { deptTree } from './depts/deptsApi.ts';
import { allRoles } from './roles/rolesApi.ts';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { DialogLoad, OpenedOnce } from '../../components/data/OpenedOnce.tsx';
import '../../components/table/serverTable.css';
import './shared/systemScreens.css';
import { userColumns } from './users/userColumns.tsx';
import { deleteUsers, listUsers, type User } from './users/usersApi.ts';

const ChangePasswordDialog = lazy(() => import('../../app/layouts/ChangePasswordDialog.tsx'));
// The dialogs load at their first opening: most visits only list and filter.
const UserFormModal = lazy(() => import('./users/UserFormModal.tsx').then((module) => ({ default: module.UserFormModal })));
const ResetPasswordModal = lazy(() => import('./users/ResetPasswordModal.tsx').then((module) => ({ default: module.ResetPasswordModal })));
const ThirdLoginCodeModal = lazy(() => import('./users/ThirdLoginCodeModal.tsx').then((module) => ({ default: module.ThirdLoginCodeModal })));

const FILTERS = ['keyword', 'status', 'roleId', 'deptId'] as const;
type FilterKey = (typeof FILTERS)[number];

const idOrUndefined = (text: string) => (/^\d+$/.test(text) ? Number(text) : undefined);

export default function UserConfigScreen() {
  const { t } = useTranslation('system');
  const canWrite = usePermission()('userConfig');
  const list = useServerList<User, FilterKey>({
    filterKeys: FILTERS,
    rowKey: (user) => user.id,
    load: ({ filters, pageNo, pageSize, signal }) =>
      listUsers(
        {
          keyword: filters.keyword || undefined,
          deptId: idOrUndefined(filters.deptId),
          roleId: idOrUndefined(filters.roleId),
          status: filters.status === '0' ? 0 : filters.status === '1' ? 1 : undefined,
        },
        pageNo,
        pageSize,
        signal,
      ),
  });
  const depts = useLoaded((signal) => deptTree(signal), []);
  const roles = useLoaded((signal) => allRoles(signal), []);
  const filters: ToolbarField<FilterKey>[] = [
    { kind: 'text', key: 'keyword', label: t('users.keyword'), placeholder: t('users.keywordHint') },
    { kind: 'select', key: 'status', label: t('users.fields.status'), choices: choicesOf(['1', '0'], (status) => t(`users.status.${status}`)) },
    {
      kind: 'select',
      key: 'roleId',
      label: t('users.fields.roleId'),
      choices: roles.data.map((role) => ({ value: String(role.id), label: role.roleName })),
      searchable: true,
      loading: roles.status === 'loading',
    },
  ];
  const { confirmDelete, dialog } = useConfirm();
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [coding, setCoding] = useState<User | null>(null);
  const [ownPassword, setOwnPassword] = useState(false);

  const deptId = idOrUndefined(list.filters.deptId) ?? null;

  const remove = (users: User[]) =>
    confirmDelete(
      {
        title: t('users.deleteTitle'),
        message: users.length === 1 ? t('users.deleteOne', { name: users[0].username }) : t('users.deleteMany', { n: users.length }),
        done: t('users.deleted', { count: users.length }),
      },
      () => deleteUsers(users.map((user) => user.id)),
      () => list.afterDelete(users.length),
    );

  const columns = userColumns(t, {
    canWrite,
    edit: setEditing,
    resetPassword: setResetting,
    issueCode: setCoding,
    remove: (user) => remove([user]),
  });
  const selectedUsers = list.rows.filter((user) => list.selected.has(user.id));
  const writes: ToolbarAction[] = [
    { key: 'add', label: t('users.add'), primary: true, onClick: () => setEditing('new') },
    { key: 'delete', label: t('table.deleteSelected', { n: selectedUsers.length }), danger: true, bulk: true, onClick: () => remove(selectedUsers) },
  ];

  return (
    <section className="system-screen">
      <header className="system-screen-header">
        <h1>{t('users.title')}</h1>
        <Button onClick={() => setOwnPassword(true)}>{t('users.changeOwnPassword')}</Button>
      </header>
      <div className="system-split">
        <TreeFilter
          title={t('users.deptTree')}
          allLabel={t('users.allDepts')}
          data={toPickerData(depts.data, (dept) => dept.deptName)}
          value={deptId}
          onChange={(value) => list.setFilters({ deptId: value === null ? '' : String(value) })}
          status={depts.status}
          error={depts.error}
          onRetry={depts.reload}
        />
        <ServerTable
          list={list}
          label={t('users.title')}
          columns={columns}
          selectable={canWrite}
          describeRow={(user) => user.username}
          toolbar={<ListToolbar id="user" list={list} fields={filters} keepOnReset={['deptId']} actions={canWrite ? writes : []} />}
        />
      </div>
      <OpenedOnce open={editing !== null} onLoadFailed={() => setEditing(null)}>
        <UserFormModal
          target={editing}
          defaultDeptId={deptId}
          depts={depts.data}
          roles={roles.data}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notify('success', t(editing === 'new' ? 'users.created' : 'users.saved'));
            setEditing(null);
            list.reload();
          }}
        />
      </OpenedOnce>
      <OpenedOnce open={resetting !== null} onLoadFailed={() => setResetting(null)}>
        <ResetPasswordModal
          user={resetting}
          onClose={() => setResetting(null)}
          onDone={() => {
            notify('success', t('users.passwordReset', { name: resetting?.username ?? '' }));
            setResetting(null);
          }}
        />
      </OpenedOnce>
      {ownPassword && (
        <DialogLoad onLoadFailed={() => setOwnPassword(false)}>
          <ChangePasswordDialog onClose={() => setOwnPassword(false)} />
        </DialogLoad>
      )}
      <OpenedOnce open={coding !== null} onLoadFailed={() => setCoding(null)}>
        <ThirdLoginCodeModal user={coding} onClose={() => setCoding(null)} />
      </OpenedOnce>
      {dialog}
    </section>
  );
}
