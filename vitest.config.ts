import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Unit files without JSX that still need a DOM (a stored session, the context-menu rule, the form rules' messages). */
const DOM_TESTS = ['tests/unit/routeShellRules.test.ts', 'tests/unit/inputRules.test.ts', 'tests/unit/storedSession.test.ts'];

// Workers per layer. vitest's default is one fewer than the cores: on a 2-core machine the unit layer ran one file at
// a time (measured at the same load, 1,726 tests: 1 worker 289 s, 2 workers 171 s; CPU 306 s vs 297 s). The server
// layer waits on real time (camera streams, clocks of the box runtime, restarts): 2 workers kept 1.3 cores busy
// (414 s), 3 workers 1.6 (342 s, same CPU). UNIT_WORKERS / SERVER_WORKERS override them.
const UNIT_WORKERS = Number(process.env.UNIT_WORKERS ?? 2);
const SERVER_WORKERS = Number(process.env.SERVER_WORKERS ?? 3);

export default defineConfig({
  test: {
    projects: [
      {
        // Pure logic (machines, rules, wire formats): no DOM to build for each file, which took a third of the
        // unit layer's time on a loaded machine.
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          exclude: DOM_TESTS,
          environment: 'node',
          setupFiles: ['tests/setup/unitSetup.ts'],
          maxWorkers: UNIT_WORKERS,
          // Hang bounds, not timings: a 1 s test took 47 s on a starved machine (a fresh clone's npm test beside a
          // build loop, two e2e workers and a helper's tests: load 15–20 on 2 cores).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'unit-dom',
          include: ['tests/unit/**/*.test.tsx', 'tests/machines/**/*.test.tsx', ...DOM_TESTS],
          environment: 'jsdom',
          setupFiles: ['tests/setup/unitSetup.ts'],
          maxWorkers: UNIT_WORKERS,
          // Limits for a loaded 2-core machine: tests wait for conditions, these only bound a hang (a form test of
          // several lazy steps took 40 s at load 15–20; a lazy form's first render alone took 50 s there, 4 s at
          // load 7). Above the findBy/waitFor limit of unitSetup.ts, so a slow find fails on its own words.
          testTimeout: 180_000,
          hookTimeout: 180_000,
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
          // One database per test file, SERVER_WORKERS files at a time; a worker keeps the server's modules
          // loaded from one file to the next instead of importing them again for each.
          fileParallelism: true,
          maxWorkers: SERVER_WORKERS,
          isolate: false,
          // Limits for a loaded 2-core machine: tests wait for conditions, these only bound a hang.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
