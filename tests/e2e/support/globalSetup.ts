// Playwright global setup: one migrated, seeded demo site is built once per run; every worker starts its own
// server on a copy of it (tests/e2e/support/fixtures.ts), so workers run in parallel without sharing state and no
// worker pays for migrations and the seed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeBinary } from './projectNode.ts';

export default async function globalSetup() {
  const root = mkdtempSync(join(tmpdir(), 'argus-e2e-template-'));
  const dataDir = join(root, 'data');
  execFileSync(nodeBinary, ['tests/e2e/support/buildTemplate.ts', dataDir], { stdio: 'inherit', timeout: 180_000 });
  process.env.ARGUS_E2E_TEMPLATE_DIR = dataDir;
  return () => rmSync(root, { recursive: true, force: true });
}
