// Issue 9, item 5: date-fns's format and parse stay out of the pages without a date picker. The build points
// rsuite's useCustom at src/app/rsuiteDates.ts, whose functions call what the date-picker modules register.
// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATE_IMPORT, deferDates, USE_CUSTOM } from '../../scripts/vite/rsuiteDates.ts';

const useCustomFile = 'node_modules/rsuite/esm/internals/hooks/useCustom.js';

describe('rsuite dates', () => {
  it("points the installed rsuite's useCustom at the shim, and refuses a useCustom without the line", () => {
    expect(USE_CUSTOM.test(`/work/x/${useCustomFile}`)).toBe(true);
    const patched = deferDates(readFileSync(useCustomFile, 'utf8'), '/src/app/rsuiteDates.ts');
    expect(patched).not.toContain(DATE_IMPORT);
    expect(patched).toContain('import { format, parse, isValid } from "/src/app/rsuiteDates.ts";');
    expect(() => deferDates('export {}', '/shim.ts')).toThrow(/no longer has the line/);
  });

  it('calls the registered functions, and says so when none were registered', async () => {
    const shim = await import('../../src/app/rsuiteDates.ts');
    expect(() => shim.format(new Date(0), 'yyyy')).toThrow(/before a date picker module registered them/);
    await import('../../src/components/dateRange/rsuiteDateFns.ts');
    expect(shim.format(new Date(2026, 10, 27), 'yyyy-MM-dd')).toBe('2026-11-27');
    expect(shim.parse('2026-11-27', 'yyyy-MM-dd', new Date()).getDate()).toBe(27);
    expect(shim.isValid(new Date(Number.NaN))).toBe(false);
  });
});
