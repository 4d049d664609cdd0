// The call helpers screens use: `api.post('/user/queryUserList', { body })` answers the envelope's `data` or a
// typed failure, with the contract's generated types flowing through (path, params, body, data). The §7/§8 rules
// (address, token, messages, session expiry, overlay) are the middleware's; these only unwrap and flag.
import { type Client, type FetchOptions, type HeadersOptions, mergeHeaders } from 'openapi-fetch';
import type { FilterKeys, PathsWithMethod, RequiredKeysOf, SuccessResponseJSON } from 'openapi-typescript-helpers';
import { ApiFailure, type ApiResult } from './failure.ts';
import { LOADING_HEADER, QUIET_HEADER, serverMessage } from './middleware.ts';
import type { paths } from './schema.gen.ts';

export type HttpVerb = 'get' | 'post' | 'put' | 'delete';

export interface CallOptions {
  /** Show the 'please wait' overlay while the call runs (§7 loading flag). */
  loading?: boolean;
  /** The caller shows failures itself (inline); session expiry is still handled. */
  quiet?: boolean;
}

type Operation<P extends keyof paths, M extends HttpVerb> = Extract<FilterKeys<paths[P], M>, Record<string | number, any>>;

/** The JSON envelope a successful call of `M path` answers. */
export type ResponseBody<P extends keyof paths, M extends HttpVerb> = SuccessResponseJSON<Operation<P, M>>;
/** Its `data`. */
export type ResponseData<P extends keyof paths, M extends HttpVerb> = ResponseBody<P, M> extends { data?: infer D } ? D : undefined;
/** Path and query parameters, body and fetch options of `M path`, plus the console's flags. */
export type CallInit<P extends keyof paths, M extends HttpVerb> = Omit<FetchOptions<Operation<P, M>>, 'parseAs'> & CallOptions;
/** The request body of `M path`. */
export type RequestBody<P extends keyof paths, M extends HttpVerb> = CallInit<P, M> extends { body?: infer B } ? B : never;

type CallArgs<Init> = RequiredKeysOf<Init> extends never ? [init?: Init] : [init: Init];

export type CallMethod<M extends HttpVerb> = <P extends PathsWithMethod<paths, M>>(
  path: P,
  ...init: CallArgs<CallInit<P, M>>
) => Promise<ApiResult<ResponseData<P, M>, ResponseBody<P, M>>>;

export interface CallHelpers {
  get: CallMethod<'get'>;
  post: CallMethod<'post'>;
  put: CallMethod<'put'>;
  delete: CallMethod<'delete'>;
}

/** The flag headers for `options`, merged over the caller's headers (the middleware strips them). */
export function flagHeaders(headers: HeadersOptions | undefined, options: CallOptions): Headers {
  return mergeHeaders(headers, {
    [LOADING_HEADER]: options.loading ? '1' : undefined,
    [QUIET_HEADER]: options.quiet ? '1' : undefined,
  });
}

function numericCode(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** An answer as a result: code 0 (and no `state: false`) is success; anything else a failure with the server's message. */
export function toResult<Data, Body>(answer: { data?: unknown; error?: unknown; response: Response }): ApiResult<Data, Body> {
  const { response } = answer;
  const body = answer.data ?? answer.error;
  const envelope = body && typeof body === 'object' ? (body as { code?: unknown; state?: unknown; data?: unknown }) : null;
  const code = numericCode(envelope?.code);
  if (response.ok && envelope?.state !== false && (code === 0 || (code === null && envelope?.code === undefined))) {
    const data = envelope && 'code' in envelope ? envelope.data : body;
    return { ok: true, data: data as Data, body: body as Body };
  }
  const status = response.status;
  const message = serverMessage(body) || `HTTP ${status} ${response.statusText}`.trim();
  const kind = code === 401 || status === 401 || status === 402 ? 'expired' : response.ok ? 'business' : 'http';
  return { ok: false, failure: new ApiFailure(code ?? status, message, kind, status, envelope?.data ?? null) };
}

/** A thrown call (the middleware's connection failure, or the caller's abort) as a result. */
export function thrownResult(error: unknown): { ok: false; failure: ApiFailure } {
  if (error instanceof ApiFailure) return { ok: false, failure: error };
  const aborted = (error as { name?: unknown } | null)?.name === 'AbortError';
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, failure: new ApiFailure(0, message, aborted ? 'aborted' : 'network', 0) };
}

type RawAnswer = { data?: unknown; error?: unknown; response: Response };

export function createCallHelpers(client: Client<paths>): CallHelpers {
  // The typed signatures are CallMethod's; inside, the path is just a string.
  const request = client.request as (method: string, path: string, init: object) => Promise<RawAnswer>;
  const call = (method: HttpVerb) =>
    (async (path: string, init: CallOptions & { headers?: HeadersOptions } = {}) => {
      const { loading = false, quiet = false, headers, ...rest } = init;
      try {
        return toResult(await request(method, path, { ...rest, headers: flagHeaders(headers, { loading, quiet }) }));
      } catch (error) {
        return thrownResult(error);
      }
    }) as CallMethod<never>;
  return { get: call('get'), post: call('post'), put: call('put'), delete: call('delete') } as CallHelpers;
}
