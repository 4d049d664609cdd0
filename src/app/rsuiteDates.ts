// The date functions rsuite's components are built with (scripts/vite/rsuiteDates.ts says why): calls go to the
// real ones, which a module that shows a date picker registers before it renders one
// (src/components/dateRange/rsuiteDateFns.ts). Only date pickers call them; a call before that registration is a
// mistake in the console, said plainly (rsuite shows "Error: Invalid date format" for a formatting error).
export interface RsuiteDateFns {
  format(date: Date | number, formatString: string, options?: object): string;
  parse(dateString: string, formatString: string, referenceDate: Date | number, options?: object): Date;
  isValid(date: unknown): boolean;
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
