// Each e2e spec runs against its worker's own server only if it takes `test` from the project's fixtures; one
// that imported Playwright's plain `test` would have no baseURL and no server.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../e2e');

describe('e2e specs', () => {
  it('take test and expect from tests/e2e/support/fixtures.ts, never from @playwright/test directly', () => {
    const specs = readdirSync(dir).filter((f) => f.endsWith('.spec.ts'));
    expect(specs.length).toBeGreaterThan(5);
    const direct = specs.filter((f) => /from '@playwright\/test'/.test(readFileSync(join(dir, f), 'utf8')));
    expect(direct).toEqual([]);
  });
});
