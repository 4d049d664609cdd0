// Run by the e2e global setup with the project's Node: migrates and seeds a demo site into the folder named on the
// command line, then closes it cleanly, so each Playwright worker can start its server on a copy of it.
import { buildApp } from '../../../server/app.ts';
import { configFromEnv } from '../../../server/config.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: buildTemplate.ts <dataDir>');
// The history's rhythm is that of the hours before a fixed Wednesday afternoon, whatever the day the tests run on:
// the counts, rankings and busy hours a test sees are the same every day (only their dates move with the clock).
const seedPatternAt = new Date(2026, 10, 25, 15, 0, 0);
const built = await buildApp({ ...configFromEnv({}), seedPatternAt, dataDir, staticDir: undefined, logLevel: 'warn', retrievalIndex: { enabled: false, pollMs: 2000, searchEmbedLimit: 50 } });
await built.close();
