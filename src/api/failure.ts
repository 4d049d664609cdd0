// What a call that did not succeed tells its caller. The middleware has already shown the user why (§8);
// the caller decides what happens next (keep a dialog open, show an inline error, go back).

/**
 * - business: the server answered the envelope with a non-zero code (or `state: false`)
 * - expired:  the session is over (business 401, HTTP 401/402, the `unLogin` body); the session machine redirects
 * - http:     an HTTP failure without a business answer (404 'service abnormal', 5xx from a proxy, …)
 * - network:  the call never reached the server ('connecting to the server failed')
 * - aborted:  the caller cancelled it (nothing is shown)
 */
export type ApiFailureKind = 'business' | 'expired' | 'http' | 'network' | 'aborted';

export class ApiFailure extends Error {
  /** The business code (or the HTTP status when there was no envelope; 0 when nothing was answered). */
  readonly code: number;
  readonly kind: ApiFailureKind;
  /** The HTTP status (0 when nothing was answered). */
  readonly status: number;
  /** The envelope's `data` of a refusal, when it carries one (a busy server's `retryAfter`). */
  readonly data: unknown;

  constructor(code: number, message: string, kind: ApiFailureKind = 'business', status = 200, data: unknown = null) {
    super(message);
    this.name = 'ApiFailure';
    this.code = code;
    this.kind = kind;
    this.status = status;
    this.data = data;
  }
}

/** A call's outcome: the envelope's `data` (and the whole body, for the top-level login fields), or why not. */
export type ApiResult<Data, Body = unknown> = { ok: true; data: Data; body: Body } | { ok: false; failure: ApiFailure };

/** The data of a successful result, or the failure thrown (for machines' promise actors and other throwing code). */
export async function orThrow<Data>(pending: Promise<ApiResult<Data, unknown>> | ApiResult<Data, unknown>): Promise<Data> {
  const result = await pending;
  if (!result.ok) throw result.failure;
  return result.data;
}
