// Staged uploads a stopped server left in <DATA_DIR>/tmp are removed at the next start once a day old; fresh ones
// (an upload another request is receiving now) stay.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stagingPath, sweepStaged } from '../../server/http/stagedUploads.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'argus-staged-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('staged uploads', () => {
  it('are private files under DATA_DIR/tmp, and the sweep removes only those a day old', () => {
    const old = stagingPath(dataDir, 'upload', 'zip');
    const fresh = stagingPath(dataDir, 'validate', 'video');
    expect(old.startsWith(join(dataDir, 'tmp'))).toBe(true);
    writeFileSync(old, 'left by a stopped server');
    writeFileSync(fresh, 'being received');
    const dayAgo = (Date.now() - 25 * 3600_000) / 1000;
    utimesSync(old, dayAgo, dayAgo);
    expect(sweepStaged(dataDir)).toBe(1);
    expect(readdirSync(join(dataDir, 'tmp'))).toEqual([fresh.split('/').at(-1)]);
    mkdirSync(join(dataDir, 'nothing'), { recursive: true });
    expect(sweepStaged(join(dataDir, 'nothing'))).toBe(0);
  });
});
