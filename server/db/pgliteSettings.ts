// Memory settings of the embedded database. PGlite runs PostgreSQL in WebAssembly inside the server process: its
// buffers and working memory are the process's memory, and the WebAssembly heap only grows. PGLITE_SETTINGS
// overrides or adds PostgreSQL settings ("name=value name=value").
//
// Measured (issue 9, server idle after a warm start, then after API reads): PostgreSQL's defaults 462 / 517 MB;
// shared_buffers=16MB 324 / 357 MB; 8MB 317 / 341 MB. Table and index pages beyond the buffers are read through
// the operating system's file cache, which is not the process's memory. The floor is PGlite itself: its
// WebAssembly heap starts at 128 MB and cannot start smaller (the module declares 2,048 pages), plus the compiled
// PostgreSQL code and its file bundle — about 300 MB with nothing else loaded.
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
  temp_buffers: '2MB',
  maintenance_work_mem: '16MB',
};

/** PGlite's own start parameters (single-user mode, no parallel workers …), which startParams replaces. */
const PGLITE_BASE_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
];

export function parseSettings(text: string | undefined): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const item of (text ?? '').split(/\s+/).filter(Boolean)) {
    const match = /^([a-z_]+)=([\w.]+)$/.exec(item);
    if (!match) throw new Error(`PGLITE_SETTINGS: "${item}" is not name=value`);
    settings[match[1]] = match[2];
  }
  return settings;
}

export interface PGliteMemoryOptions {
  startParams: string[];
}

export function pgliteMemoryOptions(env: NodeJS.ProcessEnv = process.env): PGliteMemoryOptions {
  const settings = { ...PGLITE_SETTINGS, ...parseSettings(env.PGLITE_SETTINGS) };
  const startParams = [...PGLITE_BASE_PARAMS, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  return { startParams };
}
