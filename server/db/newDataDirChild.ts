// Child process of newDataDir.ts: creates the embedded database of the configuration in the environment, migrates
// and seeds it, and closes it.
import { configFromEnv } from '../config.ts';
import { openDatabase } from './database.ts';
import { prepareDatabase } from './prepare.ts';

const config = configFromEnv();
const database = await openDatabase({ dataDir: config.dataDir });
try {
  await prepareDatabase(database, config);
} finally {
  await database.close();
}
// The seed's helpers may leave timers or workers behind (they are built for a running server): the work is done.
process.exit(0);
