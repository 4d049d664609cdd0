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

/** `start`/`end` as datetime-local values (yyyy-MM-ddTHH:mm[:ss]). */
export function windowProblem(start: string, end: string, now: Date): WindowProblem {
  if (!start || !end) return 'missing';
  const from = new Date(start).getTime();
  const to = new Date(end).getTime();
  if (Number.isNaN(from) || Number.isNaN(to)) return 'missing';
  if (from >= to) return 'order';
  if (to <= now.getTime()) return 'past';
  if (to - from > MAX_GOVERNANCE_DAYS * 24 * 3600 * 1000) return 'tooLong';
  return null;
}

/** datetime-local value → the contract's DateTime (yyyy-MM-dd HH:mm:ss). */
export function toWireTime(local: string): string {
  const [date, time = '00:00'] = local.split('T');
  return `${date} ${time.length === 5 ? `${time}:00` : time.slice(0, 8)}`;
}

/** The contract's DateTime → a datetime-local value. */
export function fromWireTime(wire: string): string {
  return wire.replace(' ', 'T');
}
