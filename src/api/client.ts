// The typed API client: one openapi-fetch client over the generated contract types, with the §7/§8 rules
// installed as middleware at boot. Screens call `api.POST('/user/nav')` etc. and never build URLs or read tokens.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema.gen.ts';
import type { Envelope } from './types.ts';
import { createApiMiddleware, type MiddlewareDeps } from './middleware.ts';

/**
 * The client builds every request against this placeholder origin; the middleware then re-targets it by the
 * §7 rules (base address from the runtime config, or none), so those rules live in one place.
 */
export const CLIENT_ORIGIN = 'http://argus.invalid';

export const api = createClient<paths>({ baseUrl: CLIENT_ORIGIN, credentials: 'include' });

let installed: Middleware | null = null;

export function installApiMiddleware(deps: MiddlewareDeps): void {
  if (installed) api.eject(installed);
  installed = createApiMiddleware(CLIENT_ORIGIN, deps);
  api.use(installed);
}

/** A call that reached the server and was refused (non-zero business code). */
export class ApiFailure extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'ApiFailure';
    this.code = code;
  }
}

/** The envelope of a successful call, or an ApiFailure with the server's message. */
export function succeeded<T extends Envelope>(result: { data?: T; error?: unknown; response: Response }): T {
  const body = (result.data ?? result.error) as Partial<Envelope> | undefined;
  if (body && body.code === 0) return body as T;
  const message = typeof body?.msg === 'string' && body.msg ? body.msg : `HTTP ${result.response.status}`;
  throw new ApiFailure(typeof body?.code === 'number' ? body.code : result.response.status, message);
}
