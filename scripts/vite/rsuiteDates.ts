// Vite plugin: keeps date-fns's format and parse out of every page that shows an rsuite component. rsuite's
// useCustom (read by each of its components) imports them, with date-fns's ~70 parser modules, only to offer date
// pickers a formatDate and parseDate: in the signed-in chunk they were 22 % of the source (with the locales'
// date data). The build points that import to src/app/rsuiteDates.ts, whose functions call the real ones that the
// modules showing a date picker register first (src/components/dateRange/rsuiteDateFns.ts). The replaced line
// must be found: an rsuite version that imports them otherwise fails the build, not a date picker.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

export const USE_CUSTOM = /[\\/]rsuite[\\/]esm[\\/]internals[\\/]hooks[\\/]useCustom\.js$/;
export const DATE_IMPORT = 'import { format, parse, isValid } from "../utils/date/index.js";';

/** useCustom's source with its date-fns import pointed at `shim`. */
export function deferDates(code: string, shim: string): string {
  if (!code.includes(DATE_IMPORT)) throw new Error(`rsuite's useCustom no longer has the line ${DATE_IMPORT} (scripts/vite/rsuiteDates.ts)`);
  return code.replace(DATE_IMPORT, `import { format, parse, isValid } from ${JSON.stringify(shim)};`);
}

export function rsuiteDates(srcDir: string): Plugin {
  const shim = resolve(srcDir, 'app/rsuiteDates.ts');
  return {
    name: 'argus-rsuite-dates',
    apply: 'build',
    transform(code, id) {
      if (!USE_CUSTOM.test(id.split('?')[0])) return null;
      return { code: deferDates(code, shim), map: null };
    },
  };
}
