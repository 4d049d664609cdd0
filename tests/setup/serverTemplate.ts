// Vitest global setup of the server suite: one migrated, seeded demo site is built once per run, and every test
// file starts from a copy of it instead of migrating and seeding its own (initdb + migrations + seed cost 5–15 s a
// file on a loaded 2-core machine; loading the copy, about 1.5 s).
//   embedded (PGlite): a dump of the template's data directory (dumpDataDir) plus the files the seed wrote
//   PostgreSQL (DATABASE_URL): a template database; each file's database is CREATE DATABASE … TEMPLATE it
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { testServerConfig } from '../server/support/testConfig.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder holding the template: `files/` (what the seed wrote to its data dir) and, embedded, `pgdata.tar`. */
    serverTemplateDir: string;
    /** PostgreSQL only: the template database's name. */
    serverTemplateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const { buildApp } = await import('../../server/app.ts');
  const templateDir = mkdtempSync(join(tmpdir(), 'argus-template-'));
  const dataDir = join(templateDir, 'files');
  const adminUrl = process.env.DATABASE_URL;
  let databaseName = '';
  let databaseUrl: string | undefined;
  let admin: import('pg').Client | undefined;
  if (adminUrl) {
    const { default: pg } = await import('pg');
    databaseName = `argus_template_${randomBytes(6).toString('hex')}`;
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  // buildApp migrates and seeds; closing it leaves the template with no connection (CREATE … TEMPLATE needs that).
  const built = await buildApp({ ...testServerConfig(dataDir), inMemoryDatabase: !adminUrl, databaseUrl });
  if (!adminUrl) {
    const dump = await built.database.dump?.();
    if (!dump) throw new Error('the embedded database cannot dump its data directory');
    writeFileSync(join(templateDir, 'pgdata.tar'), Buffer.from(await dump.arrayBuffer()));
  }
  await built.close();
  project.provide('serverTemplateDir', templateDir);
  project.provide('serverTemplateDatabase', databaseName);

  return async () => {
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
    rmSync(templateDir, { recursive: true, force: true });
  };
}
