// What every start does to the database before serving: the migrations, and on a new site the seed (the demo site's
// devices and accounts, its simulated history marked simulated, its training area).
import type { ServerConfig } from '../config.ts';
import type { DatabaseHandle } from './database.ts';
import { migrate } from './migrate.ts';
import { seedSimulatedHistory } from './seed/dashSeed.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { seedDemoTraining } from './seed/trainingSeed.ts';

export async function prepareDatabase(database: DatabaseHandle, config: ServerConfig): Promise<void> {
  await migrate(database);
  const seeded = await seedIfEmpty(database.db, config);
  // A new demo site gets its simulated history (marked simulated), so its charts have something true to show.
  if (seeded && config.historyDays > 0) {
    await seedSimulatedHistory(database.db, { days: config.historyDays, dataDir: config.dataDir, durable: Boolean(config.databaseUrl), patternAt: config.seedPatternAt });
    // And its training area: a trained, published algorithm and a dataset halfway through the wizard.
    await seedDemoTraining(database.db, config.dataDir);
  }
}
