// What the request-layer tests share: fetch answered by the test (recording each request as sent), JSON answers,
// an in-memory storage, and the zh-CN texts of the errors catalogue.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestMessage } from '../../src/api/middleware.ts';

export const PAGE_ORIGIN = 'http://console.example:8080';

export const wire = {
  reply: (_request: Request): Response | Promise<Response> => new Response(null, { status: 204 }),
  seen: [] as Request[],
};

// The client looks fetch up per call (src/api/client.ts), so installing it here is enough.
globalThis.fetch = (async (input: Request) => {
  wire.seen.push(input);
  return wire.reply(input);
}) as typeof fetch;

export const json = (body: unknown, status = 200, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

export function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

const catalogue = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/i18n/zh-CN/errors.json'), 'utf8')) as {
  request: Record<string, string>;
};

/** The zh-CN text of a request message, interpolated like i18next does. */
export function zhText({ key, ...values }: RequestMessage): string {
  return catalogue.request[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String((values as Record<string, unknown>)[name] ?? ''));
}
