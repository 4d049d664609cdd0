// The typed API client: one openapi-fetch client over the generated contract types, with the §7/§8 rules
// installed as middleware at boot. Screens call `api.post('/user/queryUserList', { body })` (the envelope's data or
// a typed failure) or `downloadFile(path, body, name)` (download.ts), and never build URLs or read tokens.
// `api.GET/POST/PUT/DELETE` are openapi-fetch's own methods (raw answers), for the rare caller that needs them.
import createClient, { type Middleware } from 'openapi-fetch';
import { takeEarlyAnswer } from './earlyAnswers.ts';
import { createApiMiddleware, type MiddlewareDeps } from './middleware.ts';
import { createCallHelpers } from './request.ts';
import type { paths } from './schema.gen.ts';

export { ApiFailure, type ApiFailureKind, type ApiResult, orThrow } from './failure.ts';
export type { CallOptions, RequestBody, ResponseBody, ResponseData } from './request.ts';

/**
 * The client builds every request against this placeholder origin; the middleware then re-targets it by the
 * §7 rules (base address from the runtime config, or none), so those rules live in one place.
 */
export const CLIENT_ORIGIN = 'http://argus.invalid';

/**
 * openapi-fetch glues the base address before every path; an absolute address (the baidu map calls of §7) must
 * stay as written, so it is taken back off here and the middleware then leaves the address alone.
 */
class ClientRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const written = typeof input === 'string' && input.startsWith(CLIENT_ORIGIN) ? input.slice(CLIENT_ORIGIN.length) : null;
    super(written && /^[a-z][a-z\d+.-]*:\/\//i.test(written) ? written : input, init);
  }
}

// fetch is looked up per call, so whatever the page (or a test) installs as fetch later is used.
const send = (request: Request) => globalThis.fetch(request);
const client = createClient<paths>({
  baseUrl: CLIENT_ORIGIN,
  credentials: 'include',
  Request: ClientRequest,
  // The session's first calls may have been asked for before this code arrived (src/earlyRequests.ts).
  fetch: (request) => takeEarlyAnswer(request, send) ?? send(request),
});

export const api = Object.assign(client, createCallHelpers(client));

let installed: Middleware | null = null;

export function installApiMiddleware(deps: MiddlewareDeps): void {
  if (installed) client.eject(installed);
  installed = createApiMiddleware(CLIENT_ORIGIN, deps);
  client.use(installed);
}

type DownloadFile = (typeof import('./download.ts'))['downloadFile'];

/**
 * POSTs an export and saves the file (§7 blob exports): `downloadFile('/operation/log/export', filters, '操作日志.xlsx')`.
 * The saving code loads on the first export, so the first screen does not carry it.
 */
export const downloadFile: DownloadFile = (...args) => import('./download.ts').then((module) => module.downloadFile(...args));
