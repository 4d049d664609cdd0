// Issue 8 items 22 and 26 in the console, on fake calls: the system name form says when a display name hides the
// system name and saves the alarm rule; a new menu is given to the editor's role (or the form says who can);
// a scene that cameras use is not offered for deletion; deleting alarms and checking one's own deal follow the
// user's buttons and the system setting.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { AlarmActions } from '../../src/screens/alarms/AlarmActions.tsx';
import { ScenesPanel } from '../../src/screens/devices/other/ScenesPanel.tsx';
import LogoConfigScreen, { changedSettings } from '../../src/screens/system/LogoConfigScreen.tsx';
import MenuConfigScreen from '../../src/screens/system/MenuConfigScreen.tsx';
import { nextSort } from '../../src/screens/system/menus/MenuFormModal.tsx';
import type { MenuModule } from '../../src/screens/system/menus/menusApi.ts';
import { makeAlarm } from './alarmFixtures.ts';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({
  loadLogoSettings: vi.fn(),
  saveLogo: vi.fn(),
  saveSystemSettings: vi.fn(),
  fetchSystemConfig: vi.fn(),
  moduleTree: vi.fn(),
  addModule: vi.fn(),
  fetchNav: vi.fn(),
  listScenes: vi.fn(),
  deleteScenes: vi.fn(),
}));

vi.mock('../../src/screens/system/logo/logoApi.ts', () => ({
  loadLogoSettings: calls.loadLogoSettings,
  saveLogo: calls.saveLogo,
  saveSystemSettings: calls.saveSystemSettings,
}));
vi.mock('../../src/api/config.ts', () => ({
  fetchSystemConfig: calls.fetchSystemConfig,
  fetchPageTitle: vi.fn(async () => null),
  fetchAlarmDialogPosition: vi.fn(),
}));
vi.mock('../../src/screens/system/menus/menusApi.ts', () => ({
  moduleTree: calls.moduleTree,
  addModule: calls.addModule,
  updateModule: vi.fn(),
  deleteModule: vi.fn(),
}));
vi.mock('../../src/api/auth.ts', () => ({ fetchNav: calls.fetchNav, signIn: vi.fn(), signOut: vi.fn(), thirdLogin: vi.fn() }));
vi.mock('../../src/screens/devices/other/otherApi.ts', () => ({ listScenes: calls.listScenes, deleteScenes: calls.deleteScenes }));

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en', NAMESPACES);
});
beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
});
afterEach(cleanup);

const seeded = {
  logo: { type: 'text' as const, desc: 'Argus 视频智能分析平台', imageBig: '', imageLittle: '', systemName: 'Argus' },
  systemName: 'Argus',
  versionTitle: 'V1',
  checkerNotHandler: true,
};

