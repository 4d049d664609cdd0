// The ingest path's lookups (box secret, camera binding, disabled events) are cached for a few seconds per server,
// and a miss is loaded once for every request that meets it meanwhile: alarms arriving together on a cold server
// (a restart under load) ask the database once, not once each.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Cached, cached } from '../../server/modules/edgeBox/boxAuth.ts';
import { demoBoxes, ingest } from './support/alarms.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

describe('cached', () => {
  it('shares one load among the callers that miss while it runs, and keeps what it read', async () => {
    const cache = new Map<number, Cached<string>>();
    let release!: (value: string) => void;
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const waiting = Promise.all([cached(cache, 7, load), cached(cache, 7, load), cached(cache, 7, load)]);
    expect(load).toHaveBeenCalledTimes(1);
    release('box 7');
    expect(await waiting).toEqual(['box 7', 'box 7', 'box 7']);
    expect(await cached(cache, 7, load)).toBe('box 7');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the next caller load again after a failed load', async () => {
    const cache = new Map<number, Cached<string>>();
    const failing = vi.fn(() => Promise.reject(new Error('database away')));
    await expect(Promise.all([cached(cache, 1, failing), cached(cache, 1, failing)])).rejects.toThrow('database away');
    expect(failing).toHaveBeenCalledTimes(1);
    expect(await cached(cache, 1, async () => 'back')).toBe('back');
  });
});

describe('a burst of alarms on a cold server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('looks up the box, its camera and the disabled events once', async () => {
    const executor = server.database.db.getExecutor();
    const queries: string[] = [];
    const original = executor.executeQuery.bind(executor);
    // Each query answers 20 ms late, as under load: every request of the burst meets the empty caches.
    const spy = vi.spyOn(executor, 'executeQuery').mockImplementation(async (query, ...rest) => {
      queries.push(query.sql);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return original(query, ...rest);
    });
    try {
      const [box] = demoBoxes(server.config.dataDir);
      const answers = await Promise.all(Array.from({ length: 10 }, () => ingest(server.app, box)));
      expect(answers.map((a) => a.json.code)).toEqual(Array.from({ length: 10 }, () => 0));
    } finally {
      spy.mockRestore();
    }
    const count = (table: string) => queries.filter((q) => new RegExp(`from "?${table}"?`, 'i').test(q)).length;
    expect(count('edge_boxes')).toBe(1);
    expect(count('devices')).toBe(1);
    expect(count('catalogue_events')).toBe(1);
  });
});
