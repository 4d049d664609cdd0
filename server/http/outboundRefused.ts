// Why the outbound allow-list (outbound.ts) refused a URL: thrown at save time (a 400 naming the field) and by the
// connect-time guard (a delivery log stores it and says it in the reader's language).
import { ApiError } from './apiError.ts';
import type { AddressClass } from './ipAddress.ts';
import { type Lang, type MessageKey, translate } from './messages.ts';

export type RefusalReason = 'badUrl' | 'scheme' | 'address' | 'unresolvable' | 'fileOutsideRoot' | 'fileNotNormalised' | 'noMediaRoot';

export interface RefusalDetail {
  scheme?: string;
  allowed?: string;
  host?: string;
  address?: string;
  addressClass?: AddressClass;
  root?: string;
}

const STORED_PREFIX = 'outbound:';

/** A URL the allow-list refuses (thrown at save time and by the connect-time guard). */
export class OutboundRefused extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  readonly reason: RefusalReason;
  readonly detail: RefusalDetail;
  constructor(reason: RefusalReason, detail: RefusalDetail = {}) {
    super(`refused by the outbound allow-list: ${reason}${detail.host ? ` (${detail.host}${detail.address ? ` = ${detail.address}` : ''})` : ''}`);
    this.reason = reason;
    this.detail = detail;
  }

  private params(field: string): Record<string, unknown> {
    const { addressClass, ...rest } = this.detail;
    return { field, ...rest, ...(addressClass ? { addressClass: `outbound.class.${addressClass}` } : {}) };
  }

  /** The 400 a save path answers, naming the field. */
  toApiError(field: string): ApiError {
    return new ApiError(400, `outbound.${this.reason}` as MessageKey, this.params(field));
  }

  /** The refusal as a delivery log stores it: read back in the reader's language by describeStoredError. */
  toStored(): string {
    return `${STORED_PREFIX}${JSON.stringify({ reason: this.reason, ...this.detail })}`.slice(0, 500);
  }
}

/** A stored error in the reader's language: a stored refusal is said as the allow-list's message, anything else
 *  (an HTTP status, a network error) as it was stored. */
export function describeStoredError(text: string, lang: Lang): string {
  if (!text.startsWith(STORED_PREFIX)) return text;
  try {
    const { reason, ...detail } = JSON.parse(text.slice(STORED_PREFIX.length)) as { reason: RefusalReason } & RefusalDetail;
    const refused = new OutboundRefused(reason, detail).toApiError('outbound.delivery');
    return translate(lang, refused.key, refused.params);
  } catch {
    return text;
  }
}
