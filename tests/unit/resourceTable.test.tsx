// The declarative resource screen against a fake resource: rows, empty and error states; filters sent to the
// list call; buttons by permission; delete asks first and shows the server's refusal in place; the schema form
// adds and edits (its own checks first, the server's refusal in place); declared row actions ask first; texts
// follow the language.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResourceTable } from '../../src/components/resource/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../src/components/resource/types.ts';
import { loadMessages } from '../../src/forms/validator.ts';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

interface Unit {
  id: number;
  name: string;
  code: string;
  parentId: number | null;
  cameraCount: number;
}
type Form = { name: string; code: string; parentId: number | null };

const north: Unit = { id: 1, name: 'North', code: 'N1', parentId: null, cameraCount: 2 };
const south: Unit = { id: 2, name: 'South', code: 'S1', parentId: 1, cameraCount: 0 };

function declaration(overrides: Partial<ResourceDeclaration<Unit, 'keyword', Form>> = {}) {
  const calls = {
    list: vi.fn(async () => ({ list: [north, south], total: 2 })),
    add: vi.fn(async () => undefined),
    update: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
    run: vi.fn(async () => undefined),
  };
  const resource: ResourceDeclaration<Unit, 'keyword', Form> = {
    id: 'units',
    ns: 'devices',
    // An existing catalogue section gives the test real texts in both languages.
    prefix: 'catalogue.units',
    nameKey: 'name',
    columns: [{ key: 'code', width: 100 }, { key: 'name' }, { key: 'cameraCount', width: 80 }],
    filters: [{ key: 'keyword', kind: 'text' }],
    lookups: { units: async () => [{ value: 1, label: 'North (N1)' }, { value: 2, label: 'South (S1)' }] },
    list: calls.list,
    form: {
      lookups: ['units'],
      pickers: { parentId: { lookup: 'units', nullable: true, notSelf: true } },
      schema: { type: 'object', required: ['name', 'code'], properties: { name: { type: 'string', minLength: 1, maxLength: 128 }, code: { type: 'string', minLength: 1, maxLength: 64 }, parentId: { type: 'integer' } } },
      initial: (unit) => (unit ? { name: unit.name, code: unit.code, parentId: unit.parentId } : { name: '', code: '', parentId: null }),
    },
    add: calls.add,
    update: calls.update,
    remove: calls.remove,
    permissions: { add: 'deviceConfig', edit: 'deviceConfig', remove: 'deviceConfig' },
    ...overrides,
  };
  return { resource, calls };
}

function show(resource: ResourceDeclaration<Unit, 'keyword', Form>, buttons = ['deviceConfig'], path = '/units') {
  return renderSignedIn(<ResourceTable resource={resource} />, { path, buttons });
}

const row = (name: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(name))!;

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('zh-CN', NAMESPACES);
  await Promise.all([loadMessages('zh-CN'), loadMessages('en')]);
});

afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('zh-CN'));
});

