// Issue 9, item 7: a new embedded database is created, migrated and seeded by a child process (its memory goes
// back to the system when it exits); the server then opens it as on any later start.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config.ts';
import { openDatabase, pgliteDataDir } from '../../server/db/database.ts';
import { needsNewDataDir, prepareNewDataDir } from '../../server/db/newDataDir.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'argus-new-data-dir-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a new data directory', () => {
  it('is created and seeded by the child, then opens with its accounts', async () => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_HISTORY_DAYS: '0' };
    const config = configFromEnv(env);
    // What a start killed on the way left: the database's folder without a database, and a half-built one beside it.
    mkdirSync(join(pgliteDataDir(dataDir), 'base'), { recursive: true });
    mkdirSync(`${pgliteDataDir(dataDir)}.new`, { recursive: true });
    writeFileSync(join(`${pgliteDataDir(dataDir)}.new`, 'PG_VERSION'), '17');
    expect(needsNewDataDir(config)).toBe(true);
    await prepareNewDataDir(env);
    expect(needsNewDataDir(config)).toBe(false);
    // Built aside and renamed into place once complete.
    expect(existsSync(`${pgliteDataDir(dataDir)}.new`)).toBe(false);
    const database = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ username: string }>`SELECT username FROM users ORDER BY username`.execute(database.db);
      expect(rows.map((row) => row.username)).toEqual(expect.arrayContaining(['admin', 'operator']));
    } finally {
      await database.close();
    }
  }, 180_000);

  it('is not wanted with PostgreSQL or in memory', () => {
    expect(needsNewDataDir({ dataDir, databaseUrl: 'postgres://x', inMemoryDatabase: false })).toBe(false);
    expect(needsNewDataDir({ dataDir: join(dataDir, 'none'), databaseUrl: undefined, inMemoryDatabase: true })).toBe(false);
    expect(needsNewDataDir({ dataDir: join(dataDir, 'none'), databaseUrl: undefined, inMemoryDatabase: false })).toBe(true);
  });

  it('says why when the child fails', async () => {
    // A data directory that is a file.
    const file = join(dataDir, 'a-file');
    writeFileSync(file, 'not a directory');
    await expect(prepareNewDataDir({ ...process.env, DATA_DIR: file, DATABASE_URL: '' })).rejects.toThrow(/preparing the new database failed \(exit code 1\).*(ENOTDIR|EEXIST)/s);
  }, 60_000);
});
