// The client-side checks of the box drawer, before anything is sent (the server checks the same and answers
// 400/413/415): a work-clothes picture is a jpg/png of at most 5 MB; a governance window starts before it ends,
// ends in the future and lasts at most 15 days.
export const MAX_WORK_CLOTHES_BYTES = 5 * 1024 * 1024;
export const MAX_GOVERNANCE_DAYS = 15;
const IMAGE_NAME = /\.(jpe?g|png)$/i;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);

export type PictureProblem = 'type' | 'size' | null;

export function pictureProblem(file: { name: string; type: string; size: number }): PictureProblem {
  // Some systems give no MIME type; the extension then decides (the server checks the content anyway).
  const typeOk = file.type ? IMAGE_TYPES.has(file.type) : IMAGE_NAME.test(file.name);
  if (!typeOk || !IMAGE_NAME.test(file.name)) return 'type';
  if (file.size > MAX_WORK_CLOTHES_BYTES) return 'size';
  return null;
}

export type WindowProblem = 'missing' | 'order' | 'past' | 'tooLong' | null;

/** The window as the date pickers give it. */
export function windowProblem(start: Date | null, end: Date | null, now: Date): WindowProblem {
  if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return 'missing';
  const from = start.getTime();
  const to = end.getTime();
  if (from >= to) return 'order';
  if (to <= now.getTime()) return 'past';
  if (to - from > MAX_GOVERNANCE_DAYS * 24 * 3600 * 1000) return 'tooLong';
  return null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A picked time → the contract's DateTime (yyyy-MM-dd HH:mm:ss, local time). */
export function toWireTime(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** The contract's DateTime → the picker's value (null when it does not read as one). */
export function fromWireTime(wire: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(wire);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  return new Date(year, month - 1, day, hour, minute, second);
}
