// The contract's bound rule (docs/contract-conventions.md): every value a client sends — parameters and request
// bodies, through $refs into components and the schema files — is bounded, so bad input is refused by name before it
// reaches the database: integers and numbers have minimum and maximum, strings maxLength, arrays maxItems. Exempt:
// enum/const, strings with format date-time/date/binary. Shared by scripts/check-contract.ts (the check) and
// scripts/bound-contract.ts (which adds default bounds where they are missing).

/** How the walker reads a schema tree: plain objects (the check) or YAML nodes (the fixer). */
export interface TreeAccess<N> {
  isMap(node: N): boolean;
  isSeq(node: N): boolean;
  get(node: N, key: string): N | undefined;
  keys(node: N): string[];
  items(node: N): N[];
  scalar(node: N | undefined): unknown;
  /** The node a $ref points to (components or a schema file), with the access to read it. */
  resolve(ref: string, from: RefContext): { node: N; context: RefContext } | undefined;
}

export interface RefContext {
  /** '' for the contract, otherwise the schema file's name. */
  file: string;
}

export type Missing = 'minimum' | 'maximum' | 'maxLength' | 'maxItems';

export interface Unbounded<N> {
  node: N;
  context: RefContext;
  /** Where it was first reached: operation and JSON path. */
  where: string;
  /** The property name that holds it (for default bounds), '' for items and roots. */
  name: string;
  type: 'integer' | 'number' | 'string' | 'array';
  missing: Missing[];
}

const EXEMPT_FORMATS = new Set(['date-time', 'date', 'binary']);

/** Walks one request schema; reports each unbounded node once (by identity). */
export function collectUnbounded<N>(
  access: TreeAccess<N>,
  root: N,
  context: RefContext,
  where: string,
  seen: Set<N>,
  out: Unbounded<N>[],
) {
  const stack: { node: N; context: RefContext; path: string; name: string }[] = [{ node: root, context, path: where, name: '' }];
  while (stack.length > 0) {
    const { node, context: ctx, path, name } = stack.pop()!;
    if (!node || !access.isMap(node) || seen.has(node)) continue;
    seen.add(node);
    const ref = access.scalar(access.get(node, '$ref'));
    if (typeof ref === 'string') {
      const target = access.resolve(ref, ctx);
      if (target) stack.push({ node: target.node, context: target.context, path: `${path} → ${ref}`, name });
      continue;
    }
    const typeNode = access.get(node, 'type');
    const types = typeNode && access.isSeq(typeNode) ? access.items(typeNode).map((t) => access.scalar(t)) : [access.scalar(typeNode)];
    const has = (key: string) => access.get(node, key) !== undefined;
    const exempt = has('enum') || has('const');
    if (!exempt) {
      const missing: Missing[] = [];
      let type: Unbounded<N>['type'] | null = null;
      if (types.includes('integer') || types.includes('number')) {
        type = types.includes('integer') ? 'integer' : 'number';
        if (!has('minimum') && !has('exclusiveMinimum')) missing.push('minimum');
        if (!has('maximum') && !has('exclusiveMaximum')) missing.push('maximum');
      } else if (types.includes('string')) {
        type = 'string';
        if (!EXEMPT_FORMATS.has(String(access.scalar(access.get(node, 'format')))) && !has('maxLength')) missing.push('maxLength');
      } else if (types.includes('array')) {
        type = 'array';
        if (!has('maxItems')) missing.push('maxItems');
      }
      if (type && missing.length > 0) out.push({ node, context: ctx, where: path, name, type, missing });
    }
    const properties = access.get(node, 'properties');
    if (properties && access.isMap(properties)) {
      for (const key of access.keys(properties)) {
        stack.push({ node: access.get(properties, key)!, context: ctx, path: `${path}.${key}`, name: key });
      }
    }
    const items = access.get(node, 'items');
    if (items) stack.push({ node: items, context: ctx, path: `${path}[]`, name: `${name}[]` });
    const extra = access.get(node, 'additionalProperties');
    if (extra && access.isMap(extra)) stack.push({ node: extra, context: ctx, path: `${path}.*`, name: '' });
    for (const combiner of ['allOf', 'oneOf', 'anyOf']) {
      const list = access.get(node, combiner);
      if (list && access.isSeq(list)) for (const sub of access.items(list)) stack.push({ node: sub, context: ctx, path, name });
    }
    // JSON Schema files keep their definitions under `definitions` (reached through $refs only).
  }
}

