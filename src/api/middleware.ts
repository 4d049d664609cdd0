// The rules every call follows (spec §7 general behaviour) and the error catalogue of §8, as openapi-fetch
// middleware: where a call goes, its token and language headers, the loading overlay, and what each kind of
// answer means for the user and the session. Pure: effects (session, messages, overlay) come in as `deps`.
import type { Middleware } from 'openapi-fetch';
import { ApiFailure } from './failure.ts';

/** Paths containing one of these go straight to the origin with a JSON content type (§7). */
export const DIRECT_PATH_MARKERS = ['verifyBigSdk', 'verifyEvent', 'recognize', 'evaluate', 'deepseek'] as const;
/** Paths containing this are sent exactly as written (third-party map service). */
export const UNCHANGED_PATH_MARKER = 'baidu';

/** Calls whose failures the caller shows itself (§8: login with a non-zero code returns the result to the caller). */
export const CALLER_HANDLES_FAILURE = new Set(['/user/login', '/user/login2']);

/** Request flags, set by the call helpers (request.ts) and removed before the request leaves the browser. */
export const LOADING_HEADER = 'x-loading';
export const QUIET_HEADER = 'x-quiet';

/** The body some servers answer instead of an envelope when the session is gone (§8). */
export const UNLOGIN_BODY = 'unLogin';

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

/** The texts the rules show, in the user's language (the caller translates). */
export type RequestMessage =
  | { key: 'connectionFailed' }
  | { key: 'loginTimedOut' }
  | { key: 'serviceAbnormal'; statusText: string }
  | { key: 'httpFailed'; status: number; statusText: string }
  /** A successful HTTP answer whose body is not the JSON the call expects (a proxy's or a filter's page). */
  | { key: 'notAnEnvelope'; status: number; contentType: string };

export type NoticeTone = 'error' | 'warning';

export type AnswerOutcome =
  | { kind: 'ok' }
  /** The session is over: show `message`, forget the session, go to login after 1.5 s. */
  | { kind: 'expired'; code: number; message: string; tone: NoticeTone }
  /** Show `message` as an error (unless the caller shows it itself). */
  | { kind: 'failed'; code: number; message: string };

export interface Answer {
  status: number;
  statusText: string;
  /** The parsed JSON, or the text when it is not JSON; undefined when not read (files). */
  body: unknown;
  /** The call expects a JSON envelope (openapi-fetch's parseAs 'json'), not a file. */
  expectsJson?: boolean;
  /** The answer's Content-Type (lower case), for the message about a body that is not JSON. */
  contentType?: string;
  /** The body was read but is not JSON. */
  notJson?: boolean;
}

type EnvelopeLike = { code?: unknown; msg?: unknown; codeMsg?: unknown; state?: unknown; data?: unknown };

function envelopeOf(body: unknown): EnvelopeLike | null {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as EnvelopeLike) : null;
}

/** The server's message: `msg`, or `codeMsg` (§7 response fields). */
export function serverMessage(body: unknown): string {
  const envelope = envelopeOf(body);
  if (typeof envelope?.msg === 'string' && envelope.msg) return envelope.msg;
  if (typeof envelope?.codeMsg === 'string' && envelope.codeMsg) return envelope.codeMsg;
  return '';
}

function numericCode(code: unknown): number | null {
  if (typeof code === 'number') return code;
  if (typeof code === 'string' && code.trim() !== '' && Number.isFinite(Number(code))) return Number(code);
  return null;
}

/** What an answer means (§8), in rule order: the unLogin body, HTTP 401/402, HTTP 404, the envelope, other HTTP failures. */
export function classifyAnswer(answer: Answer, text: (message: RequestMessage) => string): AnswerOutcome {
  const { status, statusText, body } = answer;
  if (typeof body === 'string' && body.trim() === UNLOGIN_BODY) {
    return { kind: 'expired', code: 401, message: text({ key: 'loginTimedOut' }), tone: 'error' };
  }
  if (status === 401 || status === 402) {
    return { kind: 'expired', code: status, message: serverMessage(body) || text({ key: 'loginTimedOut' }), tone: 'warning' };
  }
  // HTTP/2 answers carry no status text: the status stands in for it.
  if (status === 404) return { kind: 'failed', code: 404, message: text({ key: 'serviceAbnormal', statusText: statusText || String(status) }) };
  const envelope = envelopeOf(body);
  const code = numericCode(envelope?.code);
  const httpFailure = () => text({ key: 'httpFailed', status, statusText });
  if (code === 401) return { kind: 'expired', code, message: serverMessage(body) || text({ key: 'loginTimedOut' }), tone: 'warning' };
  if ((code !== null && code !== 0) || envelope?.state === false) {
    return { kind: 'failed', code: code ?? 0, message: serverMessage(body) || httpFailure() };
  }
  if (status < 200 || status >= 300) return { kind: 'failed', code: status, message: serverMessage(body) || httpFailure() };
  // A 2xx page where an envelope was expected: say so in words instead of letting the JSON parser fail.
  if (answer.expectsJson && answer.notJson) {
    return { kind: 'failed', code: status, message: text({ key: 'notAnEnvelope', status, contentType: answer.contentType || '-' }) };
  }
  return { kind: 'ok' };
}

export interface LoadingSignal {
  start(): void;
  end(): void;
}

