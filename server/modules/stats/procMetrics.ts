// The host's CPU, memory, disk and network figures on Linux, read from /proc and statfs without starting a process.
// systeminformation runs `cat /proc/stat` and `cat /proc/mounts` through execSync for the same figures: two shells
// a sample, each stopping the event loop for 20–30 ms on a loaded machine (seen in the ingest bench's profile).
import { readFile, statfs } from 'node:fs/promises';
import { cpus } from 'node:os';

export interface ProcReading {
  cores: number;
  /** Busy share of all cores since the previous reading (since boot on the first), 0–100. */
  cpu: number;
  memory: { total: number; used: number };
  disk: { total: number; used: number } | null;
  /** Bytes per second since the previous reading over every interface but loopback; null on the first. */
  network: { rxBytesPerSec: number; txBytesPerSec: number } | null;
}

interface Counters {
  at: number;
  busy: number;
  total: number;
  rx: number;
  tx: number;
}

/** `cpu  user nice system idle iowait irq softirq steal …`: idle and iowait are not busy. */
export function parseCpuTimes(stat: string): { busy: number; total: number } {
  const line = stat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) throw new Error('no cpu line in /proc/stat');
  // guest and guest_nice are already counted in user and nice.
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((s, n) => s + n, 0);
  const idle = fields[3] + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** MemTotal and MemTotal − MemAvailable (what systeminformation calls active), in bytes. */
export function parseMemory(meminfo: string): { total: number; used: number } {
  const kb = (name: string) => {
    const m = new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(meminfo);
    if (!m) throw new Error(`no ${name} in /proc/meminfo`);
    return Number(m[1]) * 1024;
  };
  const total = kb('MemTotal');
  return { total, used: total - kb('MemAvailable') };
}

/** Received and sent bytes summed over the interfaces of /proc/net/dev, loopback left out. */
export function parseNetwork(dev: string): { rx: number; tx: number } {
  let rx = 0;
  let tx = 0;
  for (const line of dev.split('\n').slice(2)) {
    const [name, rest] = line.split(':');
    if (!rest || name.trim() === 'lo') continue;
    const fields = rest.trim().split(/\s+/).map(Number);
    rx += fields[0];
    tx += fields[8];
  }
  return { rx, tx };
}

/** A reader keeping the previous counters, so CPU and network are rates over the time between two readings. */
export function procReader(dataDir: string): () => Promise<ProcReading> {
  let previous: Counters | null = null;
  return async () => {
    const [stat, meminfo, dev, fsStats] = await Promise.all([
      readFile('/proc/stat', 'utf8'),
      readFile('/proc/meminfo', 'utf8'),
      readFile('/proc/net/dev', 'utf8').catch(() => ''),
      statfs(dataDir).catch(() => null),
    ]);
    const cpu = parseCpuTimes(stat);
    const net = parseNetwork(dev);
    const now: Counters = { at: Date.now(), ...cpu, ...net };
    const busy = now.busy - (previous?.busy ?? 0);
    const total = now.total - (previous?.total ?? 0);
    const seconds = previous ? (now.at - previous.at) / 1000 : 0;
    const network =
      previous && seconds > 0 && dev
        ? { rxBytesPerSec: Math.max(0, (now.rx - previous.rx) / seconds), txBytesPerSec: Math.max(0, (now.tx - previous.tx) / seconds) }
        : null;
    previous = now;
    return {
      cores: cpus().length,
      cpu: total > 0 ? Math.min(100, Math.max(0, (busy / total) * 100)) : 0,
      memory: parseMemory(meminfo),
      // As df counts it: used = all blocks − free blocks.
      disk: fsStats ? { total: fsStats.blocks * fsStats.bsize, used: (fsStats.blocks - fsStats.bfree) * fsStats.bsize } : null,
      network,
    };
  };
}
