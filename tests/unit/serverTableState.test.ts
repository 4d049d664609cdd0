// The list kit's URL state and page sorting as pure functions.
import { describe, expect, it } from 'vitest';
import { readListState, sortRows, writeListState } from '../../src/components/table/listState.ts';

const params = (text: string) => new URLSearchParams(text);

describe('list state in the URL', () => {
  it('reads filters, page, size and sort, with defaults for what is missing or malformed', () => {
    expect(readListState(params('keyword=cam&pageNo=3&pageSize=50&sort=name.asc'), ['keyword', 'status'])).toEqual({
      filters: { keyword: 'cam', status: '' },
      pageNo: 3,
      pageSize: 50,
      sort: { column: 'name', type: 'asc' },
    });
    expect(readListState(params('pageNo=0&pageSize=33&sort=name;drop'), ['keyword'])).toEqual({
      filters: { keyword: '' },
      pageNo: 1,
      pageSize: 20,
      sort: null,
    });
    expect(readListState(params('pageNo=-2'), []).pageNo).toBe(1);
  });

  it('a new filter or page size goes back to page 1; the page alone keeps the filters', () => {
    const start = params('keyword=cam&pageNo=4&typeIds=1,2');
    expect(writeListState(start, { filters: { keyword: 'box' } }).toString()).toBe('keyword=box&typeIds=1%2C2');
    expect(writeListState(start, { filters: { keyword: 'cam' } }).get('pageNo')).toBe('4'); // unchanged filter
    expect(writeListState(start, { pageSize: 50 }).toString()).toBe('keyword=cam&typeIds=1%2C2&pageSize=50');
    expect(writeListState(start, { pageNo: 5 }).get('pageNo')).toBe('5');
  });

  it('leaves defaults and empty filters out of the URL', () => {
    const start = params('keyword=cam&pageNo=2&pageSize=50&sort=name.desc');
    expect(writeListState(start, { filters: { keyword: '  ' }, pageSize: 20, sort: null }).toString()).toBe('');
    expect(writeListState(start, { pageNo: 1 }).has('pageNo')).toBe(false);
  });
});

describe('sorting one page on the client', () => {
  const rows = [
    { id: 1, name: 'b10', size: 3, when: null as string | null },
    { id: 2, name: 'b9', size: 1, when: '2026-01-02 00:00:00' },
    { id: 3, name: 'A', size: 2, when: '2026-01-01 00:00:00' },
  ];
  it('orders numbers numerically and text naturally, blanks last, without touching the input', () => {
    expect(sortRows(rows, { column: 'size', type: 'asc' }).map((r) => r.id)).toEqual([2, 3, 1]);
    expect(sortRows(rows, { column: 'name', type: 'asc' }).map((r) => r.name)).toEqual(['A', 'b9', 'b10']);
    expect(sortRows(rows, { column: 'when', type: 'desc' }).map((r) => r.id)).toEqual([2, 3, 1]);
    expect(sortRows(rows, { column: 'when', type: 'asc' }).map((r) => r.id)).toEqual([3, 2, 1]);
    expect(sortRows(rows, null).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
