// Issue 9, item 5: date-fns's format and parse stay out of the pages without a date picker. The build points
// rsuite's useCustom at src/app/rsuiteDates.ts, whose functions call what the date-picker modules register, and
// rsuite's locale files at its stand-ins for their date-fns locales, which the same modules register.
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATE_IMPORT, deferDateLocale, deferDates, RSUITE_LOCALE, USE_CUSTOM } from '../../scripts/vite/rsuiteDates.ts';

const useCustomFile = 'node_modules/rsuite/esm/internals/hooks/useCustom.js';

describe('rsuite dates', () => {
  it("points the installed rsuite's useCustom at the shim, and refuses a useCustom without the line", () => {
    expect(USE_CUSTOM.test(`/work/x/${useCustomFile}`)).toBe(true);
    const patched = deferDates(readFileSync(useCustomFile, 'utf8'), '/src/app/rsuiteDates.ts');
    expect(patched).not.toContain(DATE_IMPORT);
    expect(patched).toContain('import { format, parse, isValid } from "/src/app/rsuiteDates.ts";');
    expect(() => deferDates('export {}', '/shim.ts')).toThrow(/no longer has the line/);
  });

  it("points every installed rsuite locale's date-fns locale at a stand-in, and refuses a locale without the import", () => {
    const dir = 'node_modules/rsuite/esm/locales';
    const files = readdirSync(dir).filter((file) => RSUITE_LOCALE.test(`/${dir}/${file}`));
    expect(files).toContain('zh_CN.js');
    for (const file of files) {
      const patched = deferDateLocale(readFileSync(`${dir}/${file}`, 'utf8'), '/src/app/rsuiteDates.ts');
      expect(patched, file).not.toContain("from 'date-fns/locale/");
      expect(patched, file).toMatch(/^const \w+ = lazyDateLocale\("[\w-]+"\);$/m);
    }
    expect(deferDateLocale(readFileSync(`${dir}/zh_CN.js`, 'utf8'), '/s.ts')).toContain('import { lazyDateLocale } from "/s.ts";\nconst zhCN = lazyDateLocale("zh-CN");');
    expect(RSUITE_LOCALE.test(`/${dir}/index.js`)).toBe(false);
    expect(() => deferDateLocale('export default {}', '/s.ts')).toThrow(/no longer imports its date-fns locale/);
  });

  it('calls the registered functions, and says so when none were registered', async () => {
    const shim = await import('../../src/app/rsuiteDates.ts');
    expect(() => shim.format(new Date(0), 'yyyy')).toThrow(/before a date picker module registered them/);
    const zhCN = shim.lazyDateLocale('zh-CN') as { code?: string };
    // Every rsuite component reads the stand-in; before the date pickers register the locales it is empty, not an error.
    expect(zhCN.code).toBeUndefined();
    expect(Object.keys(zhCN)).toEqual([]);
    const copied = { ...{ dateLocale: zhCN } };
    await import('../../src/components/dateRange/rsuiteDateFns.ts');
    expect(shim.format(new Date(2026, 10, 27), 'yyyy-MM-dd')).toBe('2026-11-27');
    expect(shim.parse('2026-11-27', 'yyyy-MM-dd', new Date()).getDate()).toBe(27);
    expect(shim.isValid(new Date(Number.NaN))).toBe(false);
    // After it, the stand-in (also where rsuite's locale files copied it) formats as the real locale does.
    expect(zhCN.code).toBe('zh-CN');
    expect(copied.dateLocale).toBe(zhCN);
    expect(shim.format(new Date(2026, 10, 27), 'MMMM EEEE', { locale: copied.dateLocale })).toBe('十一月 星期五');
    expect(shim.format(new Date(2026, 10, 27), 'MMMM', { locale: shim.lazyDateLocale('en-US') })).toBe('November');
    expect(shim.parse('2026年11月', 'yyyy年MM月', new Date(), { locale: zhCN }).getMonth()).toBe(10);
    expect('localize' in zhCN).toBe(true);
  });

  it('has every module that shows an rsuite date component import the registration before it', () => {
    const dateComponent = /from 'rsuite\/(DatePicker|DateRangePicker|Calendar|DateInput|DateRangeInput|TimePicker|TimeRangePicker)'/;
    const files = (readdirSync('src', { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file)).map((file) => join('src', file));
    // A type-only import loads nothing (LazyDatePicker.tsx names DatePickerProps; the picker loads with its module).
    const shows = (line: string) => dateComponent.test(line) && !/^import type /.test(line);
    const showing = files.filter((file) => readFileSync(file, 'utf8').split('\n').some(shows));
    expect(showing.length).toBeGreaterThanOrEqual(3);
    for (const file of showing) {
      const lines = readFileSync(file, 'utf8').split('\n');
      const registration = lines.findIndex((line) => /import .*rsuiteDateFns\.ts'/.test(line));
      expect(registration, `${file} imports an rsuite date component without rsuiteDateFns.ts`).toBeGreaterThanOrEqual(0);
      expect(registration, `${file}: rsuiteDateFns.ts must come before the rsuite import`).toBeLessThan(lines.findIndex(shows));
    }
  });
});
