// `npm start` builds the console (vite build, into dist/) as part of the server's start (`--build-console`), so the
// build can run beside a new site's other first-start work — the database's seeding child and the demo video — on
// the other core, instead of before it: on 2 cores the build (about 15 s of CPU) then costs little of the first
// minute. Beside the seeding child (which peaks near 1.1 GB) the build adds its own ~0.9 GB, so it runs beside it only
// when the machine has the memory for both (MemAvailable ≥ 3 GiB); otherwise first, as `npm run build && …` did.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { freemem } from 'node:os';
import { createRequire } from 'node:module';

/** Memory the machine must have available for the build to run beside a new database's seeding. */
export const BUILD_BESIDE_MIN_BYTES = 3 * 1024 ** 3;

/** Whether the console build may run beside the rest of the start (enough memory available now). */
export function buildBeside(available = freemem()): boolean {
  return available >= BUILD_BESIDE_MIN_BYTES;
}

/** Runs `vite build` in the project folder, its output on this terminal; rejects when it fails. */
export function buildConsole(): Promise<void> {
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build'], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the console build failed (${signal ?? `exit code ${code}`})`))));
  });
}