describe('the system name form', () => {
  it('says a display name is shown instead of the system name, and clears it on request', async () => {
    calls.loadLogoSettings.mockResolvedValue(seeded);
    renderSignedIn(<LogoConfigScreen />, { buttons: ['logoConfig'] });
    const notice = await screen.findByTestId('display-name-notice');
    expect(notice.textContent).toContain('The display name “Argus 视频智能分析平台” is shown, not the system name');
    fireEvent.change(document.getElementById('logo-form-systemName')!, { target: { value: 'City traffic' } });
    expect(within(screen.getByTestId('logo-preview-header')).queryByText('City traffic')).toBeNull(); // still hidden
    fireEvent.click(within(notice).getByRole('button', { name: 'Show the system name instead' }));
    expect(screen.queryByTestId('display-name-notice')).toBeNull();
    expect(within(screen.getByTestId('logo-preview-header')).getByText('City traffic')).toBeTruthy();
  });

  it('shows no notice without a display name, and saves the alarm rule with only the keys that changed', async () => {
    calls.loadLogoSettings.mockResolvedValue({ ...seeded, logo: { ...seeded.logo, desc: '' } });
    calls.saveSystemSettings.mockResolvedValue(undefined);
    calls.saveLogo.mockResolvedValue(undefined);
    calls.fetchSystemConfig.mockResolvedValue({});
    renderSignedIn(<LogoConfigScreen />, { buttons: ['logoConfig'] });
    const rule = await screen.findByRole('checkbox', { name: 'The checker is not the handler' });
    await waitFor(() => expect((rule as HTMLInputElement).checked).toBe(true)); // the stored setting
    expect(screen.queryByTestId('display-name-notice')).toBeNull();
    fireEvent.click(rule);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.saveSystemSettings).toHaveBeenCalledWith({ checkerNotHandler: false }));
  });

  it('keeps what is typed just after a save when the reload that save started answers later', async () => {
    const cleared = { ...seeded, logo: { ...seeded.logo, desc: '' } };
    calls.loadLogoSettings.mockResolvedValueOnce(cleared);
    calls.saveSystemSettings.mockResolvedValue(undefined);
    calls.saveLogo.mockResolvedValue(undefined);
    calls.fetchSystemConfig.mockResolvedValue({});
    let answerReload: (value: typeof seeded) => void = () => {};
    calls.loadLogoSettings.mockImplementationOnce(() => new Promise((resolve) => (answerReload = resolve)));
    renderSignedIn(<LogoConfigScreen />, { buttons: ['logoConfig'] });
    const name = (await screen.findByRole('textbox', { name: /System name/ })) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe(seeded.systemName));
    fireEvent.change(name, { target: { value: 'City traffic' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.loadLogoSettings).toHaveBeenCalledTimes(2)); // the reload is under way
    const display = screen.getByRole('textbox', { name: /Display name/ }) as HTMLInputElement;
    fireEvent.change(display, { target: { value: 'Demo site' } });
    await act(async () => answerReload({ ...cleared, systemName: 'City traffic' }));
    expect(display.value).toBe('Demo site');
    expect(screen.getByTestId('display-name-notice').textContent).toContain('Demo site');
  });

  it('leaves the system name empty for the product’s own name in the user’s language, and saves it empty', async () => {
    calls.loadLogoSettings.mockResolvedValue({ ...seeded, logo: { ...seeded.logo, desc: '', systemName: '' }, systemName: 'City traffic' });
    calls.saveSystemSettings.mockResolvedValue(undefined);
    calls.saveLogo.mockResolvedValue(undefined);
    calls.fetchSystemConfig.mockResolvedValue({});
    renderSignedIn(<LogoConfigScreen />, { buttons: ['logoConfig'] });
    const name = (await screen.findByRole('textbox', { name: /System name/ })) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('City traffic'));
    fireEvent.change(name, { target: { value: '' } });
    expect(within(screen.getByTestId('logo-preview-header')).getByText('Argus Video Analytics Platform')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.saveSystemSettings).toHaveBeenCalledWith({ systemName: '' }));
  });

  it('compares each setting on its own', () => {
    const stored = { systemName: 'A', versionTitle: 'V', checkerNotHandler: true };
    expect(changedSettings(stored, stored)).toEqual({});
    expect(changedSettings({ ...stored, systemName: 'B', checkerNotHandler: false }, stored)).toEqual({ systemName: 'B', checkerNotHandler: false });
  });
});

