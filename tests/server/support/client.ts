// Calls the server in-process (fastify inject) the way the console does: JSON, `token` header, language.
import type { FastifyInstance } from 'fastify';

export interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
  [extra: string]: unknown;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  form?: Record<string, string | number>;
  query?: Record<string, string | number>;
  lang?: 'zh' | 'en';
}

export async function call<T = any>(app: FastifyInstance, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { 'accept-language': options.lang === 'en' ? 'en-US,en' : 'zh-CN,zh' };
  if (options.token) headers.token = options.token;
  let payload: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(Object.entries(options.form).map(([k, v]) => [k, String(v)])).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  const url = `/api${path}${options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : ''}`;
  const res = await app.inject({ method: method as 'GET', url, headers, payload });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, json: safeJson<T>(res.body) };
}

function safeJson<T>(text: string): Envelope<T> {
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    return { code: -1, msg: text, data: undefined as T };
  }
}

export const ADMIN = { username: 'admin', password: 'Argus@2026' };
export const OPERATOR = { username: 'operator', password: 'Operator@2026' };

export async function login(app: FastifyInstance, who: { username: string; password: string } = ADMIN): Promise<string> {
  const res = await call(app, 'POST', '/user/login', { body: who });
  if (res.json.code !== 0) throw new Error(`login failed: ${res.json.msg}`);
  return res.json.token as string;
}
