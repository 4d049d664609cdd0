// The contract fuzz (issue 8): ≥ 2,000 requests generated from the contract's own operations and schemas, signed in
// as the administrator and anonymously. Every answer must be an envelope (or a file download), never a 5xx, and
// carry no stack trace, internal path or secret. Seeded: FUZZ_SEED=<n> replays a run; a failure prints the seed and
// the requests that failed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/loadContract.ts';
import { ADMIN, login } from './support/client.ts';
import { CONTROL_FILE_NAMES, FUZZ_PNG, type FuzzRequest, fileDisposition, HOSTILE_FILE_NAMES, SchemaArbitraries } from './support/fuzzRequests.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_808);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_200);
/** Operations that would end the fuzzing session itself. */
const SKIPPED = new Set(['logout', 'loginExclusive']);
const FILE_TYPES = /^(application\/(vnd\.openxmlformats|zip|octet-stream|pdf)|image\/|video\/|text\/csv)/;
const LEAKS = [
  /\bat [\w$.<>]+ \(?[^\s)]+:\d+:\d+\)?/, // a stack frame
  /node_modules|\/work\/|\/tmp\/|server\/(modules|http|db)\//,
  /scrypt\$|Argus@2026|Operator@2026/,
  /TypeError|ReferenceError|SyntaxError: |ECONNREFUSED|duplicate key value|violates (check|not-null|foreign key)|invalid input syntax|out of range for type/,
];

let server: TestServer;
let token: string;
let boxSecrets: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ signInLimits: { perAddress: 1_000_000, perAccount: 1_000_000, windowMs: 60_000 } });
  token = await login(server.app);
  await server.database.db.insertInto('systemConfig').values({ key: 'labelStudioToken', value: 'ls-fuzz-token-5150', updatedAt: new Date() }).execute();
  boxSecrets = (await server.database.db.selectFrom('siteSettings').select('value').execute()).map((r) => r.value).filter((v) => v.length >= 24);
});
afterAll(async () => server?.close());

/** The administrator signed in again (and made usable again) when a fuzzed call disabled, locked or revoked it. */
async function restoreAdmin() {
  const db = server.database.db;
  const hash = await import('../../server/auth/passwords.ts').then((m) => m.hashPassword(ADMIN.password));
  await db.updateTable('users').set({ status: 1, passwordHash: hash }).where('username', '=', ADMIN.username).execute();
  await db.deleteFrom('loginAttempts').where('name', '=', ADMIN.username).execute();
  token = await login(server.app);
}

