// `npm run bench` (bench/run.ts), the server's sections: each measures and prints its figures and puts them in the
// results under its key — start and memory, alarm ingest and lists, passenger-flow ingest, push delivery, target
// retrieval, bounded uploads and seeded names.
import { type IngestFigures, measureAlarmIngest } from './alarmIngest.ts';
import { type ListFigures, measureAlarmList } from './alarmList.ts';
import { type FlowIngestFigures, measureFlowIngest, measureStatsQueries, type StatsQueryFigures } from './dashboards.ts';
import { withThrowawayDatabase } from './postgres.ts';
import { measurePushDelivery } from './pushDelivery.ts';
import { measureRetrievalSearch } from './retrievalSearch.ts';
import { measureSeededNames } from './seededNames.ts';
import { measureStartup } from './serverStartup.ts';
import { measureUploads } from './uploads.ts';

// Alarms (issue 4): ingest → console latency with 20 consoles, and the history list on a large table — on the
// embedded database, and on PostgreSQL when DATABASE_URL names a server (a throwaway database is created there).
const databases: (string | undefined)[] = [undefined, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];

export async function serverSection(results: Record<string, unknown>): Promise<void> {
  const startup = await measureStartup();
  results.server = startup;
  console.log(`server cold start on a fresh data dir: ${startup.coldStartMs} ms; warm start: ${startup.warmStartMs} ms`);
  console.log(
    `server RSS (embedded database): after cold start ${startup.rssAfterStartMb} MB (peak while creating it ${startup.rssPeakColdMb} MB); ` +
      `warm start idle ${startup.rssIdleWarmMb} MB (retrieval index off: ${startup.rssIdleWarmIndexOffMb} MB), after 300 API reads ${startup.rssAfterReadsMb} MB (budget idle ≤ 300 MB)`,
  );
  console.log(`login round trip: p50 ${startup.loginMs.p50} ms, p95 ${startup.loginMs.p95} ms (n=${startup.loginMs.n})`);
  console.log(`/user/nav round trip: p50 ${startup.navMs.p50} ms, p95 ${startup.navMs.p95} ms (n=${startup.navMs.n})`);
}

export async function alarmIngestSection(results: Record<string, unknown>): Promise<void> {
  const ingest: IngestFigures[] = [];
  // Each with target retrieval's background index loop off and on (it embeds the arriving alarms at low priority),
  // then on a loaded machine: one of the two cores kept busy by another process for the whole run, then both
  // (issue 9, point 6: p95 ≤ 150 ms with the machine loaded); then both cores kept busy by batch work at the lowest
  // priority (nice 19), as a build or a training run beside a server is set (README, "Running beside other work").
  const runs = [
    { index: false, busyCores: 0, busyNice: 0 },
    { index: true, busyCores: 0, busyNice: 0 },
    { index: false, busyCores: 1, busyNice: 0 },
    { index: false, busyCores: 2, busyNice: 0 },
    { index: false, busyCores: 2, busyNice: 19 },
  ];
  for (const admin of databases) {
    for (const { index, busyCores, busyNice } of runs) {
      const measure = (url?: string) => measureAlarmIngest(url, index, busyCores, busyNice);
      ingest.push(await (admin ? withThrowawayDatabase(admin, measure) : measure()));
    }
  }
  results.alarmIngest = ingest;
  for (const f of ingest) {
    console.log(
      `alarm ingest (${f.database}, retrieval index ${f.retrievalIndex ? `on: ${f.indexedAlarms} alarms embedded meanwhile` : 'off'}` +
        `${f.busyCores ? `, loaded: ${f.busyCores} core${f.busyCores > 1 ? 's' : ''} kept busy by another process${f.busyNice ? ` at nice ${f.busyNice}` : ''}` : ''}) ` +
        `${f.rate}/s for ${f.seconds} s, ${f.consoles} consoles: ${f.acknowledged}/${f.sent} stored` +
        `${Object.keys(f.refused).length ? ` (refused ${JSON.stringify(f.refused)})` : ''}; ingest → console p50 ${f.latencyMs.p50} ms, ` +
        `p95 ${f.latencyMs.p95} ms, max ${f.latencyMs.max} ms (budget p95 ≤ 100 ms on an idle machine, ≤ 150 ms loaded; first 3 s: p95 ${f.latencyStartMs.p95} ms, max ${f.latencyStartMs.max} ms; ` +
        `after: p50 ${f.latencySteadyMs.p50} ms, p95 ${f.latencySteadyMs.p95} ms); lost ${f.lost}, duplicates ${f.duplicates} (budget 0); ` +
        `ingest round trip p50 ${f.ingestMs.p50} ms, p95 ${f.ingestMs.p95} ms; server RSS ${f.serverRssMb.start} → ${f.serverRssMb.max} MB, ` +
        `server CPU ${f.serverCpuPercent}% of a core (event-loop thread ${f.serverMainThreadCpuPercent}%, waiting for a CPU ${f.serverMainThreadWaitPercent}% of the run)`,
    );
  }
}

