// Registers one route per contract operation: parameters and bodies validated with the contract's schemas,
// access checked (token, module permission), the handler's answer wrapped in the envelope, mutations logged.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { userFromToken } from '../auth/sessionGuard.ts';
import { ApiError } from '../http/apiError.ts';
import { asClientError } from '../http/clientErrors.ts';
import { type AppServices, EnvelopeReply, FileReply, type HandlerContext, type HandlerMap, type SessionUser } from '../http/handler.ts';
import { pickLang, translate } from '../http/messages.ts';
import { writeOperationLog } from '../http/operationLog.ts';
import { type Contract, type ContractOperation, type ContractParameter, externalRefId } from './loadContract.ts';

export const API_PREFIX = '/api';
/** §7: these paths are called without the base address, so the server also answers them at the bare path. */
export const BARE_PATH = /verifyBigSdk|verifyEvent|recognize|evaluate|deepseek/;
export const SCHEMA_ID = 'contract';

export function registerOperations(app: FastifyInstance, contract: Contract, handlers: HandlerMap, services: AppServices) {
  // Schema files first: the contract's definitions $ref them.
  for (const [id, schema] of Object.entries(contract.externalSchemas)) {
    const { $schema: _draft, ...body } = rewriteRefs(schema);
    app.addSchema({ ...body, $id: id });
  }
  app.addSchema({ $id: SCHEMA_ID, type: 'object', definitions: rewriteRefs(contract.schemas) });
  for (const operation of contract.operations) {
    const handler = handlers[operation.operationId] ?? notImplemented;
    const schema = sharedRouteSchema(operation);
    const urls = [API_PREFIX + toRouterPath(operation.path)];
    if (BARE_PATH.test(operation.path)) urls.push(toRouterPath(operation.path));
    for (const url of urls) {
      const route: RouteOptions = {
        method: operation.method as RouteOptions['method'],
        url,
        schema,
        // Read by hooks that apply to some operations only (the sign-in rate limit).
        config: { operationId: operation.operationId, bodyTypes: operation.body ? Object.keys(operation.body.content) : undefined },
        // Access is checked before the body is parsed or validated: an anonymous caller learns nothing more.
        onRequest: async (req) => {
          req.sessionUser = await authenticate(req, operation, services);
        },
        // An absent JSON body is validated as {} so a missing field is reported by name.
        preValidation: async (req) => {
          if (req.body == null && schema.body) req.body = {};
        },
        handler: (req, reply) => runOperation(req, reply, operation, handler, services),
      };
      app.route(route);
    }
  }
}

/** Route schemas by their text: the same schema is the same object in every app of the process (see app.ts). */
const routeSchemas = new Map<string, ReturnType<typeof routeSchema>>();

function sharedRouteSchema(operation: ContractOperation): ReturnType<typeof routeSchema> {
  const schema = routeSchema(operation);
  const key = JSON.stringify(schema);
  const known = routeSchemas.get(key);
  if (known) return known;
  routeSchemas.set(key, schema);
  return schema;
}

async function notImplemented(ctx: HandlerContext): Promise<never> {
  throw new ApiError(501, 'notImplemented', { operation: ctx.operation.operationId, area: ctx.operation.tag });
}

