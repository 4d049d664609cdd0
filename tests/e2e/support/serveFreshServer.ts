// Starts the Argus server for the browser tests on a fresh, empty data directory (so every run signs in to the
// same seeded demo site), and removes that directory when the server stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = process.env.ARGUS_E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'argus-e2e-'));
const server = spawn(process.execPath, ['server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});

// Pass a stop signal on (Playwright signals the whole process group, so the server may get it twice; its data
// is thrown away anyway), and make sure it is gone after 5 s.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.kill(signal);
    setTimeout(() => server.kill('SIGKILL'), 5000).unref();
  });
}

server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
