// CPU of a server process and what it started, read from /proc (bench/demoStart.ts): the work done since it started
// (every process of its tree, children that came and went included), and a window's share of a core by thread and
// for its ffmpeg children.
import { readdirSync, readFileSync } from 'node:fs';
import { loadAverage } from './benchServer.ts';
import { sleep, tree } from './edge.ts';

export interface IdleFigures {
  seconds: number;
  /** The server process (all its threads) and its children, % of one core. */
  totalPercentOfCore: number;
  /** Of which: ffmpeg children, and the server's threads by name (the busiest). */
  ffmpegPercentOfCore: number;
  threads: { name: string; percentOfCore: number }[];
  /** Whether the box kept up meanwhile (on a loaded machine it gets less CPU than it would use): the frames a
   *  second its ffmpeg decoded at the end (the video has 25) and the alarms its camera raised in the window (each
   *  30 s loop has a crossing and a stay in the area). Absent with EDGE=off. */
  decodedFps?: number | null;
  alarms?: number;
  loadAverage: number;
}

/**
 * CPU work of the server and everything it started (the database's seeding child, ffmpeg) since it started: each
 * process's user + system time as last seen (sampled every 250 ms, so a child's last quarter second may be missed).
 * On a shared machine the wall times stretch with the load; this does not, much.
 */
export function treeCpuMeter(root: number) {
  const last = new Map<number, { cpu: number; ffmpeg: boolean }>();
  const sample = () => {
    for (const pid of tree(root)) {
      const cpu = processCpu(pid);
      if (cpu === 0) continue;
      const known = last.get(pid);
      last.set(pid, { cpu, ffmpeg: known?.ffmpeg ?? isFfmpeg(pid) });
    }
  };
  const timer = setInterval(sample, 250);
  return {
    /** CPU ms so far: all, and ffmpeg's. */
    now(): { totalMs: number; ffmpegMs: number } {
      sample();
      const all = [...last.values()];
      return { totalMs: all.reduce((n, p) => n + p.cpu, 0), ffmpegMs: all.filter((p) => p.ffmpeg).reduce((n, p) => n + p.cpu, 0) };
    },
    stop: () => clearInterval(timer),
  };
}

function isFfmpeg(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'ffmpeg';
  } catch {
    return false;
  }
}

function threadCpu(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const tid of tasks) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Threads are keyed by name and id: a name is shared by a pool's threads.
      byName.set(`${name}#${tid}`, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // ended meanwhile
    }
  }
  return byName;
}

function processCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU of the server's threads and of its children over `ms`: each counted from when it was first seen. */
export async function measureIdle(serverPid: number, ms: number): Promise<IdleFigures> {
  const firstThreads = threadCpu(serverPid);
  const firstChildren = new Map<number, number>();
  const lastChildren = new Map<number, number>();
  const sample = () => {
    for (const pid of tree(serverPid).slice(1)) {
      const cpu = processCpu(pid);
      if (!firstChildren.has(pid)) firstChildren.set(pid, cpu);
      lastChildren.set(pid, cpu);
    }
  };
  sample();
  const timer = setInterval(sample, 1000);
  const started = performance.now();
  await sleep(ms);
  clearInterval(timer);
  sample();
  const wall = performance.now() - started;
  const lastThreads = threadCpu(serverPid);
  const percent = (cpuMs: number) => Math.round((cpuMs / wall) * 1000) / 10;
  const threads = new Map<string, number>();
  for (const [key, end] of lastThreads) {
    const name = key.split('#')[0];
    threads.set(name, (threads.get(name) ?? 0) + end - (firstThreads.get(key) ?? 0));
  }
  let children = 0;
  for (const [pid, end] of lastChildren) children += end - (firstChildren.get(pid) ?? end);
  const threadTotal = [...threads.values()].reduce((n, v) => n + v, 0);
  return {
    seconds: Math.round(wall / 1000),
    totalPercentOfCore: percent(threadTotal + children),
    ffmpegPercentOfCore: percent(children),
    threads: [...threads]
      .map(([name, cpuMs]) => ({ name, percentOfCore: percent(cpuMs) }))
      .filter((t) => t.percentOfCore > 0)
      .sort((a, b) => b.percentOfCore - a.percentOfCore)
      .slice(0, 8),
    loadAverage: loadAverage(),
  };
}

