// The request rules every call follows (spec §7 general behaviour) and the session/error rules of §8 that the
// console foundation needs: base address, token header, business 401 → session expired, other non-zero codes
// → the server's message as an error, connection failures → one message. Pure: effects come in as `deps`.
import type { Middleware } from 'openapi-fetch';

/** Paths containing one of these go straight to the origin with a JSON content type (§7). */
export const DIRECT_PATH_MARKERS = ['verifyBigSdk', 'verifyEvent', 'recognize', 'evaluate', 'deepseek'] as const;
/** Paths containing this are sent exactly as written (third-party map service). */
export const UNCHANGED_PATH_MARKER = 'baidu';

/** Calls whose failures the caller shows itself (§8: login with a non-zero code returns the result to the caller). */
export const CALLER_HANDLES_FAILURE = new Set(['/user/login', '/user/login2']);

export type PathRule = 'direct' | 'unchanged' | 'prefixed';

export function pathRule(path: string): PathRule {
  if (path.includes(UNCHANGED_PATH_MARKER)) return 'unchanged';
  if (DIRECT_PATH_MARKERS.some((marker) => path.includes(marker))) return 'direct';
  return 'prefixed';
}

/** Where a call to `path` (as the contract names it, with its query) is sent. */
export function resolveRequestUrl(path: string, baseUrl: string): string {
  return pathRule(path) === 'prefixed' ? `${baseUrl.replace(/\/+$/, '')}${path}` : path;
}

export type EnvelopeOutcome = { kind: 'ok' } | { kind: 'expired'; message: string } | { kind: 'failed'; message: string };

/** What a response body means for the session and the user (non-envelope bodies are left to the caller). */
export function classifyEnvelope(body: unknown): EnvelopeOutcome {
  if (!body || typeof body !== 'object' || !('code' in body)) return { kind: 'ok' };
  const { code, msg, codeMsg } = body as { code: unknown; msg?: unknown; codeMsg?: unknown };
  if (code === 0 || code === '0') return { kind: 'ok' };
  const message = typeof msg === 'string' && msg ? msg : typeof codeMsg === 'string' ? codeMsg : '';
  if (code === 401 || code === '401') return { kind: 'expired', message };
  return { kind: 'failed', message };
}

export interface MiddlewareDeps {
  /** The runtime config's base address (read per call: config.json loads after the client is created). */
  baseUrl(): string;
  /** The page's origin, to make the re-targeted address absolute. */
  origin(): string;
  token(): string | null;
  language(): string;
  /** Business code 401: the session machine takes it from here. */
  onExpired(message: string): void;
  notifyError(message: string): void;
  /** The text for a call that never reached the server, in the user's language. */
  connectionFailedMessage(): string;
}

/** The path and query of a request the client built against `clientOrigin`. */
export function requestPath(request: Request, clientOrigin: string): string {
  return request.url.startsWith(clientOrigin) ? request.url.slice(clientOrigin.length) : request.url;
}

/**
 * The request as it goes out: re-targeted by the path rules, with the token and language headers.
 * Built from the original's parts with its body read into a Blob: `new Request(url, oldRequest)` would turn the
 * body into a stream, and Chromium refuses streamed uploads over HTTP/1.1 ("connecting to the server failed").
 */
export async function prepareRequest(request: Request, clientOrigin: string, deps: MiddlewareDeps): Promise<Request> {
  const path = requestPath(request, clientOrigin);
  const target = new URL(resolveRequestUrl(path, deps.baseUrl()), deps.origin());
  const headers = new Headers(request.headers);
  const token = deps.token();
  if (token) headers.set('token', token);
  else headers.delete('token');
  headers.set('Accept-Language', deps.language());
  // Uploads keep their multipart type (and boundary); everything else on a direct path is JSON.
  const type = headers.get('Content-Type') ?? '';
  if (pathRule(path) === 'direct' && !type.startsWith('multipart/')) headers.set('Content-Type', 'application/json');
  return new Request(target, {
    method: request.method,
    headers,
    body: request.body === null ? undefined : await request.blob(),
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrerPolicy: request.referrerPolicy,
    integrity: request.integrity,
    keepalive: request.keepalive,
    signal: request.signal,
  });
}

function isJson(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').includes('json');
}

export function createApiMiddleware(clientOrigin: string, deps: MiddlewareDeps): Middleware {
  return {
    onRequest({ request }) {
      return prepareRequest(request, clientOrigin, deps);
    },
    async onResponse({ response, schemaPath }) {
      if (!isJson(response)) return undefined; // blob downloads are the caller's
      let body: unknown;
      try {
        body = await response.clone().json();
      } catch {
        return undefined;
      }
      const outcome = classifyEnvelope(body);
      if (outcome.kind === 'expired') deps.onExpired(outcome.message);
      else if (outcome.kind === 'failed' && !CALLER_HANDLES_FAILURE.has(schemaPath)) deps.notifyError(outcome.message);
      return undefined;
    },
    onError({ error, schemaPath }) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return undefined;
      const message = deps.connectionFailedMessage();
      if (!CALLER_HANDLES_FAILURE.has(schemaPath)) deps.notifyError(message);
      return new Error(message, { cause: error });
    },
  };
}