export interface MiddlewareDeps {
  /** The runtime config's base address (read per call: config.json loads after the client is created). */
  baseUrl(): string;
  /** The page's origin, to make the re-targeted address absolute. */
  origin(): string;
  token(): string | null;
  language(): string;
  /** The session is over (unLogin body, business 401, HTTP 401/402): the session machine shows `message` and redirects. */
  onExpired(message: string, tone: NoticeTone): void;
  notifyError(message: string): void;
  text(message: RequestMessage): string;
  /** The loading overlay's counter (calls made with the loading flag). */
  loading: LoadingSignal;
}

/** The path and query of a request the client built against `clientOrigin`. */
export function requestPath(request: Request, clientOrigin: string): string {
  return request.url.startsWith(clientOrigin) ? request.url.slice(clientOrigin.length) : request.url;
}

/**
 * The request as it goes out: re-targeted by the path rules, with the token and language headers, without the
 * console's own flag headers. Built from the original's parts with its body read into a Blob: `new Request(url,
 * oldRequest)` would turn the body into a stream, and Chromium refuses streamed uploads over HTTP/1.1.
 */
export async function prepareRequest(request: Request, clientOrigin: string, deps: MiddlewareDeps): Promise<Request> {
  const path = requestPath(request, clientOrigin);
  const target = new URL(resolveRequestUrl(path, deps.baseUrl()), deps.origin());
  const headers = new Headers(request.headers);
  headers.delete(LOADING_HEADER);
  headers.delete(QUIET_HEADER);
  const token = deps.token();
  if (token) headers.set('token', token);
  else headers.delete('token');
  headers.set('Accept-Language', deps.language());
  // Uploads keep their multipart type (and boundary); everything else on a direct path is JSON.
  const type = headers.get('Content-Type') ?? '';
  if (pathRule(path) === 'direct' && !type.startsWith('multipart/')) headers.set('Content-Type', 'application/json');
  // The same class as the original: openapi-fetch accepts only its own Request class back from middleware.
  const RequestClass = request.constructor as typeof Request;
  return new RequestClass(target, {
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

/** At most this many bytes of a file answer are looked at for the unLogin body (with room for whitespace). */
export const UNLOGIN_PEEK_BYTES = 64;

/** The whole text of a stream if it is at most `limit` bytes, else null (the rest is not read). */
async function smallText(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<string | null> {
  if (!stream) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) return null;
      chunks.push(value);
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Reads what the rules need, whatever the content type (§8: a body equal to unLogin ends the session — a servlet
 * filter typically sends it as text/html). A call expecting JSON is read whole and parsed when it parses; a file
 * call is looked at only when it is a JSON envelope or tiny (the unLogin body), so downloads stay unread.
 */
export async function readAnswer(response: Response, expectsJson: boolean): Promise<Answer> {
  const contentType = (response.headers.get('Content-Type') ?? '').toLowerCase();
  const base = { status: response.status, statusText: response.statusText, expectsJson, contentType };
  const fileCall = !expectsJson && !contentType.includes('json');
  const raw = fileCall
    ? await smallText(response.clone().body, UNLOGIN_PEEK_BYTES).catch(() => null)
    : await response
        .clone()
        .text()
        .catch(() => '');
  if (raw === null) return { ...base, body: undefined };
  if (fileCall) return { ...base, body: raw.trim() === UNLOGIN_BODY ? raw : undefined };
  if (raw.trim() === '') return { ...base, body: raw };
  try {
    return { ...base, body: JSON.parse(raw) };
  } catch {
    return { ...base, body: raw, notJson: true };
  }
}

/** A failure answered as the envelope every caller reads: the original fields, with the code and message the user saw. */
function normalisedFailure(response: Response, answer: Answer, outcome: Exclude<AnswerOutcome, { kind: 'ok' }>): Response {
  const envelope = envelopeOf(answer.body) ?? {};
  const body = { ...envelope, code: outcome.code, msg: outcome.message, data: envelope.data ?? null };
  return new Response(JSON.stringify(body), {
    status: response.status,
    statusText: response.statusText,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

export function createApiMiddleware(clientOrigin: string, deps: MiddlewareDeps): Middleware {
  // Per call (by openapi-fetch's request id): whether it holds the overlay and whether its failures are the caller's.
  const calls = new Map<string, { loading: boolean; quiet: boolean }>();
  const finish = (id: string, schemaPath: string) => {
    const call = calls.get(id);
    calls.delete(id);
    if (call?.loading) deps.loading.end();
    return { quiet: Boolean(call?.quiet) || CALLER_HANDLES_FAILURE.has(schemaPath) };
  };

  return {
    async onRequest({ request, id }) {
      const loading = request.headers.has(LOADING_HEADER);
      const quiet = request.headers.has(QUIET_HEADER);
      const prepared = await prepareRequest(request, clientOrigin, deps);
      calls.set(id, { loading, quiet });
      if (loading) deps.loading.start();
      return prepared;
    },
    async onResponse({ response, schemaPath, id, options }) {
      const { quiet } = finish(id, schemaPath);
      const answer = await readAnswer(response, (options.parseAs ?? 'json') === 'json');
      const outcome = classifyAnswer(answer, deps.text);
      if (outcome.kind === 'ok') return undefined;
      if (outcome.kind === 'expired') deps.onExpired(outcome.message, outcome.tone);
      else if (!quiet) deps.notifyError(outcome.message);
      return normalisedFailure(response, answer, outcome);
    },
    // onResponse is skipped when fetch throws: the overlay's counter must come down here too.
    onError({ error, schemaPath, id }) {
      const { quiet } = finish(id, schemaPath);
      if (isAbort(error)) return undefined;
      const message = deps.text({ key: 'connectionFailed' });
      if (!quiet) deps.notifyError(message);
      return new ApiFailure(0, message, 'network', 0);
    },
  };
}
