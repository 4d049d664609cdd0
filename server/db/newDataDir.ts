// A new embedded database is created, migrated and seeded by a child process before the server opens it.
// PGlite creates a database by running initdb in a second PostgreSQL instance beside the first, and its WebAssembly
// heap only grows: in the server's own process, a first start peaked at ~1.2 GB and stayed ~190 MB above a
// restart once idle (issue 9, point 7, measured). In a child, that memory goes back to the system when it exits, and
// the server opens the directory as on any later start.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '../config.ts';
import { pgliteDataDir } from './database.ts';

const CHILD = fileURLToPath(new URL('./newDataDirChild.ts', import.meta.url));

/** True when the embedded database of this configuration does not exist yet. */
export function needsNewDataDir(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'inMemoryDatabase'>): boolean {
  return !config.databaseUrl && !config.inMemoryDatabase && !existsSync(join(pgliteDataDir(config.dataDir), 'PG_VERSION'));
}

/** Runs the child with this process's environment (it reads the same configuration); rejects with its last output. */
export function prepareNewDataDir(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`preparing the new database failed (${signal ?? `exit code ${code}`})${stderr.trim() ? `: ${stderr.trim()}` : ''}`)),
    );
  });
}
