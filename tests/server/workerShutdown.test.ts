// A model worker ended while onnxruntime runs (a server's shutdown, a run that timed out) must not abort the server.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function runChild(kind: 'features' | 'detector', how: 'close' | 'timeout') {
  const child = spawnSync(process.execPath, ['tests/server/support/closeWorkersMidRun.ts', kind, how], { encoding: 'utf8', timeout: 120_000 });
  return { status: child.status, signal: child.signal, stdout: child.stdout, stderr: child.stderr };
}

describe('model workers end without aborting the process', () => {
  for (const kind of ['features', 'detector'] as const) {
    for (const how of ['close', 'timeout'] as const) {
      it(`${kind}: ${how} during a run`, () => {
        const result = runChild(kind, how);
        expect(result.stderr).not.toContain('terminate called');
        expect(result.status, result.stderr).toBe(0);
        const { outcomes } = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as { outcomes: string[] };
        expect(outcomes).toHaveLength(6);
        // Every request got an answer or a named failure; none hung.
        for (const outcome of outcomes) expect(outcome).toMatch(/^answered$|closed|timed out/);
        if (how === 'timeout') expect(outcomes.every((o) => o.includes('timed out') || o.includes('closed'))).toBe(true);
      }, 150_000);
    }
  }
});
