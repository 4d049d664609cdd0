// The users table's columns: who, where, which role, how to reach them, state, and the row's actions.
import type { TFunction } from 'i18next';
import Tag from 'rsuite/Tag';
import 'rsuite/Tag/styles/index.css';
import type { TableColumn } from '../../../components/table/ServerTable.tsx';
import type { User } from './usersApi.ts';
import { actionsColumn } from '../../../components/table/CellActions.tsx';

export interface UserRowActions {
  canWrite: boolean;
  edit(user: User): void;
  resetPassword(user: User): void;
  issueCode(user: User): void;
  remove(user: User): void;
}

export function userColumns(t: TFunction<'system'>, actions: UserRowActions): TableColumn<User>[] {
  const columns: TableColumn<User>[] = [
    { key: 'username', header: t('users.fields.username'), flexGrow: 1, minWidth: 120, sortable: true },
    { key: 'realName', header: t('users.fields.realName'), flexGrow: 1, minWidth: 110, sortable: true },
    { key: 'deptName', header: t('users.fields.deptId'), flexGrow: 1, minWidth: 110, sortable: true },
    { key: 'roleName', header: t('users.fields.roleId'), width: 120, sortable: true },
    { key: 'phone', header: t('users.fields.phone'), width: 130 },
    {
      key: 'status',
      header: t('users.fields.status'),
      width: 90,
      // Its tag is never cut on a narrow frame.
      shrinkTo: 90,
      sortable: true,
      render: (user) => <Tag color={user.status === 1 ? 'green' : 'orange'}>{t(`users.status.${user.status}`)}</Tag>,
    },
    { key: 'lastLoginTime', kind: 'time', header: t('users.fields.lastLoginTime'), width: 170, sortable: true, render: (user) => user.lastLoginTime ?? '—' },
    { key: 'createTime', kind: 'time', header: t('users.fields.createTime'), width: 170, sortable: true },
  ];
  if (!actions.canWrite) return columns;
  columns.push(actionsColumn(t('table.actions'), 300, (user) => [
    { key: 'edit', label: t('actions.edit'), ariaLabel: t('users.actions.editOf', { name: user.username }), onClick: () => actions.edit(user) },
    { key: 'reset', label: t('users.actions.reset'), ariaLabel: t('users.actions.resetOf', { name: user.username }), onClick: () => actions.resetPassword(user) },
    { key: 'code', label: t('users.actions.code'), ariaLabel: t('users.actions.codeOf', { name: user.username }), onClick: () => actions.issueCode(user) },
    { key: 'delete', label: t('actions.delete'), ariaLabel: t('users.actions.deleteOf', { name: user.username }), onClick: () => actions.remove(user), danger: true },
  ]));
  return columns;
}
