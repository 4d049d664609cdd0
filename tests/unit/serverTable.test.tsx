// The shared server-paginated list: loading, empty and error (with retry) states, paging and filters kept in the
// URL, client-side sorting of the page, row selection. The server is a fake loader the test controls.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FilterBar, FilterField, useFilterDraft } from '../../src/components/table/FilterBar.tsx';
import { ServerTable, type TableColumn } from '../../src/components/table/ServerTable.tsx';
import { type ListPage, type ListRequest, useServerList } from '../../src/components/table/useServerList.ts';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { deferred } from '../support/deferred.ts';
import { installDomPolyfills } from './systemSupport.tsx';

interface Row {
  id: number;
  name: string;
  size: number;
}

type Loader = (request: ListRequest<'keyword'>) => Promise<ListPage<Row>>;

const columns: TableColumn<Row>[] = [
  { key: 'name', header: 'Name', width: 200, sortable: true },
  { key: 'size', header: 'Size', width: 100, sortable: true },
];

/** The screen's commits (an effect without dependencies runs once per commit of the component). */
let harnessCommits = 0;

function Harness({ load }: { load: Loader }) {
  useEffect(() => {
    harnessCommits++;
  });
  const list = useServerList<Row, 'keyword'>({ filterKeys: ['keyword'], rowKey: (row) => row.id, load });
  const draft = useFilterDraft(list.filters, list.setFilters);
  return (
    <ServerTable
      list={list}
      label="Things"
      columns={columns}
      selectable
      describeRow={(row) => row.name}
      filters={
        <FilterBar draft={draft} label="Filters">
          <FilterField id="kw" label="Keyword">
            <input id="kw" value={draft.values.keyword} onChange={(event) => draft.set('keyword', event.target.value)} />
          </FilterField>
        </FilterBar>
      }
    />
  );
}

