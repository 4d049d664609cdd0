// Issue 9, item 7: the embedded database starts with the measured memory settings; PGLITE_SETTINGS adds or
// overrides them and refuses what is not name=value.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings, PGLITE_SETTINGS, pgliteMemoryOptions } from '../../server/db/pgliteSettings.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('PGlite memory settings', () => {
  it('starts the embedded database with them', async () => {
    if (server.database.kind !== 'pglite') return expect(server.database.kind).toBe('postgres');
    // (Column names come back camel-cased.)
    const { rows } = await sql<Record<string, string>>`SHOW shared_buffers`.execute(server.database.db);
    expect(Object.values(rows[0])).toEqual([PGLITE_SETTINGS.shared_buffers]);
  });

  it('adds and overrides settings from PGLITE_SETTINGS, keeping PGlite own start parameters', () => {
    const { startParams } = pgliteMemoryOptions({ PGLITE_SETTINGS: 'shared_buffers=32MB work_mem=2MB' });
    expect(startParams).toContain('--single');
    expect(startParams).toContain('shared_buffers=32MB');
    expect(startParams).toContain('work_mem=2MB');
    expect(startParams).not.toContain(`shared_buffers=${PGLITE_SETTINGS.shared_buffers}`);
    expect(startParams).toContain(`temp_buffers=${PGLITE_SETTINGS.temp_buffers}`);
  });

  it('refuses a setting that is not name=value', () => {
    expect(() => parseSettings('shared_buffers')).toThrow(/name=value/);
    expect(() => parseSettings('a=1;DROP')).toThrow(/name=value/);
    expect(parseSettings('  ')).toEqual({});
  });
});
