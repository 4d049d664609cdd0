// `npm run dev`: the Vite dev server (with its proxy to the API) and the server, restarted when its files change.
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--watch-path=server', '--watch-path=openapi', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, STATIC_DIR: '' },
  }),
  spawn('vite', [], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
