import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/unitSetup.ts'],
          // Limits for a loaded 2-core machine: tests wait for conditions, these only bound a hang.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // Two instances sharing one database need a PostgreSQL server (.ci/run starts one).
          exclude: process.env.DATABASE_URL ? [] : ['tests/server/realtimeCluster.test.ts'],
          environment: 'node',
          // One migrated, seeded demo site per run; each file starts from a copy of it.
          globalSetup: ['tests/setup/serverTemplate.ts'],
          // One database per test file, two files at a time (one per core); a worker keeps the server's modules
          // loaded from one file to the next instead of importing them again for each.
          fileParallelism: true,
          maxWorkers: 2,
          isolate: false,
          // Limits for a loaded 2-core machine: tests wait for conditions, these only bound a hang.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
