// Text the server refuses before any handler sees it: JSON nested deeper than MAX_JSON_DEPTH (refused while
// parsing, so nothing downstream recurses over it), and NUL or unpaired UTF-16 surrogates in any string of the body,
// the query, the path parameters or a form field — PostgreSQL text cannot hold NUL, and a lone surrogate cannot be
// encoded as UTF-8, so either would fail the write of the operation's log record after the operation took effect.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './apiError.ts';

export const MAX_JSON_DEPTH = 64;

/** True when the JSON text opens more than `max` objects/arrays inside each other (strings are skipped). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

export function isBadText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** The text with NUL and lone surrogates replaced by U+FFFD (for logs and messages). */
export function wellFormed(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD');
}

/**
 * The path (`items[2].name`) of the first string or key holding NUL or a lone surrogate, or null. Iterative, and it
 * stops at `maxDepth` so no input can make it recurse or loop for long.
 */
export function findBadText(value: unknown, root = '', maxDepth = MAX_JSON_DEPTH + 1): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (isBadText(v)) return path || '(body)';
      continue;
    }
    if (!v || typeof v !== 'object' || depth > maxDepth) continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: `${path}[${i}]`, depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(v as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      const childPath = path ? `${path}.${key}` : key;
      if (isBadText(key)) return wellFormed(childPath);
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

/** Printable in a message: the refused characters replaced. */
export function printablePath(path: string): string {
  return wellFormed(path.replaceAll('\u0000', '\\0'));
}

/** Replaces the JSON parser with one that refuses deep nesting, and checks every request's text before validation. */
export function registerInputChecks(app: FastifyInstance) {
  const defaultParser = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (jsonTooDeep(text)) {
      done(new ApiError(400, 'input.tooDeep', { max: MAX_JSON_DEPTH }, null, 400), undefined);
      return;
    }
    // An empty body counts as none (the route then validates {} and names the missing fields).
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultParser(req, text, done);
  });
  app.addHook('preValidation', async (req: FastifyRequest) => {
    if (isMultipart(req)) {
      // busboy cannot split a body without its boundary; an operation without a multipart body never reads one.
      if (!/;\s*boundary=/i.test(String(req.headers['content-type']))) throw new ApiError(400, 'upload.malformed', {}, null, 400);
      const bodyTypes = req.routeOptions.config?.bodyTypes;
      if (bodyTypes && !bodyTypes.some((t) => t.startsWith('multipart/'))) {
        throw new ApiError(415, 'badContentType', { type: String(req.headers['content-type']).split(';')[0] }, null, 415);
      }
    }
    const where = findBadText(req.params, '') ?? findBadText(req.query, '') ?? (isMultipart(req) ? null : findBadText(req.body, ''));
    if (where !== null) throw new ApiError(400, 'input.badText', { field: printablePath(where) });
  });
}

export function isMultipart(req: FastifyRequest): boolean {
  return /^multipart\//i.test(String(req.headers['content-type'] ?? ''));
}

/** True for a /files/ path that escapes the folder, holds NUL or a backslash, or cannot be decoded. */
export function badFilesPath(url: string, prefix: string): boolean {
  const raw = url.split('?')[0].slice(prefix.length);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return true;
  }
  if (decoded.includes('\u0000') || decoded.includes('\\') || LONE_SURROGATE.test(decoded)) return true;
  return [...raw.split('/'), ...decoded.split('/')].some((segment) => segment === '..' || segment === '.');
}
