// What the ingest bench reads and does to the machine beside the server: a process's CPU time and how long its
// event-loop thread waited for a CPU (/proc), and processes that keep cores busy for the length of a run.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** utime + stime of a process, in milliseconds (clock ticks of 10 ms). */
export function cpuMs(pid: number, thread = false): number {
  const fields = readFileSync(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Time the thread waited on a run queue (ready, not running), in milliseconds: /proc's schedstat, field 2 (ns). */
export function runWaitMs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
}

/**
 * `cores` processes that each keep one CPU busy until stopped: a defined load beside the server, the same on every
 * run (a build running beside it varies with what it builds). They are the bench's children, so the kernel shares
 * the CPU between their threads and the server's as equals (one autogroup) — unless `nice` sets them lower, as an
 * operator runs batch work beside a server.
 */
export function spinCores(cores: number, nice = 0): () => Promise<void> {
  // Niced, they run in a session of their own, as batch work started apart from the server, and that session's
  // autogroup is set to `nice` too: with autogroups the kernel shares the CPU between sessions first, and a process's
  // own nice counts only within its session.
  const spinners = Array.from({ length: cores }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: nice !== 0 }));
  for (const spinner of spinners) {
    if (nice === 0 || spinner.pid === undefined) continue;
    setPriority(spinner.pid, nice);
    try {
      if (existsSync(`/proc/${spinner.pid}/autogroup`)) writeFileSync(`/proc/${spinner.pid}/autogroup`, String(nice));
    } catch {
      // A kernel that refuses it: the process's own nice value applies (within the bench's session only).
    }
  }
  const stop = (c: ChildProcess) =>
    new Promise((resolve) => {
      if (c.exitCode !== null || c.signalCode !== null) return resolve(null);
      c.once('exit', resolve);
      c.kill('SIGKILL');
    });
  return async () => {
    await Promise.all(spinners.map(stop));
  };
}
