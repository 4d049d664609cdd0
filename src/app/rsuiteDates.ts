// The date functions rsuite's components are built with (scripts/vite/rsuiteDates.ts says why): calls go to the
// real ones, which a module that shows a date picker registers, with date-fns's locales, before it renders one
// (src/components/dateRange/rsuiteDateFns.ts). Only date pickers call them; a call before that registration is a
// mistake in the console, said plainly (rsuite shows "Error: Invalid date format" for a formatting error).
export interface RsuiteDateFns {
  format(date: Date | number, formatString: string, options?: object): string;
  parse(dateString: string, formatString: string, referenceDate: Date | number, options?: object): Date;
  isValid(date: unknown): boolean;
  /** date-fns's locales by code ('zh-CN'): what the rsuite locales' dateLocale stands for. */
  locales: Record<string, object>;
}

let registered: RsuiteDateFns | null = null;

export function registerRsuiteDates(fns: RsuiteDateFns): void {
  registered = fns;
}

function fns(): RsuiteDateFns {
  if (!registered) throw new Error('rsuite date functions were used before a date picker module registered them (rsuiteDateFns.ts)');
  return registered;
}

export const format: RsuiteDateFns['format'] = (date, formatString, options) => fns().format(date, formatString, options);
export const parse: RsuiteDateFns['parse'] = (dateString, formatString, referenceDate, options) => fns().parse(dateString, formatString, referenceDate, options);
export const isValid: RsuiteDateFns['isValid'] = (date) => fns().isValid(date);

/**
 * The date-fns locale of an rsuite locale (its DateTimeFormats.dateLocale), which the build points here
 * (scripts/vite/rsuiteDates.ts): every rsuite component reads it (useCustom), only date pickers use it. It stands for
 * the registered locale of the code; read before the registration, its fields are undefined. It is an object of its
 * own, not a getter, because rsuite's locale files copy DateTimeFormats into other sections when they load.
 */
export function lazyDateLocale(code: string): object {
  return new Proxy(
    {},
    {
      get: (_target, key) => (registered?.locales[code] as Record<PropertyKey, unknown> | undefined)?.[key],
      has: (_target, key) => !!registered?.locales[code] && key in registered.locales[code],
      ownKeys: () => (registered?.locales[code] ? Reflect.ownKeys(registered.locales[code]) : []),
      getOwnPropertyDescriptor: (_target, key) => {
        const locale = registered?.locales[code];
        return locale && Object.hasOwn(locale, key) ? { ...Reflect.getOwnPropertyDescriptor(locale, key), configurable: true } : undefined;
      },
    },
  );
}
