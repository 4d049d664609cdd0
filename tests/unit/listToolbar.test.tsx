// The declared toolbar of a list (ListToolbar): fields and buttons given as data render as labelled filters and
// buttons; Enter applies the typed text, a picker applies at once, Reset restores the defaults (keeping what the
// screen keeps), a problem blocks the apply; bulk buttons wait for a selection, buttons without permission are left
// out; the common texts follow the language.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { timeRangeField } from '../../src/components/dateRange/TimeRangeFilter.tsx';
import { choicesOf, ListToolbar, type ToolbarAction, type ToolbarField } from '../../src/components/table/ListToolbar.tsx';
import { ServerTable, type TableColumn } from '../../src/components/table/ServerTable.tsx';
import { suggestField } from '../../src/components/table/suggestField.tsx';
import { type ListPage, type ListRequest, useServerList } from '../../src/components/table/useServerList.ts';
import { setUpScreenTests } from './systemSupport.tsx';

type Key = 'keyword' | 'status' | 'operation' | 'from' | 'to' | 'group';
interface Row {
  id: number;
  name: string;
}
type Loader = (request: ListRequest<Key>) => Promise<ListPage<Row>>;

const KEYS: readonly Key[] = ['keyword', 'status', 'operation', 'from', 'to', 'group'];
const columns: TableColumn<Row>[] = [{ key: 'name', header: 'Name', width: 200 }];
const fields: ToolbarField<Key>[] = [
  { kind: 'text', key: 'keyword', label: 'Keyword', placeholder: 'Name or serial' },
  { kind: 'select', key: 'status', label: 'Status', choices: choicesOf(['on', 'off'], (value) => `Status ${value}`) },
  suggestField({ key: 'operation', label: 'Operation', suggestions: ['createUser', 'deleteUser'] }),
  timeRangeField('time', { start: 'from', end: 'to', label: 'Time range', placeholder: 'Any time' }),
];

function Harness({ load, actions }: { load: Loader; actions: ToolbarAction[] }) {
  const list = useServerList<Row, Key>({ filterKeys: KEYS, rowKey: (row) => row.id, load });
  const toolbar = (
    <ListToolbar
      id="thing"
      list={list}
      fields={fields}
      actions={actions}
      keepOnReset={['group']}
      validate={(values) => ({ from: values.from && values.from > values.to ? 'The start is after the end' : undefined })}
    />
  );
  return <ServerTable list={list} label="Things" columns={columns} selectable describeRow={(row) => row.name} toolbar={toolbar} />;
}

function start(path = '/things', actions: ToolbarAction[] = []) {
  const load = vi.fn<Loader>(async () => ({ list: [{ id: 1, name: 'North gate' }], total: 1 }));
  const router = createMemoryRouter([{ path: '/things', element: <Harness load={load} actions={actions} /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, load };
}

/** The filter bar: a search landmark named by the toolbar (jsdom gives <search> no role). */
const filterBar = (name: string) => document.querySelector(`search[aria-label="${name}"]`) as HTMLElement;

setUpScreenTests();

describe('ListToolbar fields', () => {
  it('renders each declared field labelled, with its DOM id from the toolbar id and the field key', async () => {
    start();
    await screen.findByText('North gate');
    const bar = filterBar('Filters');
    expect((within(bar).getByLabelText('Keyword') as HTMLInputElement).placeholder).toBe('Name or serial');
    expect(within(bar).getByLabelText('Keyword').id).toBe('thing-filter-keyword');
    // A picker is named by its label, and says "Any" (common texts) when nothing is chosen.
    expect(within(bar).getByRole('combobox', { name: 'Status' }).textContent).toContain('Any');
    expect(within(bar).getByLabelText('Operation').id).toBe('thing-filter-operation');
    expect((bar.querySelector('#thing-filter-time') as HTMLInputElement).placeholder).toBe('Any time');
    expect(within(bar).getByRole('button', { name: 'Search' }).getAttribute('type')).toBe('submit');
  });

  it('applies the typed text on Enter, a picker at once, and Reset restores the defaults but what the screen keeps', async () => {
    const { router, load } = start('/things?group=7');
    await screen.findByText('North gate');
    const keyword = screen.getByLabelText('Keyword');
    fireEvent.change(keyword, { target: { value: 'gate' } });
    expect(router.state.location.search).toBe('?group=7'); // typed, not applied yet
    fireEvent.submit(keyword.closest('form') as HTMLFormElement);
    await waitFor(() => expect(router.state.location.search).toBe('?group=7&keyword=gate'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ filters: expect.objectContaining({ keyword: 'gate', group: '7' }) })));

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Status off' }));
    await waitFor(() => expect(router.state.location.search).toBe('?group=7&keyword=gate&status=off'));

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe('?group=7'));
    expect((screen.getByLabelText('Keyword') as HTMLInputElement).value).toBe('');
  });

  it('does not apply a draft with a problem, and shows the problem under its field', async () => {
    const { router } = start('/things?from=2026-01-02%2000:00:00&to=2026-01-01%2000:00:00');
    await screen.findByText('North gate');
    const keyword = screen.getByLabelText('Keyword');
    fireEvent.change(keyword, { target: { value: 'gate' } });
    fireEvent.submit(keyword.closest('form') as HTMLFormElement);
    expect((await screen.findByRole('alert')).textContent).toBe('The start is after the end');
    expect(document.getElementById('thing-filter-time-problem')?.textContent).toBe('The start is after the end');
    expect(router.state.location.search).not.toContain('keyword');
  });
});

describe('ListToolbar actions', () => {
  it('leaves out buttons not shown, keeps bulk buttons disabled until a row is selected, and runs them', async () => {
    const add = vi.fn();
    const remove = vi.fn();
    start('/things', [
      { key: 'add', label: 'Add thing', primary: true, onClick: add },
      { key: 'hidden', label: 'Not allowed', shown: false, onClick: vi.fn() },
      { key: 'delete', label: 'Delete selected', danger: true, bulk: true, onClick: remove },
    ]);
    await screen.findByText('North gate');
    expect(screen.queryByRole('button', { name: 'Not allowed' })).toBeNull();
    const addButton = screen.getByRole('button', { name: 'Add thing' });
    expect(addButton.getAttribute('data-appearance')).toBe('primary');
    fireEvent.click(addButton);
    expect(add).toHaveBeenCalledTimes(1);

    const deleteButton = screen.getByRole('button', { name: 'Delete selected' });
    expect([deleteButton.getAttribute('data-appearance'), deleteButton.getAttribute('data-color')]).toEqual(['ghost', 'red']);
    expect(deleteButton.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select North gate' }));
    await waitFor(() => expect(deleteButton.hasAttribute('disabled')).toBe(false));
    fireEvent.click(deleteButton);
    expect(remove).toHaveBeenCalledTimes(1);
  });
});

describe('ListToolbar texts', () => {
  it('names the filters and the empty picker in the reader’s language', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    try {
      start();
      await screen.findByText('North gate');
      const bar = filterBar('筛选');
      expect(within(bar).getByRole('combobox', { name: 'Status' }).textContent).toContain('全部');
      expect(within(bar).getByRole('button', { name: '重置' })).toBeTruthy();
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});
