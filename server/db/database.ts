// Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite under the data directory.
// One SQL dialect (PostgreSQL) either way; callers get a typed Kysely instance.
import { mkdirSync } from 'node:fs';
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
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPGlite(options.dataDir, options.inMemory === true, options.loadDataDir);
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

async function openPGlite(dataDir: string, inMemory: boolean, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('./pgliteDialect.ts');
  let pglite: InstanceType<typeof PGlite>;
  const memory = pgliteMemoryOptions();
  if (inMemory) {
    pglite = await PGlite.create({ ...memory, ...(loadDataDir ? { loadDataDir } : {}) });
  } else {
    const dir = join(dataDir, 'pgdata');
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
    dump: () => pglite.dumpDataDir('none'),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
