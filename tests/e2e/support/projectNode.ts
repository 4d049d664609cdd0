// The project's own Node 24 (the host's may be older): it runs the TypeScript server directly.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const projectNode = resolve('node_modules/.bin/node');
export const nodeBinary = existsSync(projectNode) ? projectNode : process.execPath;