async function runOperation(
  req: FastifyRequest,
  reply: FastifyReply,
  operation: ContractOperation,
  handler: HandlerMap[string],
  services: AppServices,
) {
  const started = performance.now();
  const lang = pickLang(req.headers['accept-language']);
  const ip = req.ip;
  let user = req.sessionUser ?? null;
  // The operation log is written before the answer leaves, so a caller that reads the log next finds the entry.
  const log = async (code: number, msg: string, msgKey?: string, msgParams?: Record<string, unknown>) => {
    // Box ingest (x-box-auth) is machine traffic at up to hundreds of calls a second: its record is the alarm
    // itself, and logging it would bury the users' operations.
    const boxTraffic = operation.access.kind === 'public' && operation.access.boxAuth;
    if (operation.readOnly || code === 401 || boxTraffic) return;
    await writeOperationLog(services.db, {
      userId: user?.id || null,
      username: user?.username || loginName(req.body),
      operationId: operation.operationId,
      summary: operation.summary,
      method: operation.method,
      path: operation.path,
      params: req.body && typeof req.body === 'object' && !isMultipart(req) ? req.body : req.query,
      code,
      msg,
      msgKey,
      msgParams,
      ip,
      durationMs: performance.now() - started,
    }).catch((err) => req.log.error({ err }, 'operation log write failed'));
  };
  const ctx: HandlerContext = {
    services,
    db: services.db,
    req,
    reply,
    operation,
    user,
    lang,
    body: req.body,
    query: req.query,
    params: req.params,
    ip,
  };
  let result: unknown;
  try {
    result = await handler(ctx);
  } catch (thrown) {
    const error = asClientError(thrown);
    if (!error) {
      await log(500, translate(lang, 'internal'), 'internal');
      throw thrown;
    }
    const msg = translate(lang, error.key, error.params);
    await log(error.code, msg, error.key, error.params);
    return reply.status(error.httpStatus).send({ code: error.code, msg, data: error.data ?? null });
  }
  const msg = translate(lang, 'ok');
  if (result instanceof EnvelopeReply) {
    const who = result.extra.userinfo as { id?: number; username?: string } | undefined;
    if (who && !user) user = { id: who.id ?? 0, username: who.username ?? '', roleId: 0, modules: new Set(), tokenHash: '' };
  }
  await log(0, msg, 'ok');
  if (reply.sent) return reply;
  if (result instanceof FileReply) {
    return reply
      .header('content-type', result.contentType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(result.fileName)}`)
      .send(result.body);
  }
  if (result instanceof EnvelopeReply) return reply.send({ code: 0, msg, ...result.extra, data: result.data });
  return reply.send({ code: 0, msg, data: result ?? null });
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** The contract operation a route serves, and its body content types. */
    operationId?: string;
    bodyTypes?: string[];
  }
}

async function authenticate(req: FastifyRequest, operation: ContractOperation, services: AppServices) {
  if (operation.access.kind === 'public') return null;
  const token = req.headers.token;
  const user = await userFromToken(services.db, Array.isArray(token) ? token[0] : token);
  if (!user) throw new ApiError(401, 'auth.required');
  if (operation.access.kind === 'permission' && !operation.access.modules.some((m) => user.modules.has(m))) {
    const lang = pickLang(req.headers['accept-language']);
    const error = new ApiError(403, 'auth.forbidden', { module: operation.access.modules.join(' | ') });
    // Refusals are part of the audit trail.
    await writeOperationLog(services.db, {
      userId: user.id,
      username: user.username,
      operationId: operation.operationId,
      summary: operation.summary,
      method: operation.method,
      path: operation.path,
      params: undefined,
      code: 403,
      msg: translate(lang, error.key, error.params),
      msgKey: error.key,
      msgParams: error.params,
      ip: req.ip,
      durationMs: 0,
    });
    throw error;
  }
  return user;
}

function isMultipart(req: FastifyRequest): boolean {
  return String(req.headers['content-type'] ?? '').startsWith('multipart/');
}

function loginName(body: unknown): string | null {
  const name = (body as { username?: unknown } | null)?.username;
  return typeof name === 'string' ? name : null;
}

export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function routeSchema(op: ContractOperation): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  const group = (where: ContractParameter['in']) => {
    const params = op.parameters.filter((p) => p.in === where);
    if (params.length === 0) return undefined;
    return {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [where === 'header' ? p.name.toLowerCase() : p.name, rewriteRefs(p.schema)])),
      required: params.filter((p) => p.required).map((p) => (where === 'header' ? p.name.toLowerCase() : p.name)),
    };
  };
  const querystring = group('query');
  const params = group('path');
  if (querystring) schema.querystring = querystring;
  if (params) schema.params = params;
  if (op.body) {
    const validated = Object.entries(op.body.content).filter(([type, s]) => s && !type.startsWith('multipart/'));
    if (validated.length === 1) schema.body = rewriteRefs(validated[0][1]);
    else if (validated.length > 1) {
      schema.body = { content: Object.fromEntries(validated.map(([type, s]) => [type, { schema: rewriteRefs(s) }])) };
    }
  }
  return schema;
}

/**
 * Contract refs (#/components/schemas/X) point into the shared schema registered under SCHEMA_ID; refs to schema
 * files (../schemas/x.schema.json#/definitions/Y) into the file registered under its id; a file's own refs
 * (#/definitions/Y) stay relative to that file.
 */
export function rewriteRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rewriteRefs) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        out[k] = `${SCHEMA_ID}#/definitions/${v.slice('#/components/schemas/'.length)}`;
      } else if (k === '$ref' && typeof v === 'string' && !v.startsWith('#')) {
        out[k] = externalRefId(v);
      } else if (k === 'examples' || k === 'example' || k.startsWith('x-')) {
        // documentation only
      } else out[k] = rewriteRefs(v);
    }
    return out as T;
  }
  return value;
}
