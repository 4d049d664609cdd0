// Sign-in is rate limited (on top of the per-name lockout): per client address before the body is read, and per
// account name once it is. @fastify/rate-limit keeps the counts in memory, so each server instance limits on its
// own. Beyond a limit: HTTP 429, the envelope code 429, and Retry-After in seconds.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { ApiError } from './apiError.ts';

/** The operations that check a password or exchange a sign-in code (public, so the only brake an attacker meets). */
export const SIGN_IN_OPERATIONS = new Set(['login', 'loginExclusive', 'thirdLogin']);

export interface SignInLimits {
  perAddress: number;
  perAccount: number;
  windowMs: number;
}

type Check = (req: FastifyRequest) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>;

export async function registerSignInLimits(app: FastifyInstance, config: ServerConfig) {
  const limits = config.signInLimits;
  await app.register(rateLimit, { global: false });
  const byAddress = app.createRateLimit({ max: limits.perAddress, timeWindow: limits.windowMs, keyGenerator: (req) => `address:${req.ip}` });
  const byAccount = app.createRateLimit({
    max: limits.perAccount,
    timeWindow: limits.windowMs,
    keyGenerator: (req) => `account:${accountName(req.body)}`,
  });
  const enforce = async (check: Check, req: FastifyRequest, reply: FastifyReply) => {
    const result = await check(req);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', String(seconds));
    throw new ApiError(429, 'auth.rateLimited', { seconds }, null, 429);
  };
  app.addHook('onRoute', (route) => {
    const operationId = route.config?.operationId;
    if (!operationId || !SIGN_IN_OPERATIONS.has(operationId)) return;
    route.onRequest = [...asArray(route.onRequest), (req, reply) => enforce(byAddress, req, reply)];
    if (operationId !== 'thirdLogin') {
      route.preHandler = [...asArray(route.preHandler), (req, reply) => enforce(byAccount, req, reply)];
    }
  });
}

function accountName(body: unknown): string {
  const name = (body as { username?: unknown } | null)?.username;
  return typeof name === 'string' ? name : '';
}

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
