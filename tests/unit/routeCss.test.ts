// Issue 37: CSS per route page within 25 kB gzip. The bench's bundle section measures every route page the build
// wrote (inline sheet + preloaded sheets, each compressed alone) and names the pages over the budget; and what a
// list screen shows only after a click (a camera's configuration, a task's editor, a box's drawer, an opened range
// picker) is not in the list's static imports, so its styles (upload field, calendars, sliders, drawer) are not in the
// list's page; and a screen without a list does not load the list kit (its sheet came with it).
// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { CSS_BUDGET_KB, measureRouteCss } from '../../bench/bundleSizes.ts';
import { source, staticModuleClosure } from '../../scripts/moduleGraph.ts';
import { codeChunkTiers } from '../../scripts/vite/codeChunks.ts';

const dist = mkdtempSync(join(tmpdir(), 'argus-route-css-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** Text of about `kb` kB gzip (random hex compresses to about half its length). */
function sheetOf(kb: number, seed: number): string {
  let text = '';
  let state = seed;
  while (gzipSync(text).length < kb * 1024) {
    for (let i = 0; i < 100; i++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      text += `.c${state.toString(16)}{color:#${(state % 0xffffff).toString(16).padStart(6, '0')}}`;
    }
  }
  return text;
}

describe('CSS per route page', () => {
  it('sums the inline sheet and the preloaded sheets of every route page, and names those over the budget', () => {
    mkdirSync(join(dist, 'pages'), { recursive: true });
    mkdirSync(join(dist, 'assets'), { recursive: true });
    const inline = sheetOf(5, 1);
    writeFileSync(join(dist, 'assets', 'shell.css'), sheetOf(12, 2));
    writeFileSync(join(dist, 'assets', 'big.css'), sheetOf(10, 3));
    const page = (sheets: string[]) =>
      `<html><head><style data-sheet="style-base">${inline}</style>\n<link rel="modulepreload" crossorigin href="/assets/a.js">\n${sheets
        .map((sheet) => `<link rel="preload" as="style" crossorigin href="/assets/${sheet}">`)
        .join('\n')}\n</head></html>`;
    writeFileSync(join(dist, 'pages', 'small.html'), page(['shell.css']));
    writeFileSync(join(dist, 'pages', 'large.html'), page(['shell.css', 'big.css']));
    writeFileSync(join(dist, 'pages', 'routes.json'), JSON.stringify({ '/small': 'pages/small.html', '/large': 'pages/large.html' }));
    const gz = (text: string) => gzipSync(text).length;
    const rows = measureRouteCss(dist);
    expect(rows.map((r) => r.route)).toEqual(['/large', '/small']);
    const small = rows[1];
    expect(small.sheets).toBe(2);
    expect(small.kb).toBeCloseTo((gz(inline) + gz(sheetOf(12, 2))) / 1024, 1);
    expect(rows[0].sheets).toBe(3);
    expect(rows[0].kb).toBeGreaterThan(CSS_BUDGET_KB);
    expect(small.kb).toBeLessThan(CSS_BUDGET_KB);
  });

  it('leaves out of a list screen what it shows only after a click', () => {
    const later: [string, string][] = [
      ['src/screens/devices/DevicesScreen.tsx', 'src/screens/devices/camera/CameraConfigView.tsx'],
      ['src/screens/tasks/TasksScreen.tsx', 'src/screens/tasks/TaskEditorView.tsx'],
      ['src/screens/devices/EdgeDeviceBoxScreen.tsx', 'src/screens/devices/boxes/BoxDetailsDrawer.tsx'],
      ['src/screens/algorithms/SetUpScreen.tsx', 'src/screens/algorithms/setup/DraftEditor.tsx'],
      ['src/screens/alarms/AlarmActions.tsx', 'src/screens/alarms/HandleDialog.tsx'],
      ['src/screens/system/DeptConfigScreen.tsx', 'src/screens/system/depts/DeptFormModal.tsx'],
      ['src/screens/system/MenuConfigScreen.tsx', 'src/screens/system/menus/MenuFormModal.tsx'],
      // The day pickers: rsuite's DatePicker (and its calendar's styles) once reached for.
      ['src/screens/alarms/EventStatisticsScreen.tsx', 'src/components/dateRange/LoadedDatePicker.tsx'],
      ['src/screens/video/RecordingsView.tsx', 'src/components/dateRange/LoadedDatePicker.tsx'],
      // The statistics screens' window: the range picker (and its calendar's styles) once reached for.
      ['src/screens/stats/parts/WindowToolbar.tsx', 'src/components/dateRange/TypedDateRangePicker.tsx'],
    ];
    for (const [screen, view] of later) {
      const closure = staticModuleClosure([resolve(screen)]);
      expect(closure.has(resolve(view)), `${screen} imports ${view} without waiting`).toBe(false);
      const sheets = [...closure].flatMap((file) => [...source(file).matchAll(/rsuite\/(\w+)\/styles\/index\.css/g)].map((m) => m[1]));
      expect(sheets.filter((sheet) => ['Uploader', 'DatePicker', 'DateRangePicker', 'Slider', 'Drawer'].includes(sheet)), screen).toEqual([]);
    }
  });

  it('leaves the list kit out of the screens that draw no list nor picker (live alarms, home)', () => {
    // A module of the list-kit chunk imported without waiting loads that chunk, and with it the list kit's sheet
    // (tables, the pager and its pickers: 3.9 kB gzip); the live alarm page was 25.2 kB with it. The delete's
    // confirmation loads when asked for (useLazyConfirm), the wait for a paint with the shell (SHELL_HELPERS).
    const listKit = codeChunkTiers(resolve('src')).find((tier) => tier.name === 'list-kit')!;
    for (const screen of ['alarms/ActualTimeEventScreen.tsx', 'home/HomeScreen.tsx']) {
      const held = [...staticModuleClosure([resolve('src/screens', screen)])].filter((file) => listKit.modules.has(file));
      expect(held.map((file) => file.replace(`${resolve('src')}/`, '')), screen).toEqual([]);
    }
  });
});
