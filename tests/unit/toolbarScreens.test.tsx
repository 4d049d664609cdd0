// The lists moved onto the declared list toolbar (ListToolbar): the roles, the training screen's algorithm picker,
// the scenes, a box's work-clothes library and the device lists (cameras, offline videos with their upload). Each text field has the toolbar's DOM id (`<id>-filter-<key>`) and
// the contract's bound; typing and Enter (the form's submit) sends the filter to the list's call, Reset clears it;
// the add button is a toolbar action, left out for a user who may not write. The picker's empty text still says
// whether a filter is set.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DevicesScreen } from '../../src/screens/devices/DevicesScreen.tsx';
import { OfflineVideosScreen } from '../../src/screens/devices/OfflineVideosScreen.tsx';
import { WorkClothesPanel } from '../../src/screens/devices/boxes/WorkClothesPanel.tsx';
import { ScenesPanel } from '../../src/screens/devices/other/ScenesPanel.tsx';
import RoleConfigScreen from '../../src/screens/system/RoleConfigScreen.tsx';
import { AlgorithmPicker } from '../../src/screens/training/AlgorithmPicker.tsx';
import { renderSignedIn, setUpScreenTests } from './systemSupport.tsx';

const roles = vi.hoisted(() => ({ listRoles: vi.fn(), getRoleMenus: vi.fn() }));
vi.mock('../../src/screens/system/roles/rolesApi.ts', async (original) => ({ ...(await original<object>()), ...roles }));
vi.mock('../../src/screens/system/menus/menusApi.ts', async (original) => ({ ...(await original<object>()), moduleTree: vi.fn(async () => []) }));
const training = vi.hoisted(() => ({ listWarehouse: vi.fn() }));
vi.mock('../../src/screens/training/trainingApi.ts', async (original) => ({ ...(await original<object>()), ...training }));
const other = vi.hoisted(() => ({ listScenes: vi.fn(), sceneChoices: vi.fn() }));
vi.mock('../../src/screens/devices/other/otherApi.ts', async (original) => ({ ...(await original<object>()), ...other }));
const extras = vi.hoisted(() => ({ listWorkClothes: vi.fn() }));
vi.mock('../../src/screens/devices/boxes/boxExtrasApi.ts', async (original) => ({ ...(await original<object>()), ...extras }));

const devices = vi.hoisted(() => ({ listDevices: vi.fn(), allScenes: vi.fn(), boxOptions: vi.fn() }));
vi.mock('../../src/screens/devices/devicesApi.ts', async (original) => ({ ...(await original<object>()), ...devices }));

const empty = { list: [], total: 0, pageNo: 1, pageSize: 20 };

/** The filter bar: a search landmark named by the toolbar (jsdom gives <search> no role). */
const filterBar = (name: string) => {
  const bar = document.querySelector(`search[aria-label="${name}"]`) as HTMLElement | null;
  expect(bar, `filter bar "${name}"`).not.toBeNull();
  return bar as HTMLElement;
};

/** The toolbar's text field `label`: its DOM id and its bound. */
function textField(bar: HTMLElement, label: string, id: string, maxLength: number) {
  const field = within(bar).getByLabelText(label) as HTMLInputElement;
  expect(field.id).toBe(id);
  expect(field.getAttribute('maxlength')).toBe(String(maxLength));
  return field;
}

/** Types `text` and presses Enter: in a browser Enter submits the field's form (jsdom has no implicit submission). */
function typeAndEnter(field: HTMLInputElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
  fireEvent.submit(field.closest('form') as HTMLFormElement);
}

