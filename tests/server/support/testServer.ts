// Builds a fresh server for one test file: embedded PGlite in memory by default, or a new throwaway database on
// the PostgreSQL server named by DATABASE_URL (created here, dropped on close).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuildOptions, type BuiltApp, buildApp } from '../../../server/app.ts';
import { configFromEnv, type ServerConfig } from '../../../server/config.ts';

export interface TestServer extends BuiltApp {
  config: ServerConfig;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}, buildOptions: BuildOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-test-'));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (adminUrl) {
    const { default: pg } = await import('pg');
    const name = `argus_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config: ServerConfig = {
    ...configFromEnv({}),
    dataDir,
    inMemoryDatabase: !adminUrl,
    databaseUrl,
    staticDir: undefined,
    logLevel: 'silent',
    ...overrides,
  };
  const built = await buildApp(config, buildOptions);
  return {
    ...built,
    config,
    async close() {
      await built.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
