// The edge box as its own process for tests (`npm run edge`: server/edge/cli.ts), with a box's id and secret, its
// output kept line by line: the server test (tests/server/edgeRuntime.test.ts) and the browser test
// (tests/e2e/edgeBox.spec.ts) run the real box this way.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../server/edge/cli.ts', import.meta.url));

export interface EdgeProcess {
  child: ChildProcess;
  lines: string[];
  /** boxEventIds the box logged as journaled. */
  journaled(): string[];
  /** The last lines it said, for a failure's message. */
  tail(count?: number): string;
  /** SIGTERM, SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface EdgeProcessOptions {
  platform: string;
  box: { boxId: number; secret: string };
  dataDir: string;
  mediaDir?: string;
  /** The Node that runs the TypeScript CLI (default: this one). */
  node?: string;
}

export function startEdgeProcess(options: EdgeProcessOptions): EdgeProcess {
  const args = [CLI, '--platform', options.platform, '--box', String(options.box.boxId), '--data-dir', options.dataDir];
  if (options.mediaDir) args.push('--media-dir', options.mediaDir);
  // The secret through the environment, as the CLI recommends (not in the process list).
  const child = spawn(options.node ?? process.execPath, args, {
    env: { ...process.env, EDGE_BOX_SECRET: options.box.secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let rest = '';
  const take = (chunk: Buffer) => {
    rest += chunk.toString();
    const parts = rest.split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    lines,
    journaled: () => lines.flatMap((l) => /alarm (\S+) \(type/.exec(l)?.[1] ?? []),
    tail: (count = 40) => lines.slice(-count).join('\n'),
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
