// Times as the console shows them: local "YYYY-MM-DD HH:mm:ss"; sizes in a message ("12 MB").
const pad = (n: number) => String(n).padStart(2, '0');

export function formatTime(date: Date | null | undefined): string | null {
  if (!date) return null;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A local day as YYYYMMDD: the folders of stored files by day, and file names' dates. */
export function dayStamp(date: Date = new Date()): string {
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;
}

export function parseTime(text: string): Date {
  const [d, t = '00:00:00'] = text.split(' ');
  const [y, m, day] = d.split('-').map(Number);
  const [h, min, s] = t.split(':').map(Number);
  return new Date(y, m - 1, day, h, min, s);
}

export interface PageArgs {
  pageNo?: number;
  pageSize?: number;
}

export function pageOf(args: PageArgs) {
  const pageNo = Math.max(1, args.pageNo ?? 1);
  const pageSize = Math.min(500, Math.max(1, args.pageSize ?? 20));
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

/** A byte count as a message names a limit: whole MB from 1 MB, else whole KB. */
export function humanSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
