// The users screen against fake calls: the department tree filters the list; the form applies the §5 rules
// before anything is sent, focuses the first field, sends only what is set; deleting asks first and shows the
// server's refusal; without `userConfig` no write is offered.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../src/api/client.ts';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import UserConfigScreen from '../../src/screens/system/UserConfigScreen.tsx';
import type { Dept } from '../../src/screens/system/depts/deptsApi.ts';
import type { Role } from '../../src/screens/system/roles/rolesApi.ts';
import type { User } from '../../src/screens/system/users/usersApi.ts';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({
  listUsers: vi.fn(),
  createUser: vi.fn(),
  updateUser: vi.fn(),
  deleteUsers: vi.fn(),
  deptTree: vi.fn(),
  allRoles: vi.fn(),
}));

vi.mock('../../src/screens/system/users/usersApi.ts', () => ({
  listUsers: calls.listUsers,
  createUser: calls.createUser,
  updateUser: calls.updateUser,
  deleteUsers: calls.deleteUsers,
  resetUserPassword: vi.fn(),
  issueThirdLoginCode: vi.fn(),
  uploadAvatar: vi.fn(),
}));
vi.mock('../../src/screens/system/depts/deptsApi.ts', () => ({ deptTree: calls.deptTree }));
vi.mock('../../src/screens/system/roles/rolesApi.ts', () => ({ allRoles: calls.allRoles }));

const depts: Dept[] = [
  {
    id: 1,
    parentId: 0,
    deptName: 'Head office',
    sort: 0,
    leader: '',
    phone: '',
    userCount: 1,
    children: [{ id: 2, parentId: 1, deptName: 'Operations', sort: 0, leader: '', phone: '', userCount: 0, children: [] }],
  },
];
const roles: Role[] = [{ id: 1, roleName: 'manager', remark: '', userCount: 1, createTime: '2026-01-01 00:00:00' }];
const admin: User = {
  id: 1,
  username: 'admin',
  realName: 'Administrator',
  deptId: 1,
  deptName: 'Head office',
  roleId: 1,
  roleName: 'manager',
  phone: '',
  idCard: '',
  email: '',
  avatar: null,
  status: 1,
  remark: '',
  createTime: '2026-01-01 00:00:00',
  lastLoginTime: null,
};

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en', NAMESPACES);
});

beforeEach(() => {
  vi.clearAllMocks();
  calls.listUsers.mockResolvedValue({ list: [admin], total: 1, pageNo: 1, pageSize: 20 });
  calls.deptTree.mockResolvedValue(depts);
  calls.allRoles.mockResolvedValue(roles);
});

afterEach(cleanup);

const open = (buttons = ['userConfig'], path = '/userConfig') => renderSignedIn(<UserConfigScreen />, { path, buttons });

describe('users screen', () => {
  it('lists users and narrows them to a department (and its sub-departments) from the tree', async () => {
    const { router } = open();
    expect(await screen.findByText('Administrator')).toBeTruthy();
    expect(calls.listUsers).toHaveBeenLastCalledWith({ keyword: undefined, deptId: undefined, roleId: undefined, status: undefined }, 1, 20, expect.anything());
    fireEvent.click(await screen.findByText('Operations'));
    await waitFor(() => expect(calls.listUsers).toHaveBeenLastCalledWith(expect.objectContaining({ deptId: 2 }), 1, 20, expect.anything()));
    expect(router.state.location.search).toBe('?deptId=2');
  });

  it('checks the §5 rules before sending, then creates the user with only the fields set', async () => {
    open();
    await screen.findByText('Administrator');
    calls.createUser.mockResolvedValue(7);
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Username/)));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText('This field is required').length).toBeGreaterThanOrEqual(5));
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Username/));
    expect(calls.createUser).not.toHaveBeenCalled();

    const type = (label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type(/^Username/, 'alice');
    type(/^Name/, 'Alice');
    type(/^Password/, 'secret1');
    type(/^Confirm password/, 'secret2');
    type(/^Phone/, '138-abc');
    type(/^ID card/, '1101Y');
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    expect(await within(dialog).findByText('The passwords do not match')).toBeTruthy();
    expect(within(dialog).getByText('Digits and hyphens (-) only')).toBeTruthy();
    expect(within(dialog).getByText('Digits and the letter X only')).toBeTruthy();
    expect(calls.createUser).not.toHaveBeenCalled();

    type(/^Confirm password/, 'secret1');
    type(/^Phone/, '138-0013');
    type(/^ID card/, '11010519491231002x');
    // Department and role: pick from the pickers.
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Department/ }));
    const deptPopup = await waitFor(() => document.getElementById('user-form-deptId-tree') as HTMLElement);
    fireEvent.click(within(deptPopup).getByRole('treeitem', { name: 'Operations' }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'manager' }));
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);

    await waitFor(() => expect(calls.createUser).toHaveBeenCalledTimes(1));
    expect(calls.createUser).toHaveBeenCalledWith({
      username: 'alice',
      realName: 'Alice',
      password: 'secret1',
      confirmPassword: 'secret1',
      deptId: 2,
      roleId: 1,
      status: 1,
      phone: '138-0013',
      idCard: '11010519491231002X',
      email: undefined,
      avatar: undefined,
      remark: undefined,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.listUsers).toHaveBeenCalledTimes(2); // reloaded after the write
  });

  it('asks before deleting and shows the server refusal in the dialog', async () => {
    open();
    await screen.findByText('Administrator');
    calls.deleteUsers.mockRejectedValue(new ApiFailure(409, 'You cannot delete yourself'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete admin' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Delete user admin\?/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    expect(calls.deleteUsers).toHaveBeenCalledWith([1]);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You cannot delete yourself');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('offers no writes without the userConfig permission', async () => {
    open(['index_traffic']);
    await screen.findByText('Administrator');
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete admin' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select admin' })).toBeNull();
  });
});