describe('a new menu and the side menu', () => {
  const nav = { menuList: [], buttonList: ['menuConfig', 'roleConfig', 'newTop'], userinfo: null };

  async function createTopLevel(buttons: string[]) {
    calls.moduleTree.mockResolvedValue([]);
    calls.addModule.mockResolvedValue(42);
    calls.fetchNav.mockResolvedValue(nav);
    const view = renderSignedIn(<MenuConfigScreen />, { buttons });
    // Adding waits for the tree (a new menu's order comes after its last sibling).
    const add = await screen.findByRole('button', { name: 'Add menu' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Chinese name/), { target: { value: '新菜单' } });
    fireEvent.change(within(dialog).getByLabelText(/^English name/), { target: { value: 'New menu' } });
    fireEvent.change(within(dialog).getByLabelText(/^Number/), { target: { value: 'newTop' } });
    return { view, dialog };
  }

  it('gives it to the editor’s own role by default and loads the side menu again', async () => {
    const { view, dialog } = await createTopLevel(['menuConfig', 'roleConfig']);
    const grant = within(dialog).getByRole('checkbox', { name: 'Give it to my role “manager”' }) as HTMLInputElement;
    expect(grant.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.addModule).toHaveBeenCalledWith(expect.objectContaining({ moduleNumber: 'newTop', parentId: 0 }), [1]));
    await waitFor(() => expect(view.session.getSnapshot().context.bootstrap?.buttonList).toContain('newTop'));
    expect(await screen.findByText('Menu created and given to your role: it is in your side menu')).toBeTruthy();
  });

  it('says who can give it to a role when the editor cannot, and warns that no menu shows it yet', async () => {
    const { dialog } = await createTopLevel(['menuConfig']);
    expect(within(dialog).queryByRole('checkbox', { name: /Give it to my role/ })).toBeNull();
    expect(within(dialog).getByText(/someone with Role management gives it to roles/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.addModule).toHaveBeenCalledWith(expect.objectContaining({ moduleNumber: 'newTop' }), []));
    expect(await screen.findByText(/no role holds it yet, so it is in nobody's side menu/)).toBeTruthy();
  });
});

describe('where a new module goes', () => {
  const node = (id: number, sort: number, children: MenuModule[] = []): MenuModule => ({
    id,
    parentId: 0,
    moduleName: `m${id}`,
    moduleNameEn: `m${id}`,
    moduleIcon: '',
    moduleNumber: `m${id}`,
    moduleDescription: '',
    moduleType: 'menu',
    sort,
    visible: true,
    children,
  });
  const tree = [node(1, 10, [node(3, 5), node(4, 40)]), node(2, 70)];

  it('after its last sibling, so a new top-level menu never becomes everyone’s main page', () => {
    expect(nextSort(tree, 0)).toBe(80);
    expect(nextSort(tree, 1)).toBe(50);
    expect(nextSort(tree, 3)).toBe(0); // no children yet
    expect(nextSort([node(9, 9995)], 0)).toBe(9999);
  });
});

describe('deleting a scene', () => {
  const scene = (id: number, sceneName: string, cameraCount: number) => ({
    id,
    sceneName,
    status: 0,
    cameraCount,
    eventIds: [],
    violationIds: [],
    remark: null,
    createTime: '2026-01-01 00:00:00',
    updateTime: null,
  });

  it('is not offered while cameras use the scene: the dialog says how many, with nothing to confirm', async () => {
    calls.listScenes.mockResolvedValue({ list: [scene(1, 'Highway', 3), scene(2, 'Empty', 0)], total: 2, pageNo: 1, pageSize: 20 });
    calls.deleteScenes.mockResolvedValue(undefined);
    renderSignedIn(<ScenesPanel canWrite />, { buttons: ['deviceConfig'] });
    const used = (await screen.findByText('Highway')).closest('tr') as HTMLElement;
    fireEvent.click(within(used).getByRole('button', { name: 'Delete' }));
    const info = await screen.findByRole('alertdialog');
    expect(info.textContent).toContain('The scene “Highway” is still used by 3 cameras and cannot be deleted');
    expect(within(info).queryByRole('button', { name: 'Delete' })).toBeNull();
    const footerClose = within(info).getAllByRole('button', { name: 'Close' }).find((button) => button.textContent === 'Close')!;
    fireEvent.click(footerClose);
    expect(calls.deleteScenes).not.toHaveBeenCalled();

    const unused = screen.getByText('Empty').closest('tr') as HTMLElement;
    fireEvent.click(within(unused).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await waitFor(() => expect(confirm.textContent).toContain('No camera uses it'));
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(calls.deleteScenes).toHaveBeenCalledWith([2]));
  });
});

describe('alarm actions by role and system setting', () => {
  it('offers deletion only to holders of alarmDelete', async () => {
    const alarm = makeAlarm(7, { status: 0 });
    renderSignedIn(<AlarmActions alarm={alarm} />, { buttons: ['historyEvent'] });
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    cleanup();
    renderSignedIn(<AlarmActions alarm={alarm} />, { buttons: ['historyEvent', 'alarmDelete'] });
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('does not offer the check of one’s own deal while the checker must not be the handler', async () => {
    const own = makeAlarm(8, { status: 3, dealUser: 'admin' });
    renderSignedIn(<AlarmActions alarm={own} />, { buttons: ['eventVerify'], systemConfig: { checkerNotHandler: true } });
    const check = (await screen.findByRole('button', { name: 'Check' })) as HTMLButtonElement;
    expect(check.disabled).toBe(true);
    expect(check.getAttribute('aria-describedby')).toBe('own-deal-8');
    expect(document.getElementById('own-deal-8')?.textContent).toContain('needs someone else to check it');
    cleanup();
    renderSignedIn(<AlarmActions alarm={makeAlarm(9, { status: 3, dealUser: 'operator' })} />, { buttons: ['eventVerify'], systemConfig: { checkerNotHandler: true } });
    expect(((await screen.findByRole('button', { name: 'Check' })) as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    renderSignedIn(<AlarmActions alarm={own} />, { buttons: ['eventVerify'], systemConfig: { checkerNotHandler: false } });
    expect(((await screen.findByRole('button', { name: 'Check' })) as HTMLButtonElement).disabled).toBe(false);
  });
});