function start(load: Loader, path = '/things') {
  const router = createMemoryRouter([{ path: '/things', element: <Harness load={load} /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const rows = (names: string[], offset = 0): Row[] => names.map((name, index) => ({ id: offset + index + 1, name, size: (index * 7) % 5 }));

const region = () => screen.getByRole('region', { name: 'Things' });

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en', NAMESPACES);
});

afterEach(cleanup);

describe('ServerTable states', () => {
  it('shows loading, then the rows', async () => {
    const answer = deferred<ListPage<Row>>();
    const load = vi.fn<Loader>(() => answer.promise);
    start(load);
    expect(region().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading…')).toBeTruthy();
    // The request leaves once the screen's first frame is painted (src/app/afterPaint.ts), not in its commit.
    expect(load).not.toHaveBeenCalled();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(region().getAttribute('aria-busy')).toBe('true');
    await act(async () => answer.resolve({ list: rows(['alpha', 'beta']), total: 2 }));
    expect(region().getAttribute('aria-busy')).toBe('false');
    expect(screen.getByText('alpha')).toBeTruthy();
    expect(screen.getByText('beta')).toBeTruthy();
    expect(screen.queryByText('No data')).toBeNull();
  });

  it('renders the screen twice for its first page: at mount and with the rows', async () => {
    const answer = deferred<ListPage<Row>>();
    harnessCommits = 0;
    start(() => answer.promise);
    // Frames pass while the page loads (the table's width is observed): nothing of the screen changes.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(harnessCommits).toBe(1);
    await act(async () => answer.resolve({ list: rows(['alpha', 'beta']), total: 2 }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByText('alpha')).toBeTruthy();
    expect(harnessCommits).toBe(2);
  });

  it('keeps the pager hidden (laid out) until the first page is in and the table has taken its height, and not on later loads', async () => {
    const answer = deferred<ListPage<Row>>();
    const load = vi.fn<Loader>().mockReturnValueOnce(answer.promise).mockReturnValue(new Promise(() => {}));
    const router = start(load);
    expect(region().dataset.firstLoad).toBe('true');
    await act(async () => answer.resolve({ list: rows(['alpha']), total: 1 }));
    // Two frames after the rows (the table measures them in between): then shown, where it stays.
    await waitFor(() => expect(region().dataset.firstLoad).toBe('false'));
    await act(() => router.navigate('/things?keyword=y'));
    expect(region().getAttribute('aria-busy')).toBe('true');
    expect(region().dataset.firstLoad).toBe('false');
  });

  it('shows the empty state when the page has no rows', async () => {
    start(async () => ({ list: [], total: 0 }));
    expect(await screen.findByText('No data')).toBeTruthy();
  });

  it('shows the error with the reason and loads again on Retry', async () => {
    const load = vi.fn<Loader>().mockRejectedValueOnce(new Error('connecting to the server failed'));
    load.mockResolvedValue({ list: rows(['gamma']), total: 1 });
    start(load);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Loading failed: connecting to the server failed');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('gamma')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ignores an answer that arrives after a newer request (no stale page)', async () => {
    const first = deferred<ListPage<Row>>();
    const load = vi.fn<Loader>().mockReturnValueOnce(first.promise).mockResolvedValue({ list: rows(['fresh']), total: 1 });
    const router = start(load);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(() => router.navigate('/things?keyword=x'));
    expect(await screen.findByText('fresh')).toBeTruthy();
    await act(async () => first.resolve({ list: rows(['stale']), total: 1 }));
    expect(screen.queryByText('stale')).toBeNull();
    expect(load.mock.calls[0][0].signal.aborted).toBe(true);
  });
});

describe('ServerTable paging and filters live in the URL', () => {
  const pages: Loader = async ({ pageNo, pageSize, filters }) => {
    const all = rows(Array.from({ length: 45 }, (_, i) => `${filters.keyword || 'row'}-${i + 1}`));
    return { list: all.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: all.length };
  };

  it('reads page and filters from the URL and writes them back', async () => {
    const load = vi.fn(pages);
    const router = start(load, '/things?pageNo=2&keyword=cam');
    expect(await screen.findByText('cam-21')).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ pageNo: 2, pageSize: 20, filters: { keyword: 'cam' } }));
    expect((screen.getByLabelText('Keyword') as HTMLInputElement).value).toBe('cam');

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('cam-41')).toBeTruthy();
    expect(router.state.location.search).toBe('?pageNo=3&keyword=cam');

    // A new filter goes back to page 1; Enter in the field applies it.
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'box' } });
    fireEvent.submit(screen.getByLabelText('Keyword').closest('form') as HTMLFormElement);
    expect(await screen.findByText('box-1')).toBeTruthy();
    expect(router.state.location.search).toBe('?keyword=box');

    // Back restores the previous view, and the filter field follows it.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('cam-41')).toBeTruthy();
    expect((screen.getByLabelText('Keyword') as HTMLInputElement).value).toBe('cam');

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('row-1')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('falls back to defaults for a malformed page or size', async () => {
    const load = vi.fn(pages);
    start(load, '/things?pageNo=abc&pageSize=7');
    expect(await screen.findByText('row-1')).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ pageNo: 1, pageSize: 20 }));
  });
});

describe('ServerTable sorting and selection', () => {
  it('sorts the current page on the client and says so', async () => {
    const router = start(async () => ({ list: rows(['b', 'c', 'a']), total: 3 }));
    await screen.findByText('a');
    const names = () => screen.getAllByRole('cell').map((cell) => cell.textContent).filter((text) => /^[abc]$/.test(text ?? ''));
    expect(names()).toEqual(['b', 'c', 'a']);
    expect(screen.queryByText('Sorting applies to this page only')).toBeNull();
    fireEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(names()).toEqual(['c', 'b', 'a']));
    expect(router.state.location.search).toBe('?sort=name.desc');
    expect(screen.getByText('Sorting applies to this page only')).toBeTruthy();
    fireEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(names()).toEqual(['a', 'b', 'c']));
    expect(router.state.location.search).toBe('?sort=name.asc');
  });

  it('selects rows one by one or the whole page', async () => {
    start(async () => ({ list: rows(['one', 'two', 'three']), total: 3 }));
    await screen.findByText('one');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select two' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.queryByText(/selected$/)).toBeNull();
  });
});
