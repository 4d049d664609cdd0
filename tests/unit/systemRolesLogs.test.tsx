// The roles screen (module assignment with half-checked parents, the 409 while users hold a role) and the
// operation log (§5 time rules before any request, filters, export with the applied filters), on fake calls.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../src/api/client.ts';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import LogConfigScreen from '../../src/screens/system/LogConfigScreen.tsx';
import RoleConfigScreen from '../../src/screens/system/RoleConfigScreen.tsx';
import type { MenuModule, Role } from '../../src/screens/system/roles/rolesApi.ts';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({
  listRoles: vi.fn(),
  getRoleMenus: vi.fn(),
  updateRole: vi.fn(),
  deleteRole: vi.fn(),
  listLogs: vi.fn(),
  exportLogs: vi.fn(),
}));

vi.mock('../../src/screens/system/roles/rolesApi.ts', () => ({
  listRoles: calls.listRoles,
  getRoleMenus: calls.getRoleMenus,
  updateRole: calls.updateRole,
  deleteRole: calls.deleteRole,
  addRole: vi.fn(),
}));
vi.mock('../../src/screens/system/menus/menusApi.ts', () => ({ moduleTree: vi.fn() }));
vi.mock('../../src/screens/system/logs/logsApi.ts', () => ({ listLogs: calls.listLogs, exportLogs: calls.exportLogs }));

const module = (id: number, number: string, name: string, children: MenuModule[] = [], moduleType: 'menu' | 'button' = 'menu'): MenuModule => ({
  id,
  parentId: 0,
  moduleName: name,
  moduleNameEn: name,
  moduleIcon: '',
  moduleNumber: number,
  moduleDescription: '',
  moduleType,
  sort: 0,
  visible: true,
  children,
});
const tree = [module(1, 'group:system', 'System', [module(2, 'userConfig', 'Users'), module(3, 'roleConfig', 'Roles')]), module(4, 'index_traffic', 'Home')];
const operator: Role = { id: 2, roleName: 'operator', remark: 'alarms', userCount: 1, createTime: '2026-01-01 00:00:00' };

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en', NAMESPACES);
});
beforeEach(() => {
  vi.clearAllMocks();
  calls.listRoles.mockResolvedValue({ list: [operator], total: 1, pageNo: 1, pageSize: 20 });
  calls.getRoleMenus.mockResolvedValue({ moduleIds: [1, 2], tree });
  calls.listLogs.mockResolvedValue({ list: [], total: 0, pageNo: 1, pageSize: 20 });
});
afterEach(cleanup);

