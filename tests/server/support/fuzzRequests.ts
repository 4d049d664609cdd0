// Requests for the contract fuzz, generated with fast-check from the contract's own operations and schemas: values
// that fit the schema, and the hostile ones a client can send instead — wrong types, missing and extra fields,
// huge numbers, long strings, NUL, lone surrogates and emoji, deep nesting, bad path parameters, the wrong body kind.
import fc from 'fast-check';
import type { Contract, ContractOperation } from '../../../server/contract/loadContract.ts';
import { encodePng } from '../../../server/media/pngEncoder.ts';

export interface FuzzRequest {
  operationId: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Raw text or bytes, so that JSON can carry what JSON.stringify never writes (1e400, lone surrogates). */
  payload?: string | Buffer;
  anonymous: boolean;
}

type Schema = Record<string, any>;

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀🚓🚨',
  '𠜎𠜱',
  'a'.repeat(10_000),
  '../../etc/passwd',
  '%00%ff',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '1e400',
  'null',
  '2026-13-45 99:99:99',
  'rtsp://u:p@198.51.100.1/x',
];
/**
 * File names a hostile or careless client puts in a multipart part: NUL and other control characters, a lone
 * surrogate (raw and RFC 5987-encoded), path separators and traversal, a line break, very long names, emoji.
 */
export const HOSTILE_FILE_NAMES = [
  'a\u0000.png',
  'a\u0001b.png',
  'tab\there.png',
  'del\u007f.png',
  'x\ud800.png',
  '../../etc/passwd.png',
  '..\\..\\windows\\win.ini.png',
  'C:\\fakepath\\photo.png',
  '/absolute/photo.png',
  'a\r\nX-Injected: 1.png',
  `${'n'.repeat(300)}.png`,
  'l'.repeat(20_000),
  '😀🚨.png',
  '%00.png',
  '',
];

/**
 * A real PNG (96×64 of seeded noise, ~18 KB: over the training uploads' 16 KB floor), so an upload whose file name
 * the server forgot to check goes on to store it — where a NUL in the name was a 500.
 */
export const FUZZ_PNG = (() => {
  const data = new Uint8Array(96 * 64 * 3);
  let state = 34;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    data[i] = state >>> 24;
  }
  return encodePng({ width: 96, height: 64, channels: 3, data });
})();

/** Control characters (or a NUL) a file name must be refused for, wherever an upload is read. */
export const CONTROL_FILE_NAMES = ['a\u0000.png', 'a\u0001b.png', 'tab\there.png', 'del\u007f.png'];

/** The Content-Disposition of a file part; `encoded` sends the name RFC 5987-style (filename*), bytes and all. */
export function fileDisposition(field: string, fileName: string, encoded = false): string {
  if (!encoded) return `Content-Disposition: form-data; name="${field}"; filename="${fileName.replaceAll('"', '%22')}"`;
  const bytes = fileName === 'x\ud800.png' ? '%ED%A0%80.png' : encodeURIComponent(fileName);
  return `Content-Disposition: form-data; name="${field}"; filename*=UTF-8''${bytes}`;
}

/** Numbers written into the JSON text as they are: some are beyond what JSON.stringify would produce. */
const HOSTILE_NUMBERS = ['0', '-1', '1.5', '2147483648', '9007199254740993', '9223372036854775807', '1e308', '-1e308', '1e400', '-0', '1e-400'];
const PATH_VALUES = ['1', '0', '-1', '2147483648', '9223372036854775807', '1e400', 'abc', '%ff%fe', '%00', '..%2f..%2f', '%F0%9F%98%80', 'a'.repeat(300)];

