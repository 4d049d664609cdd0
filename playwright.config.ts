// Browser tests: the built console (dist/, `npx vite build` first) against the real server. Each worker starts its
// own server on a copy of a seeded demo site (tests/e2e/support/fixtures.ts; the copy is built once by
// tests/e2e/support/globalSetup.ts), on a free port (E2E_PORT + its index when set); E2E_STATIC_DIR names the build to serve.
import { defineConfig, devices } from '@playwright/test';

// Two workers fit a 2-core machine: a browser and a server each, mostly waiting on one another.
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/globalSetup.ts',
  workers,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Limits for a loaded 2-core machine: tests wait for conditions; these only bound a hang.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    // A failed test keeps its trace (actions, DOM snapshots, console, network) without the screencast: the
    // screenshots were ~30 % of the run's CPU (catalogue + system specs: 109 s → 77 s of CPU, same with no trace).
    trace: { mode: 'retain-on-failure', screenshots: false },
    actionTimeout: 30_000,
    navigationTimeout: 45_000,
    launchOptions: {
      // Debian's Chromium binary itself, not its /usr/bin/chromium wrapper: the wrapper adds --enable-gpu-rasterization
      // (rasterised by SwiftShader on a machine without a GPU) and loads extensions. Measured on catalogue + system
      // specs: the browsers' CPU 356 s through the wrapper, 197 s direct (GPU process 145 s → 27 s).
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/lib/chromium/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // The route walk reads every list in English and flags Chinese text: in a worker of its own it walks a fresh copy
    // of the seeded site, not the records other specs typed (in Chinese, kept as typed) on their worker's server.
    // Listed first, its two long tests start first instead of ending the run alone.
    { name: 'walk', testMatch: /routeWalk\.spec\.ts/, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', testIgnore: /routeWalk\.spec\.ts/, use: { ...devices['Desktop Chrome'] } },
  ],
});