export async function alarmListSection(results: Record<string, unknown>): Promise<void> {
  const rows = Number(process.env.BENCH_ALARM_ROWS ?? 1_000_000);
  const lists: ListFigures[] = [];
  // The statistics queries of the dashboards and statistics screens (issue 12) run on the same table.
  for (const admin of databases) {
    lists.push(await (admin ? withThrowawayDatabase(admin, (url) => measureAlarmList(rows, url, measureStatsQueries)) : measureAlarmList(rows, undefined, measureStatsQueries)));
  }
  results.alarmList = lists;
  for (const f of lists) {
    console.log(
      `/warn/event/list with filters + count, ${f.rows.toLocaleString('en')} alarms (${f.database}, loaded in ${f.loadSeconds} s): ` +
        `p50 ${f.filteredMs.p50} ms, p95 ${f.filteredMs.p95} ms over ${f.filteredMs.n} calls (budget p95 ≤ 50 ms); ` +
        `no filter (every alarm counted, from the hourly counts): p95 ${f.unfilteredMs.p95} ms`,
    );
    for (const q of f.queries) console.log(`  ${q.name}: total ${q.total}, p50 ${q.p50} ms, p95 ${q.p95} ms`);
    console.log(`  the camera filter's list (/warn/event/camera, every alarm list asks for it): ${f.camerasMs.cameras} cameras, p50 ${f.camerasMs.p50} ms, p95 ${f.camerasMs.p95} ms`);
    console.log(`statistics queries on the same ${f.rows.toLocaleString('en')} alarms (${f.database}):`);
    for (const q of (f.also ?? []) as StatsQueryFigures[]) console.log(`  ${q.name}: p50 ${q.p50} ms, p95 ${q.p95} ms`);
  }
}

// Passenger-flow ingest throughput (issue 12).
export async function flowIngestSection(results: Record<string, unknown>): Promise<void> {
  const flow: FlowIngestFigures[] = [];
  for (const admin of databases) flow.push(await (admin ? withThrowawayDatabase(admin, (url) => measureFlowIngest(url)) : measureFlowIngest()));
  results.flowIngest = flow;
  for (const f of flow) {
    console.log(
      `flow ingest (${f.database}): ${f.recordsPerSecond} records/s (${f.requests} calls of ${f.recordsPerRequest} records, one at a time); ` +
        `call p50 ${f.requestMs.p50} ms, p95 ${f.requestMs.p95} ms`,
    );
  }
}

// Push to third parties (issue 11): alarms delivered to a local receiver, and ingest with push off and on.
export async function pushDeliverySection(results: Record<string, unknown>): Promise<void> {
  const push = await measurePushDelivery();
  results.pushDelivery = push;
  console.log(
    `push: ${push.alarms} alarms ingested at 36/s — ingest p50/p95 ${push.ingestMsPushOff.p50}/${push.ingestMsPushOff.p95} ms with push off, ` +
      `${push.ingestMsPushOn.p50}/${push.ingestMsPushOn.p95} ms with an endpoint on; ${push.deliveredAlarmsPerSecond} alarms/s delivered (receiver answers after 20 ms); ` +
      `${push.drained} queued pushes drained at ${push.drainedPerSecond}/s`,
  );
}

