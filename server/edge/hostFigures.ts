// The box's own figures for its heartbeat: the host's CPU (busy share of all cores since the last heartbeat),
// memory and the disk holding the box's data folder, read from /proc and statfs as the platform reads its own
// host (server/modules/stats/procMetrics.ts), so they are real measurements, not estimates.
import { primaryIp, round1 } from '../modules/stats/hostMetrics.ts';
import { procReader } from '../modules/stats/procMetrics.ts';

export interface HostFigures {
  ip: string;
  cpuUsage?: number;
  memoryUsage?: number;
  diskUsage?: number;
}

export function hostFigures(dataDir: string): () => Promise<HostFigures> {
  const read = procReader(dataDir);
  return async () => {
    try {
      const r = await read();
      const pct = (used: number, total: number) => (total > 0 ? Math.min(100, round1((used / total) * 100)) : undefined);
      return {
        ip: primaryIp(),
        cpuUsage: round1(r.cpu),
        memoryUsage: pct(r.memory.used, r.memory.total),
        ...(r.disk ? { diskUsage: pct(r.disk.used, r.disk.total) } : {}),
      };
    } catch {
      // Not Linux (no /proc): the heartbeat goes without figures rather than with made-up ones.
      return { ip: primaryIp() };
    }
  };
}
