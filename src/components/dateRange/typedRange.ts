// What a date range picker's value means while the user types into it. rsuite's DateRangePicker reports every
// keystroke: an end not typed yet is `undefined`, an end being typed is an Invalid Date, and a year typed as
// "0202" is a real Date in the year 202. Such values must neither reach the filters as times nor be written
// back into the picker (that would clear what is being typed). Pure.

import { formatDateTime, parseDateTime } from '../../domain/validators.ts';

/** The text a filter holds for an end that is being typed: never a time, so the filter's checks refuse it. */
export const INCOMPLETE_TIME = 'incomplete';

export interface DateTexts {
  parse(text: string): Date | null;
  format(date: Date): string;
}

/** The "yyyy-MM-dd HH:mm:ss" texts the filters keep their times in (the contract's DateTime). */
export const DATE_TIME_TEXTS: DateTexts = { parse: parseDateTime, format: formatDateTime };

export interface RangeTexts {
  start: string;
  end: string;
  /** Both ends are whole dates (a range that can be applied as it is). */
  complete: boolean;
}

type RangeValue = readonly (Date | null | undefined)[] | null | undefined;

/** A whole date a text can carry (four-digit year) and that reads back the same. */
function endText(value: Date | null | undefined, texts: DateTexts): string {
  if (value === null || value === undefined) return '';
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return INCOMPLETE_TIME;
  const year = value.getFullYear();
  if (year < 1000 || year > 9999) return INCOMPLETE_TIME;
  const text = texts.format(value);
  return texts.parse(text) ? text : INCOMPLETE_TIME;
}

/** The texts of a picker value: '' for an empty end, INCOMPLETE_TIME for one that is not a whole date yet. */
export function rangeTexts(value: RangeValue, texts: DateTexts): RangeTexts {
  if (!value) return { start: '', end: '', complete: false };
  const start = endText(value[0], texts);
  const end = endText(value[1], texts);
  const whole = (text: string) => text !== '' && text !== INCOMPLETE_TIME;
  return { start, end, complete: whole(start) && whole(end) };
}

/** The picker value of two texts: both ends, or none. */
export function rangeValue(start: string, end: string, texts: DateTexts): [Date, Date] | null {
  const from = texts.parse(start);
  const to = texts.parse(end);
  return from && to ? [from, to] : null;
}
