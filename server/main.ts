// Starts the Argus server: API, websockets and the built console on one port. With `--build-console` (npm start)
// it builds the console first, or beside a new site's first-start work when the machine has the memory
// (consoleBuild.ts). The server's own modules are loaded only after that work is started, so that loading them
// (about 2.5 s of CPU) overlaps it too.
import { buildBeside, buildConsole } from './consoleBuild.ts';
import { configFromEnv, DEMO_ADMIN_PASSWORD, DEMO_OPERATOR_PASSWORD, edgeMediaDir } from './config.ts';
import { prepareNewDataDir, needsNewDataDir } from './db/newDataDir.ts';
import { claimPort, listenWithAcceptors } from './http/acceptors.ts';
import { ensureDemoVideo } from './media/demoVideo.ts';

const started = performance.now();
const config = configFromEnv();
// A port already taken is said at once, not after the database has been opened and seeded.
await claimPort(config.host, config.port).catch((error: NodeJS.ErrnoException) => {
  if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES') throw error;
  console.error(`Argus cannot listen on ${config.host}:${config.port}: ${error.code === 'EADDRINUSE' ? 'another program uses that port' : 'not allowed'} (set PORT or HOST).`);
  process.exit(1);
});
const consoleBuildFailed = (error: Error) => {
  console.error(`Argus could not build its console: ${error.message}`);
  process.exit(1);
};
let consoleBuild: Promise<void> | null = null;
if (process.argv.includes('--build-console')) {
  consoleBuild = buildConsole().catch(consoleBuildFailed);
  if (!buildBeside()) await consoleBuild;
}
// A new embedded database is created and seeded by a child process (newDataDir.ts: the memory that takes is the
// child's, not this long-running process's). A new demo site's video (server/media/DEMO_VIDEO.md) is built by
// ffmpeg meanwhile, on the other core, so that the in-process box starts as soon as the server listens.
let newDataDir: Promise<void> | null = null;
if (needsNewDataDir(config)) {
  if (config.edge.enabled) void ensureDemoVideo(edgeMediaDir(config), (line) => console.log(line)).catch(() => undefined);
  newDataDir = prepareNewDataDir().catch((error: Error) => {
    console.error(`Argus could not create its database in ${config.dataDir}: ${error.message}`);
    process.exit(1);
  });
}
const [{ buildApp }, { startDemoEdgeBox }, { startAlarmMaintenance }, { startDemoBox }, { startFlowCounters }] = await Promise.all([
  import('./app.ts'),
  import('./edge/demoEdgeBox.ts'),
  import('./modules/alarms/maintenance.ts'),
  import('./simulator/demoBox.ts'),
  import('./simulator/flowCounter.ts'),
]);
await newDataDir;
await consoleBuild;
const built = await buildApp(config);
const port = await listenWithAcceptors(built.app, config.host, config.port);
const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}/`;
const ms = Math.round(performance.now() - started);
const demo =
  config.adminPassword === DEMO_ADMIN_PASSWORD
    ? `\n  demo accounts: admin / ${DEMO_ADMIN_PASSWORD} (administrator), operator / ${DEMO_OPERATOR_PASSWORD} (operator)`
    : '';
console.log(
  `Argus is running at ${url} (database: ${built.database.kind}${built.database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}, ready in ${ms} ms)${demo}`,
);

// The demo site's edge boxes as simulated boxes on the box API, unless SIMULATOR=off (README: configuration).
const simulator = process.env.SIMULATOR === 'off' ? null : startDemoBox(url, config.dataDir, (line) => console.log(line));

// The demo boxes' passenger-flow counters (every minute), unless SIMULATOR=off.
const flowCounters = process.env.SIMULATOR === 'off' ? null : startFlowCounters(url, config.dataDir, (line) => console.log(line));

// This server as the demo site's third, real edge box: the demo video analysed in-process, unless EDGE=off.
const edgeBox = config.edge.enabled ? startDemoEdgeBox(url, config.dataDir, edgeMediaDir(config), (line) => console.log(line)) : null;

// Snapshot files of deleted alarms go a day later; on PGlite the alarms table is analysed as it grows.
const maintenance = startAlarmMaintenance(built.database, config.dataDir, (err) => built.app.log.warn({ err }, 'alarm maintenance'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await simulator?.stop();
    await edgeBox?.stop();
    flowCounters?.stop();
    maintenance.stop();
    await built.close();
    process.exit(0);
  });
}
