// Small helpers shared by the administration handlers: not-found errors, unique-key races, LIKE patterns, paging.
import { ApiError } from '../../http/apiError.ts';
import type { MessageKey } from '../../http/messages.ts';

export function notFound(entity: MessageKey, id: number | string): ApiError {
  return new ApiError(404, 'notFound.record', { entity, id });
}

/** A PostgreSQL unique-constraint violation (two requests raced past the duplicate check). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/** A LIKE/ILIKE pattern matching `text` anywhere, with the wildcard characters in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Optional text as the API shows it: empty when not set. */
export function text(value: string | null | undefined): string {
  return value ?? '';
}

/** Optional text as it is stored: absent or empty is not set. */
export function optional(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

export function pageResult<T>(list: T[], total: number | string | bigint, page: { pageNo: number; pageSize: number }) {
  return { list, total: Number(total), pageNo: page.pageNo, pageSize: page.pageSize };
}
