// Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite under the data directory.
// One SQL dialect (PostgreSQL) either way; callers get a typed Kysely instance.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import type { Database } from './types.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Runs a multi-statement SQL script (migrations). */
  execScript(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory under which the embedded database lives (in `pgdata/`). */
  dataDir: string;
  inMemory?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPGlite(options.dataDir, options.inMemory === true);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  // Keep timestamps and bigints as the application expects them.
  pg.types.setTypeParser(20, (v: string) => v);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query('SELECT 1');
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
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

async function openPGlite(dataDir: string, inMemory: boolean): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('./pgliteDialect.ts');
  let pglite: InstanceType<typeof PGlite>;
  if (inMemory) {
    pglite = await PGlite.create();
  } else {
    const dir = join(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir);
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
  return {
    db,
    kind: 'pglite',
    async execScript(sql) {
      await pglite.exec(sql);
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