// Target retrieval on objects (issue 36): own object first for 200 real alarms, search time over 10,000 crops.
export async function retrievalSearchSection(results: Record<string, unknown>): Promise<void> {
  const retrieval = await measureRetrievalSearch();
  results.retrievalSearch = retrieval;
  console.log(
    `retrieval by image on objects: own object first for ${retrieval.ownFirst.found} of ${retrieval.ownFirst.of} real alarms (${retrieval.ownFirst.percent} %); ` +
      `a lightly altered copy a hit at the default ${retrieval.alteredCopy.threshold} for ${retrieval.alteredCopy.hits} of ${retrieval.alteredCopy.of} (first for ${retrieval.alteredCopy.first}; ${retrieval.alteredCopy.otherHitsPerSearch} other alarms pass per search); ` +
      `over ${retrieval.indexedCrops} crops of ${retrieval.indexedAlarms} alarms: the search itself (query embedded) p50 ${retrieval.searchMs.p50} ms, p95 ${retrieval.searchMs.p95} ms; ` +
      `embedding a query image p50 ${retrieval.queryEmbeddingMs.p50} ms, p95 ${retrieval.queryEmbeddingMs.p95} ms; a whole search with a new query image p50 ${retrieval.newQueryMs.p50} ms, p95 ${retrieval.newQueryMs.p95} ms; ` +
      `after a restart the ${retrieval.startupRead.crops} stored crops read back in the background in ${retrieval.startupRead.ms} ms (event loop delayed ≤ ${retrieval.startupRead.maxEventLoopDelayMs} ms), the first search then ${retrieval.firstSearchMs} ms, a search at the very start ${retrieval.searchAtStart.ms} ms (${retrieval.searchAtStart.loading} candidates not read yet); ` +
      `the loop indexed ${retrieval.indexing.alarms} alarms in ${retrieval.indexing.seconds} s (${retrieval.indexing.alarmsPerSecond}/s, ${retrieval.indexing.cropsPerAlarm} crops each, pauses included)`,
  );
}

// Bounded uploads (issue 34): a hostile and a real training zip, and validation on a one-hour still clip.
export async function uploadsSection(results: Record<string, unknown>): Promise<void> {
  const uploads = await measureUploads();
  results.uploads = uploads;
  const zip = (name: string, run: { code: number; wallMs: number; longestStallMs: number }) => `${name} answered ${run.code} in ${run.wallMs} ms, longest event-loop stall ${run.longestStallMs} ms`;
  console.log(
    `uploads: ${zip(`the issue's zip (${uploads.hostileZip.bytes} bytes)`, uploads.hostileZip)}; ${zip(`a zip of ${uploads.imageZip.images} images`, uploads.imageZip)}; ` +
      `reading that zip alone ${uploads.readImageZip.wallMs} ms, longest stall ${uploads.readImageZip.longestStallMs} ms; ` +
      `a 10 MB entry inflated at once ${uploads.inflateLargest.syncWallMs} ms (stall ${uploads.inflateLargest.syncStallMs} ms, before issue 34), ` +
      `streamed ${uploads.inflateLargest.streamingWallMs} ms (stall ${uploads.inflateLargest.streamingStallMs} ms) (load ${uploads.loadAverage})`,
  );
  if (uploads.video) {
    const v = uploads.video;
    console.log(
      `video validation, ${v.clipSeconds} s still clip sampled once a minute: the whole clip held ffmpeg ${v.wholeClipSlotMs} ms (${v.wholeClipFrames} frames; before issue 34); ` +
        `refused from its header in ${v.headerCheckMs} ms now; without a length in its header, bounded decode ${v.boundedSlotMs} ms (${v.boundedFrames} frames${v.boundedTimedOut ? ', stopped at the time bound' : ''})`,
    );
  }
}

// Seeded names renamed for an English reader (issue 37): the answer hook's walk beside serialisation.
export function seededNamesSection(results: Record<string, unknown>): void {
  const names = measureSeededNames();
  results.seededNames = names;
  console.log(
    `seeded names for an English reader (${names.seededNames} names): ` +
      names.rows.map((r) => `${r.rows} rows (${r.jsonKb} kB) renamed in ${r.renameMs} ms, serialised in ${r.stringifyMs} ms`).join('; ') +
      ` (load ${names.loadAverage})`,
  );
}
