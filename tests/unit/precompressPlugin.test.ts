// The precompress plugin writes its copies in the build's folder, also when the build is given an absolute
// --outDir (it wrote them under the project root instead, so such a build was served uncompressed).
// @vitest-environment node
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { afterEach, expect, it } from 'vitest';
import { precompress } from '../../scripts/vite/precompress.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('compresses the files of an absolute output folder in place', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'argus-out-'));
  const root = mkdtempSync(join(tmpdir(), 'argus-root-'));
  dirs.push(outDir, root);
  writeFileSync(join(outDir, 'app.js'), `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i })))};\n`);
  const plugin = precompress();
  const logs: string[] = [];
  (plugin.configResolved as (config: ResolvedConfig) => void)({ root, build: { outDir }, logger: { info: (m: string) => logs.push(m) } } as unknown as ResolvedConfig);
  await (plugin.closeBundle as () => Promise<void>)();
  expect(existsSync(join(outDir, 'app.js.br'))).toBe(true);
  expect(existsSync(join(outDir, 'app.js.gz'))).toBe(true);
  expect(logs.join(' ')).toMatch(/precompressed 1 files/);
});