describe('roles screen', () => {
  it('edits the modules of a role in the check tree and saves every held id', async () => {
    renderSignedIn(<RoleConfigScreen />, { path: '/roleConfig', buttons: ['roleConfig'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit operator' }));
    const dialog = await screen.findByRole('dialog');
    const box = (name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    await waitFor(() => expect(box('System').indeterminate).toBe(true));
    expect(box('Users').checked).toBe(true);
    expect(within(dialog).getByText('Menu permissions (2 chosen)')).toBeTruthy();

    fireEvent.click(box('Home'));
    fireEvent.click(box('Users'));
    fireEvent.click(box('Roles'));
    calls.updateRole.mockResolvedValue(undefined);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.updateRole).toHaveBeenCalledWith(2, { roleName: 'operator', remark: 'alarms', moduleIds: [1, 3, 4] }));
  });

  it('names the modules in the user’s language, without their keys (issue 8 item 23)', async () => {
    const named = (id: number, number: string, zh: string, en: string, children: MenuModule[] = [], type: 'menu' | 'button' = 'menu') => ({
      ...module(id, number, zh, children, type),
      moduleNameEn: en,
    });
    calls.getRoleMenus.mockResolvedValue({
      moduleIds: [],
      tree: [named(1, 'group:system', '系统管理', 'System', [named(2, 'userConfig', '用户管理', 'Users', [named(5, 'userConfig:add', '新增用户', 'Add user', [], 'button')])])],
    });
    await act(() => i18next.changeLanguage('zh-CN'));
    try {
      renderSignedIn(<RoleConfigScreen />, { path: '/roleConfig', buttons: ['roleConfig'] });
      fireEvent.click(await screen.findByRole('button', { name: '编辑 operator' }));
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByRole('checkbox', { name: '系统管理' });
      expect(within(dialog).getByRole('checkbox', { name: '用户管理' })).toBeTruthy();
      expect(within(dialog).getByRole('checkbox', { name: '新增用户' })).toBeTruthy();
      expect(within(dialog).getByText('按钮')).toBeTruthy(); // a button says it is one
      expect(dialog.textContent).not.toMatch(/group:|userConfig/);
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });

  it('shows why a role in use cannot be deleted', async () => {
    renderSignedIn(<RoleConfigScreen />, { path: '/roleConfig', buttons: ['roleConfig'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete operator' }));
    const dialog = await screen.findByRole('alertdialog');
    calls.deleteRole.mockRejectedValue(new ApiFailure(409, 'The role is held by 1 user'));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The role is held by 1 user');
  });
});

describe('operation log screen', () => {
  it('refuses a backwards time range from a link without asking the server', async () => {
    renderSignedIn(<LogConfigScreen />, {
      path: '/logConfig?startTime=2026-01-02%2000:00:00&endTime=2026-01-01%2000:00:00',
      buttons: ['logConfig'],
    });
    expect((await screen.findByRole('alert')).textContent).toContain('The start time is after the end time');
    expect(calls.listLogs).not.toHaveBeenCalled();
  });

  it('filters by user on Enter and exports with the applied filters', async () => {
    calls.listLogs.mockResolvedValue({
      list: [
        {
          id: 1,
          userId: 1,
          username: 'admin',
          operationId: 'createUser',
          summary: 'Create a user',
          method: 'POST',
          path: '/user/createUser',
          params: '{"username":"alice"}',
          code: 0,
          msg: 'ok',
          ip: '127.0.0.1',
          durationMs: 12,
          createTime: '2026-01-01 08:00:00',
        },
      ],
      total: 1,
      pageNo: 1,
      pageSize: 20,
    });
    const { router } = renderSignedIn(<LogConfigScreen />, { path: '/logConfig', buttons: ['logConfig'] });
    expect(await screen.findByText('createUser')).toBeTruthy();
    expect(screen.getByText('Create a user')).toBeTruthy();
    const user = screen.getByLabelText('User');
    fireEvent.change(user, { target: { value: 'admin' } });
    fireEvent.submit(user.closest('form') as HTMLFormElement);
    await waitFor(() => expect(calls.listLogs).toHaveBeenLastCalledWith(expect.objectContaining({ username: 'admin' }), 1, 20, expect.anything()));
    expect(router.state.location.search).toBe('?username=admin');
    calls.exportLogs.mockResolvedValue(undefined);
    // The filtered page renders as a transition: Export is offered once it is in.
    const exportButton = screen.getByRole('button', { name: 'Export' });
    await waitFor(() => expect(exportButton.hasAttribute('disabled')).toBe(false));
    fireEvent.click(exportButton);
    await waitFor(() => expect(calls.exportLogs).toHaveBeenCalledWith(expect.objectContaining({ username: 'admin' })));
  });
});

describe('operation log language', () => {
  it('reads the page again in a newly chosen language (the server tells each entry in the caller’s language)', async () => {
    renderSignedIn(<LogConfigScreen />, { path: '/logConfig', buttons: ['logConfig'] });
    await waitFor(() => expect(calls.listLogs).toHaveBeenCalledTimes(1));
    await act(() => i18next.changeLanguage('zh-CN'));
    try {
      await waitFor(() => expect(calls.listLogs).toHaveBeenCalledTimes(2));
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});
