// The host figures read from /proc (server/modules/stats/procMetrics.ts): the parsers on fixed text, and a real
// reading on this machine against what Node itself reports.
import { statfsSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseCpuTimes, parseMemory, parseNetwork, procReader } from '../../server/modules/stats/procMetrics.ts';

describe('the /proc parsers', () => {
  it('counts idle and iowait as not busy, and leaves guest time out (already in user)', () => {
    const stat = 'cpu  100 10 50 800 40 0 5 0 30 0\ncpu0 50 5 25 400 20 0 2 0 15 0\nintr 1 2\n';
    expect(parseCpuTimes(stat)).toEqual({ busy: 165, total: 1005 });
  });

  it('answers MemTotal and MemTotal − MemAvailable in bytes', () => {
    expect(parseMemory('MemTotal:       1000 kB\nMemFree:   100 kB\nMemAvailable:    400 kB\n')).toEqual({ total: 1024000, used: 614400 });
    expect(() => parseMemory('MemTotal: 1 kB\n')).toThrow(/MemAvailable/);
  });

  it('sums received and sent bytes of every interface but loopback', () => {
    const dev = [
      'Inter-|   Receive                                                |  Transmit',
      ' face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed',
      '    lo: 900 9 0 0 0 0 0 0 900 9 0 0 0 0 0 0',
      '  eth0: 1000 10 0 0 0 0 0 0 2000 20 0 0 0 0 0 0',
      '  eth1: 30 1 0 0 0 0 0 0 40 1 0 0 0 0 0 0',
    ].join('\n');
    expect(parseNetwork(dev)).toEqual({ rx: 1030, tx: 2040 });
  });
});

describe.runIf(process.platform === 'linux')('a reading of this machine', () => {
  it('matches what Node reports, and gives rates from the second reading on', async () => {
    const read = procReader(tmpdir());
    const first = await read();
    expect(first.cores).toBe(cpus().length);
    expect(first.memory.total).toBe(totalmem());
    expect(first.memory.used).toBeGreaterThan(0);
    expect(first.memory.used).toBeLessThan(first.memory.total);
    const fs = statfsSync(tmpdir());
    expect(first.disk?.total).toBe(fs.blocks * fs.bsize);
    expect(first.cpu).toBeGreaterThanOrEqual(0);
    expect(first.cpu).toBeLessThanOrEqual(100);
    expect(first.network).toBeNull();
    // Some CPU time passes between the readings, whatever the machine's load.
    const until = Date.now() + 50;
    while (Date.now() < until);
    const second = await read();
    expect(second.cpu).toBeGreaterThan(0);
    expect(second.cpu).toBeLessThanOrEqual(100);
    expect(second.network?.rxBytesPerSec ?? 0).toBeGreaterThanOrEqual(0);
  });
});
