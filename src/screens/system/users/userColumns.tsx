// The users table's columns: who, where, which role, how to reach them, state, and the row's actions.
import type { TFunction } from 'i18next';
import Button from 'rsuite/Button';
import Tag from 'rsuite/Tag';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Tag/styles/index.css';
import type { TableColumn } from '../../../components/table/ServerTable.tsx';
import type { User } from './usersApi.ts';

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
  columns.push({
    key: 'actions',
    header: t('table.actions'),
    width: 300,
    fixed: 'right',
    render: (user) => (
      <div className="cell-actions">
        <Button size="xs" appearance="link" onClick={() => actions.edit(user)} aria-label={t('users.actions.editOf', { name: user.username })}>
          {t('actions.edit')}
        </Button>
        <Button size="xs" appearance="link" onClick={() => actions.resetPassword(user)} aria-label={t('users.actions.resetOf', { name: user.username })}>
          {t('users.actions.reset')}
        </Button>
        <Button size="xs" appearance="link" onClick={() => actions.issueCode(user)} aria-label={t('users.actions.codeOf', { name: user.username })}>
          {t('users.actions.code')}
        </Button>
        <Button size="xs" appearance="link" color="red" onClick={() => actions.remove(user)} aria-label={t('users.actions.deleteOf', { name: user.username })}>
          {t('actions.delete')}
        </Button>
      </div>
    ),
  });
  return columns;
}
