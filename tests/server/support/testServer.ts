// Builds a fresh server for one test file: embedded PGlite in memory by default, or a new throwaway database on
// the PostgreSQL server named by DATABASE_URL (created here, dropped on close). Both start from the migrated,
// seeded template the suite's global setup built once (tests/setup/serverTemplate.ts); a file whose overrides
// change what the seed writes (the demo passwords) migrates and seeds its own.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type BuildOptions, type BuiltApp, buildApp } from '../../../server/app.ts';
import type { ServerConfig } from '../../../server/config.ts';
import { testServerConfig } from './testConfig.ts';

export interface TestServer extends BuiltApp {
  config: ServerConfig;
}

/** Overrides that change the seeded data: a file that sets one of these cannot start from the template. */
const SEED_INPUTS: (keyof ServerConfig)[] = ['adminPassword', 'operatorPassword', 'dataDir'];

export async function startTestServer(overrides: Partial<ServerConfig> = {}, buildOptions: BuildOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-test-'));
  const templateDir = inject('serverTemplateDir');
  const useTemplate = Boolean(templateDir) && !SEED_INPUTS.some((key) => key in overrides);
  if (useTemplate) cpSync(join(templateDir, 'files'), dataDir, { recursive: true });
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (adminUrl) {
    const { default: pg } = await import('pg');
    const name = `argus_test_${randomBytes(6).toString('hex')}`;
    const template = useTemplate ? inject('serverTemplateDatabase') : '';
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
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
  const databaseTemplate =
    useTemplate && !adminUrl ? new Blob([readFileSync(join(templateDir, 'pgdata.tar'))]) : undefined;
  const config: ServerConfig = {
    ...testServerConfig(dataDir),
    databaseUrl,
    databaseTemplate,
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
