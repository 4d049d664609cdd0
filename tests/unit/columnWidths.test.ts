// The list table's column widths (as rsuite's table gave them), how they give up room on a narrow frame so the
// actions and the times stay in view (issue 37), sticky offsets, and the order a header click asks for.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ACTIONS_FLOOR,
  baseWidth,
  columnFloor,
  columnWidths,
  DEFAULT_COLUMN_WIDTH,
  nestedSticky,
  SHRINK_FLOOR,
  stickyOffsets,
  TIME_FLOOR,
  unbreakable,
} from '../../src/components/table/columnWidths.ts';
import { headerText, nextSort } from '../../src/components/table/DataTable.tsx';

describe('column widths', () => {
  const columns = [{ width: 48, fixed: 'left' as const }, { flexGrow: 1, minWidth: 120 }, { flexGrow: 2, minWidth: 100 }, {}, { width: 200, fixed: 'right' as const }];

  it('keeps set widths and shares the rest of the frame by flexGrow, filling it exactly', () => {
    const widths = columnWidths(columns, 1000);
    expect(widths).toEqual([48, 217, 435, DEFAULT_COLUMN_WIDTH, 200]);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('gives a growing column no less than its minWidth when no floors are known: the table is then wider than the frame', () => {
    const widths = columnWidths(columns, 412);
    expect(widths).toEqual([48, 120, 100, 100, 200]);
    expect(widths.reduce((a, b) => a + b, 0)).toBeGreaterThan(412);
  });

  it('starts from base widths before the frame is measured', () => {
    expect(columns.map(baseWidth)).toEqual([48, 120, 100, 100, 200]);
  });

  it('offsets sticky columns by the sticky columns before them on their side', () => {
    expect(stickyOffsets([{ width: 48, fixed: 'left' }, { width: 60, fixed: 'left' }, { flexGrow: 1 }, { width: 90, fixed: 'right' }, { width: 150, fixed: 'right' }])).toEqual([0, 48, null, 150, 0]);
  });
});

describe('a row narrower than its columns (issue 37: actions and times under the sideways scrollbar at 1366×768)', () => {
  // /applyAuthorization at 1366×768: a 1,076 px frame, columns of 1,822 px.
  const application = [
    { width: 48, fixed: 'left' as const },
    { width: 190 },
    { flexGrow: 1, minWidth: 160 },
    { flexGrow: 1, minWidth: 160 },
    { width: 100 },
    { width: 100 },
    { width: 90 },
    { width: 160 },
    { width: 170, kind: 'time' as const },
    { width: 90 },
    { width: 170, kind: 'time' as const },
    { width: 384, fixed: 'right' as const },
  ];
  const floors = application.map((column) => columnFloor(column));

  it('brings the row into the frame: every column in view, none under its floor', () => {
    const widths = columnWidths(application, 1076, floors);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(1076);
    widths.forEach((width, index) => {
      expect(width).toBeGreaterThanOrEqual(floors[index]);
      expect(width).toBeLessThanOrEqual(baseWidth(application[index]));
    });
    // The times keep at least their date, the actions two buttons a line, the selection its box.
    expect(widths[8]).toBeGreaterThanOrEqual(TIME_FLOOR);
    expect(widths[10]).toBeGreaterThanOrEqual(TIME_FLOOR);
    expect(widths[11]).toBeGreaterThanOrEqual(ACTIONS_FLOOR);
    expect(widths[0]).toBe(48);
  });

  it('takes room from each column in proportion to what it can give', () => {
    const widths = columnWidths([{ width: 300 }, { width: 100 }, { width: 172 }], 472, [100, 100, 72]);
    // 100 px too many: the first can give 200, the third 100, the second nothing.
    expect(widths).toEqual([234, 100, 138]);
  });

  it('takes it from the columns with a set width first, from the growing ones (a name) only after', () => {
    const row = [{ flexGrow: 2, minWidth: 160 }, { width: 140 }, { width: 170, kind: 'time' as const }];
    // 40 px too many: the set widths can give them.
    expect(columnWidths(row, 430, [64, 64, 100])).toEqual([160, 120, 150]);
    // 150 too many: they give all they can (146), the name the rest.
    expect(columnWidths(row, 320, [64, 64, 100])).toEqual([156, 64, 100]);
  });

  it('keeps the widths and scrolls when even the floors do not fit (a phone)', () => {
    const widths = columnWidths(application, 400, floors);
    expect(widths).toEqual(columnWidths(application, 400));
    expect(widths.reduce((a, b) => a + b, 0)).toBeGreaterThan(400);
  });

  it('never grows a column past its width to fill the frame, and leaves a row that fits as it was', () => {
    expect(columnWidths(application, 2000, floors)).toEqual(columnWidths(application, 2000));
  });
});

describe('column floors', () => {
  it('is the most of 64 px, a time’s date, a declared floor, a right-hand sticky column’s two buttons and the measured header; never more than the width', () => {
    expect(columnFloor({ width: 170 })).toBe(SHRINK_FLOOR);
    expect(columnFloor({ width: 170, kind: 'time' })).toBe(TIME_FLOOR);
    expect(columnFloor({ width: 170, kind: 'time' }, 0, 96)).toBe(96);
    expect(columnFloor({ width: 190, shrinkTo: 110 })).toBe(110);
    expect(columnFloor({ width: 384, fixed: 'right' })).toBe(ACTIONS_FLOOR);
    expect(columnFloor({ width: 90 }, 101)).toBe(90);
    expect(columnFloor({ width: 120 }, 101)).toBe(101);
    expect(columnFloor({ width: 60 })).toBe(60);
  });

  it('keeps the width of a sticky column with another sticky column outside it (its offset depends on it)', () => {
    const sticky = [{ width: 48, fixed: 'left' as const }, { width: 160, fixed: 'left' as const }, { width: 100 }, { width: 200, fixed: 'right' as const }];
    expect(nestedSticky(sticky)).toEqual([false, true, false, false]);
    expect(columnFloor(sticky[1], 0, TIME_FLOOR, true)).toBe(160);
  });

  it('splits a header where a line may break: at spaces and between CJK characters, never inside a word', () => {
    expect(unbreakable('Channels applied for')).toEqual(['Channels', 'applied', 'for']);
    expect(unbreakable('Confidence')).toEqual(['Confidence']);
    expect(unbreakable('置信度')).toEqual(['置', '信', '度']);
    expect(unbreakable('CPU / 内存')).toEqual(['CPU', '/', '内', '存']);
  });
});

describe('header text', () => {
  it('keeps a hyphenated word on one line (a non-breaking hyphen), leaving other text as written', () => {
    expect(headerText('Last sign-in')).toBe('Last sign\u2011in');
    expect(headerText('CPU / memory / disk')).toBe('CPU / memory / disk');
    expect(headerText('2026-12-06')).toBe('2026\u201112\u201106');
    expect(headerText('最近登录')).toBe('最近登录');
  });
});

describe('header order', () => {
  it('starts a new column descending, then turns it around on each click', () => {
    expect(nextSort(null, 'name')).toBe('desc');
    expect(nextSort({ column: 'size', type: 'asc' }, 'name')).toBe('desc');
    expect(nextSort({ column: 'name', type: 'desc' }, 'name')).toBe('asc');
    expect(nextSort({ column: 'name', type: 'asc' }, 'name')).toBe('desc');
  });
});
