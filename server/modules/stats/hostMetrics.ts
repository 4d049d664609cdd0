// The real figures of the host this server runs on (CPU, memory, the disk holding the data directory, network
// throughput, GPUs): from /proc on Linux (procMetrics.ts), through systeminformation elsewhere and for the GPUs. No
// GPU is reported as none: only real graphics processors count, not a virtual machine's display adapter. GPU
// discovery (which may run nvidia-smi) is repeated every few minutes only.
import { hostname, networkInterfaces } from 'node:os';
import si from 'systeminformation';
import type { StoredGpu } from '../../db/dashTables.ts';
import { type ProcReading, procReader } from './procMetrics.ts';

export interface Amount {
  total: number | null;
  used: number | null;
  usage: number | null;
}

export interface HostSample {
  nodeId: string;
  hostname: string;
  ip: string;
  cores: number;
  cpu: number;
  memory: Amount;
  disk: Amount;
  /** Null on the first sample (throughput needs two readings). */
  network: { rxBytesPerSec: number; txBytesPerSec: number } | null;
  gpuDetected: boolean;
  gpus: StoredGpu[];
}

const GPU_REFRESH_MS = 5 * 60_000;
/** Display adapters of virtual machines and servers' management chips: not processors anyone computes on. */
const NOT_A_GPU = /vmware|virtio|cirrus|qxl|bochs|red hat|microsoft|hyper-v|matrox|aspeed|vga compatible|llvmpipe|swrast/i;

export const hostNodeId = () => `host:${hostname()}`.slice(0, 64);

export function primaryIp(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const net of list ?? []) if (net.family === 'IPv4' && !net.internal) return net.address;
  }
  return '127.0.0.1';
}

const percent = (used: number, total: number) => (total > 0 ? round1((used / total) * 100) : 0);
export const round1 = (n: number) => Math.round(n * 10) / 10;

export interface HostMeter {
  sample(): Promise<HostSample>;
}

/** A meter for one data directory's disk; it keeps the GPU list between refreshes. */
export function hostMeter(dataDir: string): HostMeter {
  let gpuCache: { at: number; gpus: StoredGpu[] } | null = null;
  const gpus = async (): Promise<StoredGpu[]> => {
    if (gpuCache && Date.now() - gpuCache.at < GPU_REFRESH_MS) return gpuCache.gpus;
    const { controllers } = await si.graphics().catch(() => ({ controllers: [] as si.Systeminformation.GraphicsControllerData[] }));
    const found = controllers
      .filter((c) => !NOT_A_GPU.test(`${c.vendor} ${c.model} ${c.name ?? ''}`))
      .filter((c) => c.utilizationGpu !== undefined || (c.vram ?? 0) >= 256 || /nvidia|amd|advanced micro|radeon|intel arc/i.test(`${c.vendor} ${c.model}`))
      .map((c, index) => ({
        index,
        name: (c.name || c.model || c.vendor || 'GPU').slice(0, 128),
        usage: typeof c.utilizationGpu === 'number' ? round1(c.utilizationGpu) : null,
        memoryTotal: typeof c.memoryTotal === 'number' ? c.memoryTotal * 1024 * 1024 : typeof c.vram === 'number' ? c.vram * 1024 * 1024 : null,
        memoryUsed: typeof c.memoryUsed === 'number' ? c.memoryUsed * 1024 * 1024 : null,
      }));
    gpuCache = { at: Date.now(), gpus: found };
    return found;
  };

  // Linux: read from /proc without starting a process (procMetrics.ts); elsewhere through systeminformation.
  const figures = process.platform === 'linux' ? procReader(dataDir) : () => siFigures(dataDir);

  return {
    async sample() {
      const [reading, gpuList] = await Promise.all([figures(), gpus()]);
      return {
        nodeId: hostNodeId(),
        hostname: hostname().slice(0, 128),
        ip: primaryIp(),
        cores: reading.cores,
        cpu: round1(reading.cpu),
        memory: { total: reading.memory.total, used: reading.memory.used, usage: percent(reading.memory.used, reading.memory.total) },
        disk: reading.disk ? { total: reading.disk.total, used: reading.disk.used, usage: percent(reading.disk.used, reading.disk.total) } : { total: null, used: null, usage: null },
        network: reading.network ? { rxBytesPerSec: Math.round(reading.network.rxBytesPerSec), txBytesPerSec: Math.round(reading.network.txBytesPerSec) } : null,
        gpuDetected: gpuList.length > 0,
        gpus: gpuList,
      };
    },
  };
}

async function siFigures(dataDir: string): Promise<ProcReading> {
  const [load, mem, disks, nets, cpu] = await Promise.all([si.currentLoad(), si.mem(), si.fsSize().catch(() => []), si.networkStats('*').catch(() => []), si.cpu()]);
  // The filesystem holding the data directory: the longest mount point that prefixes it.
  const disk = disks.filter((d) => dataDir === d.mount || dataDir.startsWith(d.mount.endsWith('/') ? d.mount : `${d.mount}/`)).sort((a, b) => b.mount.length - a.mount.length)[0] ?? disks[0];
  const external = nets.filter((n) => n.iface !== 'lo' && n.rx_sec !== null && n.tx_sec !== null);
  return {
    cores: cpu.cores,
    cpu: Math.min(100, Math.max(0, load.currentLoad)),
    memory: { total: mem.total, used: mem.active },
    disk: disk ? { total: disk.size, used: disk.used } : null,
    network: external.length
      ? { rxBytesPerSec: external.reduce((s, n) => s + (n.rx_sec ?? 0), 0), txBytesPerSec: external.reduce((s, n) => s + (n.tx_sec ?? 0), 0) }
      : null,
  };
}