function problemOf(req: FuzzRequest, res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}`;
  const type = String(res.headers['content-type'] ?? '');
  if (FILE_TYPES.test(type)) return res.statusCode === 200 ? null : `file answer with HTTP ${res.statusCode}`;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(res.body);
  } catch {
    return `not JSON (${type}): ${res.body.slice(0, 120)}`;
  }
  if (typeof json.code !== 'number' || typeof json.msg !== 'string' || !('data' in json)) return `not an envelope: ${res.body.slice(0, 120)}`;
  if (json.code >= 500 && json.code !== 501) return `envelope code ${json.code}: ${json.msg}`;
  for (const leak of LEAKS) if (leak.test(res.body)) return `leaks ${leak}: ${res.body.slice(0, 200)}`;
  for (const secret of boxSecrets) if (res.body.includes(secret)) return 'leaks a stored secret';
  // The stored service token goes to holders of the configuration module only (the administrator's selectAllConfigMap).
  if (res.body.includes('ls-fuzz-token-5150') && (req.anonymous || req.operationId !== 'getSystemConfig')) return 'leaks the labelling token';
  if (req.anonymous && json.code === 0 && !['login', 'thirdLogin'].includes(req.operationId)) {
    // Public operations may answer anonymously; others must not.
    const op = operations.find((o) => o.operationId === req.operationId)!;
    if (op.access.kind !== 'public') return 'answered code 0 without a token';
  }
  return null;
}

const contract = loadContract();
const operations = contract.operations.filter((o) => !SKIPPED.has(o.operationId));

describe('contract fuzz', () => {
  it(`answers ${REQUESTS} generated requests with envelopes, never 5xx, never a leak (seed ${SEED})`, async () => {
    const arbitraries = new SchemaArbitraries(contract);
    const requestArb = fc.constantFrom(...operations).chain((op) => arbitraries.request(op));
    const requests = fc.sample(requestArb, { seed: SEED, numRuns: REQUESTS });
    const failures: string[] = [];
    const covered = new Set<string>();
    const codes = new Map<string, number>();
    for (const [index, req] of requests.entries()) {
      const headers = { ...req.headers, ...(req.anonymous ? {} : { token }) };
      const res = await server.app.inject({ method: req.method as 'GET', url: req.url, headers, payload: req.payload });
      covered.add(req.operationId);
      const code = /^\{"code":(\d+)/.exec(res.body)?.[1] ?? `file ${res.statusCode}`;
      codes.set(code, (codes.get(code) ?? 0) + 1);
      const problem = problemOf(req, res);
      if (problem) {
        failures.push(
          `#${index} ${req.operationId}: ${problem}\n    ${req.method} ${req.url}\n    headers ${JSON.stringify(req.headers)}\n    body ${String(req.payload ?? '').slice(0, 300)}`,
        );
      }
      if (!req.anonymous && res.statusCode < 500 && res.body.includes('"code":401')) {
        if (process.env.FUZZ_DEBUG) console.log('401 for admin', req.operationId, res.body.slice(0, 100));
        await restoreAdmin();
      }
    }
    console.log(`contract fuzz, seed ${SEED}: ${requests.length} requests over ${covered.size} operations; answers by code`, Object.fromEntries(codes));
    expect(covered.size).toBeGreaterThan(operations.length * 0.9);
    expect(failures, `FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS} — ${failures.length} failures:\n${failures.slice(0, 40).join('\n')}`).toEqual([]);
  }, 600_000);

  it('answers every hostile file name in every upload with an envelope, and control characters with a 400 naming the field', async () => {
    const arbitraries = new SchemaArbitraries(contract);
    const uploads = operations.filter((op) => op.body?.content['multipart/form-data']);
    expect(uploads.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const op of uploads) {
      const boxAuth = op.access.kind === 'public' && op.access.boxAuth;
      for (const field of arbitraries.fileFields(op)) {
        for (const fileName of HOSTILE_FILE_NAMES) {
          for (const encoded of [false, true]) {
            const boundary = 'namesboundary7';
            const payload = Buffer.concat([
              Buffer.from(`--${boundary}\r\n${fileDisposition(field, fileName, encoded)}\r\nContent-Type: image/png\r\n\r\n`),
              FUZZ_PNG,
              Buffer.from(`\r\n--${boundary}--\r\n`),
            ]);
            const headers = { token, 'accept-language': 'en', 'content-type': `multipart/form-data; boundary=${boundary}` };
            const req: FuzzRequest = { operationId: op.operationId, method: op.method, url: `/api${op.path.replace(/\{[^}]+\}/g, '1')}`, headers, payload, anonymous: false };
            const res = await server.app.inject({ method: op.method as 'POST', url: req.url, headers, payload });
            const what = `${op.operationId} ${field} ${JSON.stringify(fileName.slice(0, 40))}${encoded ? ' (filename*)' : ''}`;
            const problem = problemOf(req, res);
            if (problem) failures.push(`${what}: ${problem}`);
            else if (!boxAuth && !encoded && CONTROL_FILE_NAMES.includes(fileName)) {
              const json = JSON.parse(res.body) as { code: number; msg: string };
              if (json.code !== 400 || !/file name of/.test(json.msg)) failures.push(`${what}: answered ${json.code} ${json.msg}`);
            }
            if (res.body.includes('"code":401') && !boxAuth) await restoreAdmin();
          }
        }
      }
    }
    expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
  }, 300_000);
});
