// Issue 9, item 3: the styles every page loads are one file, and those every signed-in page loads another. The
// groups take exactly the sheets the boot and the shell import without waiting, plus rsuite's base and shell sheets,
// and no sheet is in both.
// @vitest-environment node
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { styleChunkGroups, styleChunkSheets } from '../../scripts/vite/styleChunks.ts';

const srcDir = resolve('src');
const sheetsDir = resolve('node_modules/.cache/argus-rsuite-css');
const { base, shell } = styleChunkSheets({ srcDir, sheetsDir });
const rel = (paths: Iterable<string>) => [...paths].map((p) => p.replace(`${resolve('.')}/`, '')).sort();

describe('style chunks', () => {
  it('groups the boot sheets with rsuite base, and the shell sheets with rsuite shell', () => {
    expect(rel(base)).toContain('src/app/app.css');
    expect(rel(base)).toContain('node_modules/.cache/argus-rsuite-css/rsuite-base.css');
    expect(rel(shell)).toContain('src/app/layouts/layouts.css');
    expect(rel(shell)).toContain('node_modules/.cache/argus-rsuite-css/rsuite-shell.css');
    expect([...base].filter((f) => shell.has(f))).toEqual([]);
  });

  it("leaves a screen's own sheet with its screen", () => {
    expect(rel([...base, ...shell]).some((f) => f.startsWith('src/screens/'))).toBe(false);
  });

  it('matches module ids with or without a query', () => {
    const [baseGroup, shellGroup] = styleChunkGroups({ srcDir, sheetsDir });
    expect(baseGroup.test(resolve(srcDir, 'app/app.css'))).toBe(true);
    expect(baseGroup.test(`${resolve(srcDir, 'app/app.css')}?used`)).toBe(true);
    expect(shellGroup.test(resolve(srcDir, 'app/app.css'))).toBe(false);
    expect(shellGroup.test(resolve(srcDir, 'screens/alarms/alarms.css'))).toBe(false);
  });
});