describe('the list', () => {
  it('shows the rows with headers from the catalogue, and sends the page to the list call', async () => {
    const { resource, calls } = declaration();
    show(resource, ['deviceConfig'], '/units?pageNo=2&pageSize=10&keyword=no');
    expect(await screen.findByText('North')).toBeTruthy();
    expect(screen.getByText('摄像机数')).toBeTruthy();
    expect(calls.list).toHaveBeenCalledWith(expect.objectContaining({ filters: { keyword: 'no' }, pageNo: 2, pageSize: 10 }));
  });

  it('says when there is nothing, and when loading failed (with Retry)', async () => {
    const { resource, calls } = declaration();
    calls.list.mockResolvedValueOnce({ list: [], total: 0 });
    show(resource);
    expect(await screen.findByText('暂无管理单元')).toBeTruthy();
    cleanup();
    calls.list.mockRejectedValueOnce(new Error('down'));
    show(resource);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('down');
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByText('South')).toBeTruthy();
  });

  it('applies a text filter on Enter', async () => {
    const { resource, calls } = declaration();
    show(resource);
    await screen.findByText('North');
    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: 'sou' } });
    fireEvent.submit(screen.getByLabelText('关键字').closest('form')!);
    await waitFor(() => expect(calls.list).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { keyword: 'sou' }, pageNo: 1 })));
  });

  it('offers no add, edit, delete or selection without the permission', async () => {
    const { resource } = declaration();
    show(resource, []);
    await screen.findByText('North');
    expect(screen.queryByRole('button', { name: '添加管理单元' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('follows the language', async () => {
    const { resource } = declaration();
    show(resource);
    await screen.findByText('North');
    await act(() => i18next.changeLanguage('en'));
    expect(await screen.findByText('Cameras')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a control unit' })).toBeTruthy();
  });
});

describe('delete', () => {
  it('asks first: Cancel does nothing, Delete calls the operation and reloads', async () => {
    const { resource, calls } = declaration();
    show(resource);
    await screen.findByText('North');
    fireEvent.click(within(row('South')).getByRole('button', { name: '删除' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('South');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.remove).not.toHaveBeenCalled();

    fireEvent.click(within(row('South')).getByRole('button', { name: '删除' }));
    dialog = await screen.findByRole('alertdialog');
    const loads = calls.list.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.remove).toHaveBeenCalledWith([south]));
    await waitFor(() => expect(calls.list.mock.calls.length).toBeGreaterThan(loads));
  });

  it('shows the server refusal in the dialog and keeps it open', async () => {
    const { resource, calls } = declaration();
    calls.remove.mockRejectedValueOnce(new Error('该管理单元下还有摄像机'));
    show(resource);
    await screen.findByText('North');
    fireEvent.click(within(row('North')).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await within(dialog).findByText('该管理单元下还有摄像机')).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('deletes the selected rows together', async () => {
    const { resource, calls } = declaration();
    show(resource);
    await screen.findByText('North');
    fireEvent.click(screen.getByRole('checkbox', { name: '选择本页全部行' }));
    fireEvent.click(screen.getByRole('button', { name: '删除所选（2）' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('2');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.remove).toHaveBeenCalledWith([north, south]));
  });
});

describe('the form', () => {
  it('adds: the schema checks come first, then the operation gets the values and the list reloads', async () => {
    const { resource, calls } = declaration();
    show(resource);
    await screen.findByText('North');
    fireEvent.click(screen.getByRole('button', { name: '添加管理单元' }));
    const dialog = await screen.findByRole('dialog', { name: '添加管理单元' });
    const name = await within(dialog).findByLabelText(/名称/);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    const problems = await within(dialog).findByRole('alert');
    expect(problems.textContent).toMatch(/名称: 此项为必填项/);
    expect(calls.add).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: 'East' } });
    fireEvent.change(within(dialog).getByLabelText(/编码/), { target: { value: 'E1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.add).toHaveBeenCalledWith(expect.objectContaining({ name: 'East', code: 'E1', parentId: null })));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '添加管理单元' })).toBeNull());
  });

  it('edits: opens with the row, never offers the row as its own parent, shows a refusal in place', async () => {
    const { resource, calls } = declaration();
    calls.update.mockRejectedValueOnce(new Error('编码“N1”已存在'));
    show(resource);
    await screen.findByText('North');
    fireEvent.click(within(row('North')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑“North”' });
    expect(((await within(dialog).findByLabelText(/名称/)) as HTMLInputElement).value).toBe('North');
    // Two choices (none, South) fit radio buttons: North is not one of them.
    expect(within(dialog).queryByRole('radio', { name: 'North (N1)' })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: 'South (S1)' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('编码“N1”已存在')).toBeTruthy();
    expect(calls.update).toHaveBeenCalledWith(north, expect.objectContaining({ name: 'North', code: 'N1' }));
  });
});

describe('declared row actions', () => {
  it('asks first when declared so, and runs on the row', async () => {
    const { resource, calls } = declaration();
    const withAction = {
      ...resource,
      rowActions: [{ key: 'restart', confirm: true, permission: 'deviceConfig', run: calls.run, visible: (unit: Unit) => unit.cameraCount > 0 }],
    };
    // The action's texts: borrow the edge-box restart texts through a small catalogue addition.
    i18next.addResourceBundle('zh-CN', 'devices', { catalogue: { units: { actions: { restart: '重启' }, confirm: { restart: { title: '重启单元', message: '重启“{{name}}”？' } } } } }, true, false);
    show(withAction);
    await screen.findByText('North');
    expect(within(row('South')).queryByRole('button', { name: '重启' })).toBeNull();
    fireEvent.click(within(row('North')).getByRole('button', { name: '重启' }));
    const dialog = await screen.findByRole('alertdialog', { name: '重启单元' });
    expect(dialog.textContent).toContain('重启“North”？');
    fireEvent.click(within(dialog).getByRole('button', { name: '重启' }));
    await waitFor(() => expect(calls.run).toHaveBeenCalledWith(north));
  });
});
