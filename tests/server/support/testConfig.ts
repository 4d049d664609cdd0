// The server configuration every test file starts from (and the seeded template is built with).
import { configFromEnv, type ServerConfig } from '../../../server/config.ts';

export function testServerConfig(dataDir: string): ServerConfig {
  return {
    ...configFromEnv({}),
    dataDir,
    inMemoryDatabase: !process.env.DATABASE_URL,
    databaseUrl: undefined,
    staticDir: undefined,
    logLevel: 'silent',
    // Test files count the alarms they store: no seeded history (tests/server/dashSeed.test.ts seeds its own).
    historyDays: 0,
    // No background embedding (a test that needs it turns it on): the suite's runtime stays what it was.
    retrievalIndex: { enabled: false, pollMs: 2000, searchEmbedLimit: 50 },
  };
}