/** A JSON text: the value, with some leaves swapped for raw hostile tokens. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `__RAW__${v}` : v)).replace(/"__RAW__([^"]*)"/g, '$1');
}

const raw = (token: string) => `__RAW__${token}`;

/** encodeURIComponent, except that a lone surrogate goes out as the bytes a careless client would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

export class SchemaArbitraries {
  private readonly contract: Contract;
  constructor(contract: Contract) {
    this.contract = contract;
  }

  resolve(schema: Schema | undefined, file = ''): { schema: Schema; file: string } {
    let current = schema ?? {};
    let currentFile = file;
    for (let hops = 0; hops < 20 && typeof current.$ref === 'string'; hops++) {
      const ref: string = current.$ref;
      const [refFile, pointer = ''] = ref.split('#');
      if (refFile) currentFile = `schemas/${refFile.split('/').pop()}`;
      const root: any = currentFile ? this.contract.externalSchemas[currentFile] : this.contract.document;
      let node: any = root;
      for (const part of pointer.split('/').filter(Boolean)) node = node?.[part];
      current = node ?? {};
    }
    return { schema: current, file: currentFile };
  }

  /** A value for the schema; with `hostile` the value, or some part of it, is replaced by a bad one. */
  value(schema: Schema | undefined, depth = 0, file = ''): fc.Arbitrary<unknown> {
    const { schema: s, file: f } = this.resolve(schema, file);
    const hostile = fc.oneof(
      fc.constantFrom(...HOSTILE_STRINGS),
      fc.constantFrom(...HOSTILE_NUMBERS).map(raw),
      fc.constant(null),
      fc.constant(true),
      fc.constant([]),
      fc.constant({}),
      fc.integer({ min: 1, max: 80 }).map((n) => JSON.parse('{"a":'.repeat(n) + '1' + '}'.repeat(n))),
    );
    if (depth > 6) return fc.oneof(fc.constant(null), fc.constant(1), fc.constant('x'));
    return fc.oneof({ withCrossShrink: false }, { arbitrary: this.fitting(s, depth, f), weight: 4 }, { arbitrary: hostile, weight: 1 });
  }

  private fitting(s: Schema, depth: number, file: string): fc.Arbitrary<unknown> {
    if (s.const !== undefined) return fc.constant(s.const);
    if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...s.enum);
    for (const combiner of ['oneOf', 'anyOf'] as const) {
      if (Array.isArray(s[combiner]) && s[combiner].length > 0) {
        return fc.oneof(...(s[combiner] as Schema[]).map((sub) => this.value(sub, depth + 1, file)));
      }
    }
    if (Array.isArray(s.allOf) && s.allOf.length > 0) {
      const parts = (s.allOf as Schema[]).map((sub) => this.resolve(sub, file));
      const merged: Schema = { type: 'object', properties: {}, required: [] };
      for (const p of parts) {
        Object.assign(merged.properties, p.schema.properties ?? {});
        merged.required.push(...(p.schema.required ?? []));
      }
      return this.object(merged, depth, file);
    }
    const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
    switch (type) {
      case 'integer':
        return fc.oneof(
          fc.integer({ min: Math.max(-1e6, s.minimum ?? -1e6), max: Math.min(1e6, s.maximum ?? 1e6) }),
          fc.constantFrom(s.minimum ?? 0, s.maximum ?? 1, 1, 2),
        );
      case 'number':
        return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      case 'string':
        if (s.format === 'binary') return fc.constant('binary');
        if (s.pattern && /\\d\{4\}-\\d\{2\}-\\d\{2\}/.test(s.pattern)) return fc.constantFrom('2026-01-02 03:04:05', '2025-12-31 23:59:59');
        // Short strings, but never shorter than the field's minimum (a box secret asks for 32 characters and more).
        return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 40, 40)), unit: 'grapheme' });
      case 'array':
        return fc.array(this.value(s.items, depth + 1, file), { maxLength: Math.min(s.maxItems ?? 4, 4) });
      case 'object':
        return this.object(s, depth, file);
      default:
        return s.properties ? this.object(s, depth, file) : fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null));
    }
  }

  private object(s: Schema, depth: number, file: string): fc.Arbitrary<unknown> {
    const properties: Record<string, Schema> = s.properties ?? {};
    const required = new Set<string>(s.required ?? []);
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, sub] of Object.entries(properties)) record[key] = this.value(sub, depth + 1, file);
    const requiredKeys = Object.keys(properties).filter((k) => required.has(k));
    return fc
      .tuple(
        Object.keys(record).length > 0 ? fc.record(record, { requiredKeys }) : fc.constant({}),
        // Some required field missing, and an extra field.
        fc.option(fc.constantFrom(...(requiredKeys.length > 0 ? requiredKeys : ['-'])), { freq: 6 }),
        fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'a\u0000', '😀'), fc.constantFrom<unknown>(1, 'x', null, { a: 1 })), { freq: 6 }),
      )
      .map(([value, drop, extra]) => {
        const out = { ...(value as Record<string, unknown>) };
        if (drop) delete out[drop];
        if (extra) out[extra[0]] = extra[1];
        return out;
      });
  }

  /** The file fields (format binary, or arrays of them) of an operation's multipart body; `file` when it names none. */
  fileFields(op: ContractOperation): string[] {
    const schema = op.body?.content['multipart/form-data'];
    if (!schema) return ['file'];
    const { schema: form, file } = this.resolve(schema);
    const fields = Object.entries((form.properties ?? {}) as Record<string, Schema>)
      .filter(([, sub]) => {
        const resolved = this.resolve(sub, file).schema;
        return resolved.format === 'binary' || this.resolve(resolved.items, file).schema.format === 'binary';
      })
      .map(([name]) => name);
    return fields.length > 0 ? fields : ['file'];
  }

  /** One request for the operation: parameters, body kind and body, signed in or not. */
  request(op: ContractOperation): fc.Arbitrary<FuzzRequest> {
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const bodyTypes = op.body ? Object.keys(op.body.content) : [];
    const jsonSchema = op.body?.content['application/json'] ?? op.body?.content['application/x-www-form-urlencoded'];
    const pathArb = fc.tuple(...pathParams.map((p) => fc.oneof(this.value(p.schema).map((v) => encode(String(v))), fc.constantFrom(...PATH_VALUES))));
    const queryArb = fc.record(
      Object.fromEntries(queryParams.map((p) => [p.name, fc.oneof(this.value(p.schema), fc.constantFrom(...HOSTILE_STRINGS, '%ff', '%00'))])),
      { requiredKeys: [] },
    );
    const bodyKind = fc.constantFrom(
      ...(bodyTypes.some((t) => t.startsWith('multipart/')) ? ['multipart', 'multipart', 'multipart-noboundary', 'json'] : []),
      ...(jsonSchema ? ['json', 'json', 'json', 'json', 'form', 'multipart', 'text', 'none'] : ['none', 'json']),
    );
    return fc
      .record({
        path: pathArb,
        query: queryArb,
        kind: bodyKind,
        body: jsonSchema ? this.value(jsonSchema) : fc.constant(undefined),
        deep: fc.option(fc.constantFrom(70, 5000), { freq: 25 }),
        anonymousPick: fc.integer({ min: 0, max: 99 }),
        fileBytes: fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constant(FUZZ_PNG)),
        fileField: fc.constantFrom(...this.fileFields(op)),
        fileName: fc.oneof({ arbitrary: fc.constant('f.png'), weight: 2 }, { arbitrary: fc.constantFrom(...HOSTILE_FILE_NAMES), weight: 3 }),
        encodedName: fc.boolean(),
      })
      .map(({ path, query, kind, body, deep, anonymousPick, fileBytes, fileField, fileName, encodedName }) => {
        let route = op.path;
        pathParams.forEach((p, i) => {
          route = route.replace(`{${p.name}}`, String(path[i]));
        });
        const qs = Object.entries(query as Record<string, unknown>)
          .map(([k, v]) => `${encode(k)}=${typeof v === 'string' && /^%[0-9a-f]{2}/i.test(v) ? v : encode(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
          .join('&');
        const headers: Record<string, string> = { 'accept-language': anonymousPick % 2 ? 'en' : 'zh-CN' };
        let payload: string | Buffer | undefined;
        const value = body;
        if (kind === 'json') {
          headers['content-type'] = 'application/json';
          // JSON.stringify escapes lone surrogates (\ud800), so they arrive as such after parsing.
          payload = value === undefined ? '' : toJsonText(value);
          if (deep) {
            // Written as text: no JSON.stringify (or anything else here) recurses over it.
            const nested = `${'{"a":'.repeat(deep)}1${'}'.repeat(deep)}`;
            payload = payload.startsWith('{') && payload.length > 2 ? `${payload.slice(0, -1)},"nested":${nested}}` : `{"nested":${nested}}`;
          }
        } else if (kind === 'form') {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          payload = new URLSearchParams(Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString();
        } else if (kind === 'text') {
          headers['content-type'] = 'text/plain';
          payload = String(toJsonText(value ?? '')).slice(0, 1000);
        } else if (kind === 'multipart' || kind === 'multipart-noboundary') {
          const boundary = 'fuzzboundary42';
          headers['content-type'] = kind === 'multipart' ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data';
          const fields = Object.entries((value ?? {}) as Record<string, unknown>)
            .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'object' ? JSON.stringify(v) : String(v)}\r\n`)
            .join('');
          const file = Buffer.concat([
            Buffer.from(`--${boundary}\r\n${fileDisposition(fileField, fileName, encodedName)}\r\nContent-Type: image/png\r\n\r\n`),
            Buffer.from(fileBytes),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]);
          payload = Buffer.concat([Buffer.from(fields), anonymousPick % 5 === 0 ? file.subarray(0, file.length - 10) : file]);
        }
        return {
          operationId: op.operationId,
          method: op.method,
          url: `/api${route}${qs ? `?${qs}` : ''}`,
          headers,
          payload,
          anonymous: anonymousPick < 12,
        };
      });
  }
}
