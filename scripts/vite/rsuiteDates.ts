// Kept (issue 37 review): an alias cannot do this — the date-fns imports are replaced in useCustom and the locale files
// only, while rsuite's date pickers keep the real functions (resolve.alias would answer every importer alike).
// Vite plugin: keeps date-fns's format and parse out of every page that shows an rsuite component. rsuite's
// useCustom (read by each of its components) imports them, with date-fns's ~70 parser modules, only to offer date
// pickers a formatDate and parseDate: in the signed-in chunk they were 22 % of the source (with the locales'
// date data). The build points that import to src/app/rsuiteDates.ts, whose functions call the real ones that the
// modules showing a date picker register first (src/components/dateRange/rsuiteDateFns.ts). The same goes for the
// date-fns locales rsuite's locale files import (month and weekday names and their parsers, ~20 kB of source):
// each becomes a stand-in that reads the locale those modules register. The replaced lines must be found: an
// rsuite version that imports them otherwise fails the build, not a date picker.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

export const USE_CUSTOM = /[\\/]rsuite[\\/]esm[\\/]internals[\\/]hooks[\\/]useCustom\.js$/;
export const DATE_IMPORT = 'import { format, parse, isValid } from "../utils/date/index.js";';

/** useCustom's source with its date-fns import pointed at `shim`. */
export function deferDates(code: string, shim: string): string {
  if (!code.includes(DATE_IMPORT)) throw new Error(`rsuite's useCustom no longer has the line ${DATE_IMPORT} (scripts/vite/rsuiteDates.ts)`);
  return code.replace(DATE_IMPORT, `import { format, parse, isValid } from ${JSON.stringify(shim)};`);
}

export const RSUITE_LOCALE = /[\\/]rsuite[\\/]esm[\\/]locales[\\/][a-z]{2}_[A-Z]{2}\.js$/;
const LOCALE_IMPORT = /^import \{ (\w+) \} from 'date-fns\/locale\/([\w-]+)';$/m;

/**
 * An rsuite locale file with its date-fns locale import replaced by the shim's stand-in of the same name (the
 * locale data — months, weekdays, parsers — comes with the date pickers, which register it).
 */
export function deferDateLocale(code: string, shim: string): string {
  const match = LOCALE_IMPORT.exec(code);
  if (!match) throw new Error("an rsuite locale no longer imports its date-fns locale as import { x } from 'date-fns/locale/…' (scripts/vite/rsuiteDates.ts)");
  const [line, name, localeCode] = match;
  return code.replace(line, `import { lazyDateLocale } from ${JSON.stringify(shim)};\nconst ${name} = lazyDateLocale(${JSON.stringify(localeCode)});`);
}

export function rsuiteDates(srcDir: string): Plugin {
  const shim = resolve(srcDir, 'app/rsuiteDates.ts');
  return {
    name: 'argus-rsuite-dates',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0];
      if (USE_CUSTOM.test(file)) return { code: deferDates(code, shim), map: null };
      if (RSUITE_LOCALE.test(file)) return { code: deferDateLocale(code, shim), map: null };
      return null;
    },
  };
}
