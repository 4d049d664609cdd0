// Versioned migrations: server/db/migrations/NNN_name.sql, applied in order, each as one script (one implicit transaction: all of it or none),
// recorded in schema_migrations. Run at every start; already-applied files are skipped.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseHandle } from './database.ts';

const migrationsDir = join(import.meta.dirname, 'migrations');

export function listMigrations(): { version: string; file: string }[] {
  return readdirSync(migrationsDir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => ({ version: file.slice(0, 3), file }));
}

export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  await handle.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version varchar(8) PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { rows } = await sqlRows(handle, 'SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((r) => String(r.version)));
  const done: string[] = [];
  for (const m of listMigrations()) {
    if (applied.has(m.version)) continue;
    const body = readFileSync(join(migrationsDir, m.file), 'utf8');
    const name = m.file.replace(/'/g, "''");
    await handle.execScript(
      `${body}\nINSERT INTO schema_migrations (version, name) VALUES ('${m.version}', '${name}');`,
    );
    done.push(m.file);
  }
  return done;
}

async function sqlRows(handle: DatabaseHandle, text: string) {
  const { sql } = await import('kysely');
  return sql<{ version: string }>`${sql.raw(text)}`.execute(handle.db);
}
