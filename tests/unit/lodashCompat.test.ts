// Issue 37: the build answers rsuite's `lodash/<name>` imports with es-toolkit/compat (vite.config.ts). This fails
// when an rsuite upgrade imports lodash in another form, or a function es-toolkit/compat does not have — either
// would bring lodash's CommonJS internals back (or break the build) without anyone choosing it.
// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LODASH_FUNCTION } from '../../scripts/vite/buildSettings.ts';

const PACKAGES = ['rsuite/esm', 'rsuite-table/es', 'dom-lib/esm'];

function lodashImports(): string[] {
  const found = new Set<string>();
  for (const pkg of PACKAGES) {
    const dir = resolve('node_modules', pkg);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !/\.m?js$/.test(entry.name)) continue;
      const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|require\(\s*)['"](lodash(?:-es)?(?:\/[^'"]*)?)['"]/g)) found.add(match[1]);
    }
  }
  return [...found].sort();
}

describe('lodash imports answered by es-toolkit/compat', () => {
  const imports = lodashImports();

  it('finds the one-function imports rsuite makes', () => {
    expect(imports.length).toBeGreaterThan(20);
    expect(imports).toContain('lodash/get');
  });

  it.each(imports)('%s has a module of the same name in es-toolkit/compat', async (specifier) => {
    const match = LODASH_FUNCTION.exec(specifier);
    expect(match, `${specifier} is not a one-function import the alias catches`).not.toBeNull();
    const name = (match as RegExpExecArray)[1];
    const module = (await import(`es-toolkit/compat/${name}`)) as { default: unknown };
    expect(typeof module.default).toBe('function');
  });
});
