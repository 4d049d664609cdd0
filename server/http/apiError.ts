// A business error: a non-zero envelope code and a message key with its parameters.
import type { MessageKey } from './messages.ts';

export type BusinessCode = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 423 | 429 | 500 | 501 | 507;

export class ApiError extends Error {
  readonly code: BusinessCode;
  readonly key: MessageKey;
  readonly params: Record<string, unknown>;
  readonly data: unknown;
  /** The HTTP status of the envelope answer: 200 unless the convention names another (429 sign-in limit). */
  readonly httpStatus: number;
  constructor(code: BusinessCode, key: MessageKey, params: Record<string, unknown> = {}, data: unknown = null, httpStatus = 200) {
    super(key);
    this.code = code;
    this.key = key;
    this.params = params;
    this.data = data;
    this.httpStatus = httpStatus;
  }
}

/** A raw error message already in the caller's language (validation messages are built per field). */
export class ApiMessageError extends Error {
  readonly code: BusinessCode;
  constructor(code: BusinessCode, message: string) {
    super(message);
    this.code = code;
  }
}
