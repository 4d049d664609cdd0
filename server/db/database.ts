// Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite under the data directory.
// One SQL dialect (PostgreSQL) either way; callers get a typed Kysely instance.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { pgliteMemoryOptions } from './pgliteSettings.ts';
import type { Database } from './types.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Column names snake_case in SQL, camelCase in TypeScript. Keys inside jsonb values are data (e.g. box_threshold
 * of an event configuration, light_black of a detection task) and are kept as stored.
 */
const camelCase = () => new CamelCasePlugin({ maintainNestedObjectKeys: true });

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Runs a multi-statement SQL script (migrations). */
  execScript(sql: string): Promise<void>;
  /** Embedded only: calls `onPayload` with each NOTIFY on `channel` once its transaction commits (PostgreSQL
   *  listens on a connection of its own: server/realtime/pgFanout.ts). Answers how to stop listening. */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Embedded only: the whole data directory as one uncompressed tarball (tests copy a seeded template with it). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory under which the embedded database lives (in `pgdata/`). */
  dataDir: string;
  inMemory?: boolean;
  /** In memory only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
  /** The embedded database's own folder, when not the data directory's (a new one is built aside: newDataDir.ts). */
  pgliteDir?: string;
}

/** Where the embedded database lives under a data directory. */
export function pgliteDataDir(dataDir: string): string {
  return join(dataDir, 'pgdata');
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPGlite(options.pgliteDir ?? pgliteDataDir(options.dataDir), options.inMemory === true, options.loadDataDir);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  // Keep timestamps and bigints as the application expects them.
  pg.types.setTypeParser(20, (v: string) => v);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client's connection can fail (server restart, database dropped): the pool drops that client and
  // emits 'error', which would otherwise crash the process. Queries on a failed client still reject normally.
  pool.on('error', (error) => console.warn(`PostgreSQL pool: idle connection lost (${error.message})`));
  await pool.query('SELECT 1');
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [camelCase()] });
  return {
    db,
    kind: 'postgres',
    async execScript(sql) {
      await pool.query(sql);
    },
    async close() {
      await db.destroy();
    },
  };
}

/**
 * PGlite's WebAssembly modules and file-system bundle, compiled and read once per process: each PGlite.create would
 * otherwise compile them again (0.6 s of a 1.4 s open of the embedded database, more on a loaded machine). A
 * process opens one database in production; the tests open one per file.
 */
let pgliteAssets: Promise<{ pgliteWasmModule: WasmModule; initdbWasmModule: WasmModule; fsBundle: Blob }> | undefined;

/** WebAssembly as far as this file needs it (the server's TypeScript settings carry no DOM types). */
type WasmModule = object;
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;

function loadPgliteAssets() {
  pgliteAssets ??= (async () => {
    const dist = (name: string) => readFileSync(createRequire(import.meta.url).resolve(`@electric-sql/pglite/${name}`));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([wasm.compile(dist('pglite.wasm')), wasm.compile(dist('initdb.wasm'))]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([dist('pglite.data')]) };
  })();
  return pgliteAssets;
}

async function openPGlite(dir: string, inMemory: boolean, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('./pgliteDialect.ts');
  let pglite: InstanceType<typeof PGlite>;
  const memory = { ...pgliteMemoryOptions(), ...(await loadPgliteAssets()) };
  if (inMemory) {
    pglite = await PGlite.create({ ...memory, ...(loadDataDir ? { loadDataDir } : {}) });
  } else {
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create({ ...memory, dataDir: dir });
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [camelCase()] });
  return {
    db,
    kind: 'pglite',
    async execScript(sql) {
      await pglite.exec(sql);
    },
    listen: (channel, onPayload) => pglite.listen(channel, onPayload),
    dump: () => pglite.dumpDataDir('none'),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