describe('screens on the declared list toolbar', () => {
  setUpScreenTests();
  beforeEach(() => {
    for (const fn of [...Object.values(roles), ...Object.values(training), ...Object.values(other), ...Object.values(extras), ...Object.values(devices)]) fn.mockReset();
    roles.listRoles.mockResolvedValue(empty);
    roles.getRoleMenus.mockResolvedValue({ moduleIds: [], tree: [] });
    training.listWarehouse.mockResolvedValue(empty);
    other.listScenes.mockResolvedValue(empty);
    other.sceneChoices.mockResolvedValue({ events: [], violations: [] });
    extras.listWorkClothes.mockResolvedValue(empty);
    devices.listDevices.mockResolvedValue(empty);
    devices.allScenes.mockResolvedValue([{ id: 4, sceneName: 'Gate' }]);
    devices.boxOptions.mockResolvedValue([]);
  });

  it('roles: the keyword (at most 32) is sent on Enter and cleared by Reset', async () => {
    const { router } = renderSignedIn(<RoleConfigScreen />, { path: '/roleConfig', buttons: ['roleConfig'] });
    await waitFor(() => expect(roles.listRoles).toHaveBeenCalledWith('', 1, 20, expect.any(AbortSignal)));
    const bar = filterBar('Filters');
    const keyword = textField(bar, 'Role name or remark', 'role-filter-keyword', 32);
    typeAndEnter(keyword, 'operator');
    await waitFor(() => expect(roles.listRoles).toHaveBeenLastCalledWith('operator', 1, 20, expect.any(AbortSignal)));
    expect(router.state.location.search).toBe('?keyword=operator');
    fireEvent.click(within(bar).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(roles.listRoles).toHaveBeenLastCalledWith('', 1, 20, expect.any(AbortSignal)));
    expect(keyword.value).toBe('');
    expect(router.state.location.search).toBe('');
  });

  it('roles: Add role is a primary toolbar action for holders of roleConfig, and opens the form', async () => {
    renderSignedIn(<RoleConfigScreen />, { path: '/roleConfig', buttons: ['roleConfig'] });
    const add = await screen.findByRole('button', { name: 'Add role' });
    expect(add.closest('.server-table-actions')).not.toBeNull();
    expect(add.getAttribute('data-appearance')).toBe('primary');
    fireEvent.click(add);
    expect(await screen.findByRole('dialog', { name: 'Add role' })).toBeTruthy();
  });

  it('roles: no Add role without roleConfig', async () => {
    renderSignedIn(<RoleConfigScreen />, { path: '/roleConfig', buttons: ['userConfig'] });
    await waitFor(() => expect(roles.listRoles).toHaveBeenCalled());
    filterBar('Filters');
    expect(screen.queryByRole('button', { name: 'Add role' })).toBeNull();
  });

  it('algorithm picker: the name (at most 32) is sent on Enter, says when nothing matches, and Reset clears it', async () => {
    const { router } = renderSignedIn(<AlgorithmPicker />, { path: '/algorithmProduction/train' });
    const table = await screen.findByRole('table', { name: 'Algorithms in the warehouse' });
    await waitFor(() => expect(training.listWarehouse).toHaveBeenCalledWith('', 1, 20, expect.any(AbortSignal)));
    // Nothing filtered: the warehouse is empty, and the way to fill it is shown.
    expect(await within(table).findByText(/No algorithm is in the warehouse yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open algorithm orchestration' })).toBeTruthy();

    const bar = filterBar('Algorithms in the warehouse');
    const name = textField(bar, 'Name', 'picker-filter-name', 32);
    typeAndEnter(name, 'helmet');
    await waitFor(() => expect(training.listWarehouse).toHaveBeenLastCalledWith('helmet', 1, 20, expect.any(AbortSignal)));
    expect(router.state.location.search).toBe('?name=helmet');
    expect(await within(table).findByText('No algorithm matches this name.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open algorithm orchestration' })).toBeNull();

    fireEvent.click(within(bar).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(training.listWarehouse).toHaveBeenLastCalledWith('', 1, 20, expect.any(AbortSignal)));
    expect(name.value).toBe('');
    expect(await within(table).findByText(/No algorithm is in the warehouse yet/)).toBeTruthy();
  });

  it('scenes: the name (at most 32) is sent on Enter and cleared by Reset; New scene only for a writer', async () => {
    renderSignedIn(<ScenesPanel canWrite />, { buttons: ['deviceConfig'] });
    await waitFor(() => expect(other.listScenes).toHaveBeenCalledWith('', 1, 20, expect.any(AbortSignal)));
    const bar = filterBar('Filters');
    const name = textField(bar, 'Scene name', 'scene-filter-sceneName', 32);
    typeAndEnter(name, 'Highway');
    await waitFor(() => expect(other.listScenes).toHaveBeenLastCalledWith('Highway', 1, 20, expect.any(AbortSignal)));
    fireEvent.click(within(bar).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(other.listScenes).toHaveBeenLastCalledWith('', 1, 20, expect.any(AbortSignal)));
    const add = screen.getByRole('button', { name: 'New scene' });
    expect(add.closest('.server-table-actions')).not.toBeNull();
    expect(add.getAttribute('data-appearance')).toBe('primary');
  });

  it('scenes: no New scene for a reader', async () => {
    renderSignedIn(<ScenesPanel canWrite={false} />, { buttons: [] });
    await waitFor(() => expect(other.listScenes).toHaveBeenCalled());
    filterBar('Filters');
    expect(screen.queryByRole('button', { name: 'New scene' })).toBeNull();
  });

  it('work clothes: the keyword (at most 32) is sent with the box on Enter and cleared by Reset', async () => {
    renderSignedIn(<WorkClothesPanel boxId={3} canWrite={false} />);
    await waitFor(() => expect(extras.listWorkClothes).toHaveBeenCalledWith(3, '', 1, 20, expect.any(AbortSignal)));
    const bar = filterBar('Filters');
    const keyword = textField(bar, 'Keyword', 'work-clothes-filter-keyword', 32);
    typeAndEnter(keyword, 'blue');
    await waitFor(() => expect(extras.listWorkClothes).toHaveBeenLastCalledWith(3, 'blue', 1, 20, expect.any(AbortSignal)));
    fireEvent.click(within(bar).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(extras.listWorkClothes).toHaveBeenLastCalledWith(3, '', 1, 20, expect.any(AbortSignal)));
    expect(keyword.value).toBe('');
  });

  it('cameras: the keyword (at most 128, as the contract bounds it) is sent on Enter; a writer has Add and the bulk actions, idle while none is selected', async () => {
    renderSignedIn(<DevicesScreen kind="normal" permission="deviceConfig" title="Cameras" />, { path: '/deviceConfig', buttons: ['deviceConfig'] });
    await waitFor(() => expect(devices.listDevices).toHaveBeenCalledWith('normal', expect.objectContaining({ keyword: '' }), 1, 20, expect.any(AbortSignal)));
    const bar = filterBar('Filters');
    const keyword = textField(bar, 'Keyword', 'normal-filter-keyword', 128);
    for (const id of ['normal-filter-sceneId', 'normal-filter-startState', 'normal-filter-createdWithin']) expect(bar.querySelector(`#${id}`), id).not.toBeNull();
    typeAndEnter(keyword, 'gate');
    await waitFor(() => expect(devices.listDevices).toHaveBeenLastCalledWith('normal', expect.objectContaining({ keyword: 'gate' }), 1, 20, expect.any(AbortSignal)));
    const add = screen.getByRole('button', { name: 'Add camera' });
    expect(add.closest('.server-table-actions')).not.toBeNull();
    expect(add.getAttribute('data-appearance')).toBe('primary');
    for (const name of ['Start selected (0)', 'Stop selected (0)', 'Delete selected (0)']) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true);
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('cameras: a reader exports but neither adds nor starts, stops or deletes', async () => {
    renderSignedIn(<DevicesScreen kind="normal" permission="deviceConfig" title="Cameras" />, { path: '/deviceConfig', buttons: [] });
    await waitFor(() => expect(devices.listDevices).toHaveBeenCalled());
    filterBar('Filters');
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    for (const name of ['Add camera', 'Start selected (0)', 'Stop selected (0)', 'Delete selected (0)']) expect(screen.queryByRole('button', { name }), name).toBeNull();
  });

  it('offline videos: Upload video is the primary action (no Add), and opens its dialog', async () => {
    renderSignedIn(<OfflineVideosScreen permission="deviceConfigOffline" title="Offline videos" />, { path: '/deviceConfigOffline', buttons: ['deviceConfigOffline'] });
    await waitFor(() => expect(devices.listDevices).toHaveBeenCalledWith('offline', expect.anything(), 1, 20, expect.any(AbortSignal)));
    const upload = await screen.findByRole('button', { name: 'Upload video' });
    expect(upload.closest('.server-table-actions')).not.toBeNull();
    expect(upload.getAttribute('data-appearance')).toBe('primary');
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
    fireEvent.click(upload);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
