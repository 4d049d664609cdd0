// Child process of newDataDir.ts: creates the embedded database of the configuration in the environment, migrates
// and seeds it, and closes it. It is built in a folder beside its place and renamed into it only once complete, so a
// child killed on the way leaves no half-seeded database: the next start finds none and builds it again.
import { renameSync, rmSync } from 'node:fs';
import { configFromEnv } from '../config.ts';
import { openDatabase, pgliteDataDir } from './database.ts';
import { prepareDatabase } from './prepare.ts';

const config = configFromEnv();
const finalDir = pgliteDataDir(config.dataDir);
const buildDir = `${finalDir}.new`;
rmSync(buildDir, { recursive: true, force: true });
const database = await openDatabase({ dataDir: config.dataDir, pgliteDir: buildDir });
try {
  await prepareDatabase(database, config);
} finally {
  await database.close();
}
// The final folder holds no database (newDataDir.ts looked): anything there is an older start's remains.
rmSync(finalDir, { recursive: true, force: true });
renameSync(buildDir, finalDir);
// The seed's helpers may leave timers or workers behind (they are built for a running server): the work is done.
process.exit(0);
