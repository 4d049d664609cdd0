// Reads openapi/console.yaml and lists its operations in the form the server registers them.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';

export const contractPath = join(import.meta.dirname, '..', '..', 'openapi', 'console.yaml');

export type Access =
  | { kind: 'public'; boxAuth: boolean }
  | { kind: 'session' }
  | { kind: 'permission'; modules: string[] };

export interface ContractParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  schema: Record<string, unknown>;
}

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  tag: string;
  /** What the operation does, in English (the contract's summary) and in Chinese (its x-summary-zh). */
  summary: string;
  summaryZh: string;
  access: Access;
  parameters: ContractParameter[];
  /** Body schema per content type; undefined when the operation takes no body. */
  body?: { required: boolean; content: Record<string, Record<string, unknown> | undefined> };
  /** Reads are not written to the operation log. */
  readOnly: boolean;
}

export interface Contract {
  document: Record<string, any>;
  operations: ContractOperation[];
  /** components.schemas, for registering with the validator. */
  schemas: Record<string, unknown>;
  /** Schema files the contract $refs (schemas/*.schema.json), by the id their refs are rewritten to. */
  externalSchemas: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
const READ_VERBS = /^(list|get|query|search|select|export|download|fetch|preview|count|stat)/;

export function loadContract(path = contractPath): Contract {
  const document = parseCached(readFileSync(path, 'utf8'));
  const components = document.components ?? {};
  const operations: ContractOperation[] = [];
  for (const [route, item] of Object.entries<Record<string, any>>(document.paths ?? {})) {
    const shared = (item.parameters ?? []) as unknown[];
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...shared, ...(op.parameters ?? [])].map((p) => resolveParameter(p, components));
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path: route,
        tag: op.tags?.[0] ?? 'untagged',
        summary: op.summary ?? op.operationId,
        summaryZh: op['x-summary-zh'] ?? op.summary ?? op.operationId,
        access: accessOf(op),
        parameters,
        body: op.requestBody ? bodyOf(op.requestBody) : undefined,
        readOnly: READ_VERBS.test(op.operationId),
      });
    }
  }
  return { document, operations, schemas: components.schemas ?? {}, externalSchemas: loadExternalSchemas(document, dirname(path)) };
}

/**
 * The id an external $ref ('../schemas/x.schema.json#/definitions/Y') is validated under: 'schemas/x.schema.json'
 * plus its fragment. Each file is registered once under that id, so its own '#/definitions/...' refs resolve inside it.
 */
export function externalRefId(ref: string): string {
  const [file, fragment] = ref.split('#');
  return `schemas/${basename(file)}${fragment === undefined ? '' : `#${fragment}`}`;
}

/** Loads every JSON file the document $refs (refs inside those files may name further files, relative to them). */
function loadExternalSchemas(document: unknown, baseDir: string): Record<string, Record<string, unknown>> {
  const loaded: Record<string, Record<string, unknown>> = {};
  const paths = new Map<string, string>();
  const visit = (value: unknown, dir: string) => {
    if (Array.isArray(value)) {
      for (const v of value) visit(v, dir);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string' && !v.startsWith('#')) {
        const file = resolve(dir, v.split('#')[0]);
        const id = externalRefId(v).split('#')[0];
        if (paths.has(id) && paths.get(id) !== file) throw new Error(`two schema files share the name ${id}: ${paths.get(id)}, ${file}`);
        if (paths.has(id)) continue;
        paths.set(id, file);
        loaded[id] = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        visit(loaded[id], dirname(file));
      } else visit(v, dir);
    }
  };
  visit(document, baseDir);
  return loaded;
}

function accessOf(op: Record<string, any>): Access {
  if (op['x-public'] === true) return { kind: 'public', boxAuth: op['x-box-auth'] === true };
  if (op['x-session-only'] === true) return { kind: 'session' };
  const perm = op['x-permission'];
  if (typeof perm === 'string') return { kind: 'permission', modules: [perm] };
  if (Array.isArray(perm) && perm.length > 0) return { kind: 'permission', modules: perm.map(String) };
  throw new Error(`operation ${op.operationId} declares no access (x-public, x-session-only or x-permission)`);
}

function resolveParameter(p: any, components: Record<string, any>): ContractParameter {
  if (p.$ref) {
    const name = String(p.$ref).replace('#/components/parameters/', '');
    p = components.parameters?.[name];
    if (!p) throw new Error(`unknown parameter reference ${name}`);
  }
  return { name: p.name, in: p.in, required: p.required === true, schema: p.schema ?? {} };
}

function bodyOf(requestBody: Record<string, any>): ContractOperation['body'] {
  const content: Record<string, Record<string, unknown> | undefined> = {};
  for (const [type, media] of Object.entries<Record<string, any>>(requestBody.content ?? {})) {
    content[type] = media.schema;
  }
  return { required: requestBody.required === true, content };
}

/** Where parsed contracts are kept between runs (the YAML parse takes about a second; reading JSON, milliseconds). */
const cacheDir = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'argus-contract');

/**
 * The parsed document, from a JSON copy keyed by the text's hash when one exists. Server starts and every server
 * test file load the contract, so this is paid once per change of the contract, not once per start.
 */
function parseCached(text: string): Record<string, any> {
  const file = join(cacheDir, `${createHash('sha256').update(text).digest('hex').slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // no copy yet (or an unreadable one): parse, then keep a copy if the folder is writable
  }
  const document = parse(text) as Record<string, any>;
  try {
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(document));
    renameSync(partial, file); // atomic: a parallel reader sees the whole file or none
  } catch {
    // read-only install: parse every time
  }
  return document;
}