/** Every request-side root of the contract: parameter schemas and request body schemas, with where they are. */
export function requestRoots<N>(access: TreeAccess<N>, document: N): { node: N; where: string }[] {
  const roots: { node: N; where: string }[] = [];
  const paths = access.get(document, 'paths');
  if (!paths) return roots;
  const parameterSchemas = (list: N | undefined, where: string) => {
    if (!list || !access.isSeq(list)) return;
    for (const p of access.items(list)) {
      let param: N | undefined = p;
      const ref = access.scalar(access.get(p, '$ref'));
      if (typeof ref === 'string') param = access.resolve(ref, { file: '' })?.node;
      if (!param) continue;
      const schema = access.get(param, 'schema');
      if (schema) roots.push({ node: schema, where: `${where} ${String(access.scalar(access.get(param, 'in')))}:${String(access.scalar(access.get(param, 'name')))}` });
    }
  };
  for (const path of access.keys(paths)) {
    const item = access.get(paths, path)!;
    parameterSchemas(access.get(item, 'parameters'), path);
    for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
      const op = access.get(item, method);
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      parameterSchemas(access.get(op, 'parameters'), where);
      let body = access.get(op, 'requestBody');
      const bodyRef = access.scalar(body && access.get(body, '$ref'));
      if (typeof bodyRef === 'string') body = access.resolve(bodyRef, { file: '' })?.node;
      const content = body && access.get(body, 'content');
      if (!content) continue;
      for (const type of access.keys(content)) {
        const schema = access.get(access.get(content, type)!, 'schema');
        if (schema) roots.push({ node: schema, where: `${where} body(${type})` });
      }
    }
  }
  return roots;
}

/** Plain-object access for a parsed contract and its schema files (by file name). */
export function plainAccess(document: Record<string, any>, files: Record<string, Record<string, any>>): TreeAccess<any> {
  const isMap = (n: unknown) => Boolean(n) && typeof n === 'object' && !Array.isArray(n);
  return {
    isMap,
    isSeq: (n) => Array.isArray(n),
    get: (n, k) => (isMap(n) && Object.hasOwn(n, k) ? n[k] : undefined),
    keys: (n) => (isMap(n) ? Object.keys(n) : []),
    items: (n) => (Array.isArray(n) ? n : []),
    scalar: (n) => (n !== null && typeof n === 'object' ? undefined : n),
    resolve(ref, from) {
      const [file, pointer] = ref.includes('#') ? ref.split('#') : [ref, ''];
      const fileName = file ? file.split('/').pop()! : from.file;
      const root = fileName ? files[fileName] : document;
      if (!root) return undefined;
      let node: any = root;
      for (const part of pointer.split('/').filter(Boolean)) node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      return node === undefined ? undefined : { node, context: { file: fileName } };
    },
  };
}

const INT32_MAX = 2_147_483_647;
const SAFE_MAX = Number.MAX_SAFE_INTEGER;

/**
 * Default bounds the fixer adds (only where a bound is missing): ids and counts within int4 (0 allowed: a root
 * parent id), times in milliseconds and sequence numbers within the safe integers, numbers within ±1e12, strings
 * 2000 characters, arrays 1000 items. A schema that needs tighter bounds says so itself.
 */
export function defaultBound(entry: Pick<Unbounded<unknown>, 'name' | 'type'>, missing: Missing): number {
  const name = entry.name.replace(/\[\]$/, '');
  const wide = /(time|Time|At|Ms|seq|Seq|timestamp|Timestamp|size|Size|bytes|Bytes)$/.test(name);
  const idLike = /(^id$|Id$|^ids$|Ids$)/.test(name);
  switch (missing) {
    case 'minimum':
      if (entry.type === 'number') return -1e12;
      return idLike || /(pageNo|pageSize|page|rows)$/i.test(name) ? 0 : wide ? -SAFE_MAX : -INT32_MAX - 1;
    case 'maximum':
      if (entry.type === 'number') return 1e12;
      return wide ? SAFE_MAX : INT32_MAX;
    case 'maxLength':
      return 2000;
    case 'maxItems':
      return 1000;
  }
}
