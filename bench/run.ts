// `npm run bench`: measures the budgets of ARCHITECTURE.md that exist so far, prints them and writes
// bench/results/latest.json. Figures, not pass/fail: the budgets are compared in the output.
// BENCH_ONLY=<section>,<section> runs only those sections (names below) and merges their figures into the file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type IngestFigures, measureAlarmIngest } from './alarmIngest.ts';
import { type ListFigures, measureAlarmList } from './alarmList.ts';
import { CSS_BUDGET_KB, measureBundle } from './bundleSizes.ts';
import { measureColdLoads } from './coldLoad.ts';
import { measureLighthouse } from './lighthouse.ts';
import { loadAverage } from './benchServer.ts';
import { type FlowIngestFigures, measureFlowIngest, measureHomeDashboard, measureStatsQueries, type StatsQueryFigures } from './dashboards.ts';
import { measureClips } from './clips.ts';
import { measureDetector } from './detector.ts';
import { benchDemoVideo, measureEdge } from './edge.ts';
import { measureEdgeLatency } from './edgeLatency.ts';
import { measureDemoStart } from './demoStart.ts';
import { measureEdgeRules } from './edgeRules.ts';
import { measurePushDelivery } from './pushDelivery.ts';
import { measureLoginPageLoad } from './pageLoad.ts';
import { withThrowawayDatabase } from './postgres.ts';
import { measureRealtimeScreen } from './realtimeScreen.ts';
import { measureRetrievalSearch } from './retrievalSearch.ts';
import { measureSeededNames } from './seededNames.ts';
import { measureStartup } from './serverStartup.ts';
import { measureThrottledLoads } from './throttledLoad.ts';
import { measureTraining, type TrainingFigures } from './training.ts';
import { measureUploads } from './uploads.ts';

const RESULTS = 'bench/results/latest.json';
const SECTIONS = ['bundle', 'coldLoad', 'lighthouse', 'throttledLoad', 'pageLoad', 'server', 'alarmIngest', 'alarmList', 'homeDashboard', 'flowIngest', 'realtimeScreen', 'clips', 'detector', 'edge', 'edgeLatency', 'demoStart', 'edgeRules', 'pushDelivery', 'training', 'retrievalSearch', 'uploads', 'seededNames'] as const;
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').map((name) => name.trim()).filter(Boolean));
const unknown = [...only].filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length) throw new Error(`BENCH_ONLY names unknown sections: ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`);
const wants = (section: (typeof SECTIONS)[number]) => only.size === 0 || only.has(section);

const previous = only.size && existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>) : {};
const measuredAt = (previous.measuredAt ?? {}) as Record<string, string>;
const results: Record<string, unknown> = { ...previous, date: new Date().toISOString(), node: process.version, loadAverageAtStart: loadAverage(), measuredAt };
console.log(`load average at start: ${results.loadAverageAtStart} (2 cores; the machine may be shared)`);
for (const section of SECTIONS) if (wants(section)) measuredAt[section] = `${results.date} (load ${results.loadAverageAtStart})`;

if (wants('bundle')) {
  const bundle = measureBundle();
  results.bundle = bundle ?? 'not built (run npm run build first)';
  if (bundle) {
    console.log(`login route JS by the build manifest's closure (gzip): ${bundle.loginInitialJsKb} kB — what the browser fetches is below`);
    console.log(`largest chunk (gzip): ${bundle.largestChunk.kb} kB ${bundle.largestChunk.file}`);
    const worst = bundle.routeCss[0];
    console.log(
      `CSS per route page (gzip, inline + preloaded sheets): ${bundle.routeCss.length} pages, largest ${worst ? `${worst.kb} kB ${worst.route}` : '-'}; ` +
        `over the ${CSS_BUDGET_KB} kB budget: ${bundle.routesOverCssBudget.length ? bundle.routesOverCssBudget.map((route) => `${route} ${bundle.routeCss.find((r) => r.route === route)?.kb} kB`).join(', ') : 'none'}`,
    );
  }
}

// What Chromium transfers on a cold load of each route (DevTools network events), and on a repeat visit.
if (wants('coldLoad')) {
  const cold = await measureColdLoads();
  results.coldLoad = cold ?? 'not measured (needs dist/ and /usr/bin/chromium)';
  if (cold) {
    for (const r of cold.routes) {
      console.log(
        `${r.route} cold load: JS ${r.jsRequests} requests, ${r.jsBodyKb} kB as sent (bodies; ${r.jsKb} kB with headers), i18n chunks ${r.i18nChunks}; ` +
          `CSS ${r.cssRequests} files, ${r.cssBodyKb} kB as sent, ${r.inlineSheets.length} sheet(s) in the page (${r.cssGzipKb} kB gzip in all; budget 25 kB), repeated rules ${r.css.repeatedRulePercent} % (budget < 5 %); ` +
          `JS + CSS on the wire ${Math.round((r.jsKb + r.cssKb) * 10) / 10} kB; uncompressed assets ${r.uncompressedAssets}; ` +
          `repeat visit: ${r.repeatVisit.revalidated} of ${r.repeatVisit.requests} requests revalidated (304), ${r.repeatVisit.fromCache} from cache (load ${cold.loadAverage})`,
      );
    }
    console.log(`repeated CSS in the whole build: ${cold.distCss.repeatedBytePercent} % of the bytes (${cold.distCss.repeatedRules} of ${cold.distCss.rules} rules)`);
  }
}

if (wants('lighthouse')) {
  const lighthouse = await measureLighthouse();
  results.lighthouse = lighthouse ?? 'not measured (needs dist/ and /usr/bin/chromium)';
  for (const f of lighthouse ?? []) {
    const m = f.median;
    // The runs' range beside the median: on a shared machine a run's TBT can move by half.
    const range = (field: keyof typeof f.spread) => (f.runs > 1 ? ` (${f.spread[field][0]}–${f.spread[field][1]})` : '');
    console.log(
      `Lighthouse ${f.route} ${f.formFactor} (median of ${f.runs}${f.failed.length ? `; ${f.failed.length} run${f.failed.length > 1 ? 's' : ''} failed: ${f.failed.join(', ')}` : ''}): score ${m.score}${range('score')}, LCP ${m.lcpMs}${range('lcpMs')} ms, FCP ${m.fcpMs} ms, TBT ${m.tbtMs}${range('tbtMs')} ms, CLS ${m.cls}, ` +
        `JS boot-up ${m.bootupMs} ms, main thread ${m.mainThreadMs} ms, ${m.jsRequests} JS requests, JS + CSS ${m.jsCssKb} kB (load ${f.loadAverage.join(', ')})`,
    );
  }
}

// The same signed-in routes timed in a throttled page (Lighthouse's mobile profile applied, not simulated).
if (wants('throttledLoad')) {
  const throttled = await measureThrottledLoads();
  results.throttledLoad = throttled ?? 'not measured (needs dist/ and /usr/bin/chromium)';
  if (throttled) {
    const t = throttled.throttling;
    for (const r of throttled.routes) {
      console.log(
        `${r.route} cold load throttled (${t.latencyMs} ms RTT, ${t.downloadKbps} kbps down, ${t.uploadKbps} kbps up, ${t.cpuSlowdown}× CPU), median of ${throttled.runs}: ` +
          `frame shown ${r.median.frameMs} ms (${r.frameMs.join(', ')}), screen shown ${r.median.screenMs} ms (${r.screenMs.join(', ')}) (load ${throttled.loadAverage.join(', ')})`,
      );
    }
  }
}

if (wants('pageLoad')) {
  const pageLoad = await measureLoginPageLoad();
  results.loginPageLoad = pageLoad ?? 'not measured (needs dist/ and /usr/bin/chromium)';
  if (pageLoad) {
    console.log(
      `time to the login form, cold load (fresh browser context): p50 ${pageLoad.loginFormVisibleMs.p50} ms, max ${pageLoad.loginFormVisibleMs.max} ms ` +
        `(n=${pageLoad.runs}); DOMContentLoaded p50 ${pageLoad.domContentLoadedMs.p50} ms`,
    );
  }
}

if (wants('server')) {
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

// Alarms (issue 4): ingest → console latency with 20 consoles, and the history list on a large table — on the
// embedded database, and on PostgreSQL when DATABASE_URL names a server (a throwaway database is created there).
const databases: (string | undefined)[] = [undefined, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];

if (wants('alarmIngest')) {
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

if (wants('alarmList')) {
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

// Issue 12: a filled home dashboard after sign-in (cold browser), and passenger-flow ingest throughput.
if (wants('homeDashboard')) {
  const home = await measureHomeDashboard();
  results.homeDashboard = home ?? 'not measured (needs dist/ and /usr/bin/chromium)';
  if (home) console.log(`time to a filled home dashboard after sign-in (cold browser, seeded demo site): p50 ${home.filledHomeMs.p50} ms, max ${home.filledHomeMs.max} ms (n=${home.runs})`);
}
if (wants('flowIngest')) {
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

if (wants('realtimeScreen')) {
  const realtime = await measureRealtimeScreen();
  results.realtimeScreen = realtime ?? 'not measured (needs dist/ and /usr/bin/chromium)';
  if (realtime) {
    console.log(
      `real-time screen, ${realtime.rate} alarms/s for ${realtime.seconds} s (${realtime.sent} alarms): longest main-thread task ` +
        `${realtime.longestTaskMs} ms over ${realtime.longTasks} long tasks (budget: none > 50 ms); ${realtime.droppedFrames} dropped frames of ` +
        `${realtime.frames}, worst frame ${realtime.worstFrameMs} ms`,
    );
  }
}

// The edge box on the demo video (issue 35): CPU and memory per camera, 4 cameras, event → alarm on a console.
if (wants('edge')) {
  const edge = await measureEdge();
  results.edge = edge ?? 'not measured (no ffmpeg binary)';
  if (edge) {
    for (const run of [edge.one, edge.four]) {
      console.log(
        `edge box, ${run.cameras} camera${run.cameras > 1 ? 's' : ''} at 1280×720 25 fps, detection at 2/s: CPU ${run.cpuPercentOfCore} % of a core (${run.cpuPercentOfMachine} % of the 2-core machine; budget for 4 cameras < 70 %), ` +
          `${run.cpuPercentPerCamera} % of a core per camera, memory ${run.rssMb} MB (box process + ffmpeg), decoded fps ${run.decodedFps.join('/')}, analysed fps ${run.analysedFps.join('/')}, ` +
          `${run.alarms} alarms in ${run.seconds} s (load ${run.loadAverage})`,
      );
    }
    console.log(
      `edge box: memory per added camera ${edge.memoryPerCameraMb} MB; decoded frame → alarm on a console p50 ${edge.eventToConsoleMs.p50} ms, p95 ${edge.eventToConsoleMs.p95} ms (budget 1.5 s), max ${edge.eventToConsoleMs.max} ms, n=${edge.eventToConsoleMs.samples}; the event is up to ${edge.detectionIntervalMs} ms older than its frame (detection at 2/s)`,
    );
  }
}

// The edge box's video latency, glass to glass on this machine (issue 35): a pixel-clock camera over RTSP.
if (wants('edgeLatency')) {
  const video = await benchDemoVideo();
  const latency = video ? await measureEdgeLatency(video) : null;
  results.edgeLatency = latency ?? 'not measured (no ffmpeg binary)';
  if (latency) {
    const f = (l: { p50: number; p95: number; max: number; samples: number }) => `p50 ${l.p50} ms, p95 ${l.p95} ms, max ${l.max} ms, n=${l.samples}`;
    console.log(
      `edge box latency (720p25 pixel clock over RTSP/UDP, ${latency.seconds} s, load ${latency.loadAverage}): frame made → decoded in the box for detection ${f(latency.frameMs)}; ` +
        `→ decoded from the box's live fMP4 (fragments ≤ 0.5 s) by a viewer-side decoder ${f(latency.liveMs)} (the platform's relay, the network and the browser's buffer not included)`,
    );
    if (!latency.browser) console.log('edge box latency in the console: not measured (needs dist/ and /usr/lib/chromium/chromium)');
    for (const [i, v] of (latency.browser?.viewers ?? []).entries()) {
      console.log(
        `edge box latency glass to glass in the console (page ${i + 1} of ${latency.browser!.viewers.length}, the video centre's live view in Chromium, through the platform's relay): frame made → shown ${f(v.glassMs)} (budget ≤ 2 s on loopback), of which its fragment's arrival in the page → shown ${f(v.inPageMs)}; ` +
          `buffered ahead of the playhead p50 ${v.bufferAheadS.p50} s, p95 ${v.bufferAheadS.p95} s, max ${v.bufferAheadS.max} s; ${v.catchUps} catch-ups (${v.skippedS} s skipped), ${v.stalls} stalls; ` +
          `the box's pulls of the camera meanwhile: ${latency.browser!.upstreamPulls}`,
      );
    }
  }
}

// The demo's first minute after `npm start` and its idle cost (issue 35).
if (wants('demoStart')) {
  const demo = await measureDemoStart();
  results.demoStart = demo;
  if (typeof demo === 'string') console.log(`demo start: ${demo}`);
  else {
    const s = (ms: number | null) => (ms === null ? 'not reached' : `${Math.round(ms / 100) / 10} s`);
    const m = (mark: { ms: number; cpuMs: number } | null) => (mark === null ? 'not reached' : `${s(mark.ms)} (${s(mark.cpuMs)} of CPU)`);
    console.log(
      `demo start (empty data dir, load ${demo.loadAverage.atStart} at start${demo.loadAverage.atFirstAlarm !== null ? `, ${demo.loadAverage.atFirstAlarm} at the first alarm` : ''}): ` +
        `from npm start (console build ${demo.consoleBuild === 'beside' ? 'beside the seeding' : demo.consoleBuild === 'first' ? 'first: too little memory to build beside the seeding' : 'off'}; the CPU of the server and its children so far beside each): listening ${m(demo.serverListening)}, ` +
        `demo video built ${m(demo.demoVideoBuilt)} (ffmpeg ${s(demo.demoVideoCpuMs)} of CPU, beside the seeding), camera live ${m(demo.cameraLive)}, ` +
        `first live fragment through the platform ${m(demo.firstLiveFragment)}, playing in the video centre (Chromium) ${m(demo.playingInChromium)}, first real alarm ${m(demo.firstAlarm)}, its clip ${m(demo.firstClip)} (goal: playing and an alarm within a minute)`,
    );
    const idle = (f: typeof demo.idle) =>
      `${f.totalPercentOfCore} % of a core over ${f.seconds} s (ffmpeg ${f.ffmpegPercentOfCore} %; threads ${f.threads.map((t) => `${t.name} ${t.percentOfCore} %`).join(', ')}` +
      `${f.alarms !== undefined ? `; the box decoded ${f.decodedFps ?? '?'} fps of 25 and raised ${f.alarms} alarms` : ''}; load ${f.loadAverage})`;
    console.log(`idle demo after the first minute, nobody signed in: the server with its children ${idle(demo.idle)}; with EDGE=off ${idle(demo.idleWithoutEdge)}`);
    console.log(`idle demo: the in-process edge box costs ${demo.edgeBoxPercentOfCore} % of a core (budget 25 %)`);
  }
}

// Clip encoding per alarm and frame sampling for video validation (issue 12, server/media/ffmpeg.ts).
if (wants('clips')) {
  const clips = await measureClips();
  results.clips = clips ?? 'not measured (no ffmpeg binary)';
  if (clips) {
    console.log(
      `clip per alarm (4 s fMP4, 640×360, 5 fps, H.264): ffmpeg CPU p50 ${clips.encodeCpuMs.p50} ms (max ${clips.encodeCpuMs.max}), ` +
        `wall with drawing p50 ${clips.encodeWallMs.p50} ms, ${clips.bytes.p50} bytes p50 (max ${clips.bytes.max}); ` +
        `frame sampling ${clips.decodeCpuMsPerFrame} ms CPU / ${clips.decodeWallMsPerFrame} ms wall per frame (n=${clips.clips})`,
    );
  }
}

// The object detector of orchestration validation (issue 11): ms per frame and memory, in a process of its own.
if (wants('detector')) {
  const detector = measureDetector();
  results.detector = detector;
  console.log(
    `object detector (NanoDet-g 416, onnxruntime-node, 1 thread): network p50 ${detector.inferenceMs.p50} ms, p95 ${detector.inferenceMs.p95} ms, ` +
      `min ${detector.inferenceMs.min} ms per frame; with decoding and resizing p50 ${detector.totalMs.p50} ms (n=${detector.frames}); ` +
      `first image (model load) ${detector.coldFirstMs} ms; process RSS ${detector.memoryMb.beforeLoad} → ${detector.memoryMb.afterLoad} MB, peak ${detector.memoryMb.peak} MB`,
  );
}

// The edge box's per-frame logic besides the detector (issue 35, server/edge/detect/): gate, tracker, rules.
if (wants('edgeRules')) {
  const edge = measureEdgeRules();
  results.edgeRules = edge;
  console.log(
    `edge frame logic (640×360): grey copy + motion gate p50 ${edge.gateMs.p50} ms, p95 ${edge.gateMs.p95} ms; ` +
      `tracker + ${edge.rules} rules with ${edge.objects} people p50 ${edge.trackAndRulesMs.p50} ms, p95 ${edge.trackAndRulesMs.p95} ms ` +
      `(${edge.frames} frames, ${edge.tracksStarted} tracks started, ${edge.hits} hits)`,
  );
}

// Push to third parties (issue 11): alarms delivered to a local receiver, and ingest with push off and on.
if (wants('pushDelivery')) {
  const push = await measurePushDelivery();
  results.pushDelivery = push;
  console.log(
    `push: ${push.alarms} alarms ingested at 36/s — ingest p50/p95 ${push.ingestMsPushOff.p50}/${push.ingestMsPushOff.p95} ms with push off, ` +
      `${push.ingestMsPushOn.p50}/${push.ingestMsPushOn.p95} ms with an endpoint on; ${push.deliveredAlarmsPerSecond} alarms/s delivered (receiver answers after 20 ms); ` +
      `${push.drained} queued pushes drained at ${push.drainedPerSecond}/s`,
  );
}

if (wants('training')) {
  // Without copies (each image and its two robustness variants) and with augmentation ×4 (the default).
  const line = (t: TrainingFigures) =>
    `few-shot training, ${t.images} images, ${t.copies ? `augmentation ×${t.copies}` : 'no augmentation'} (MobileNetV2 block 10, 384-d; onnxruntime-node, ${t.featureWorkers} feature workers × 1 thread): ` +
    `${t.embeddings} embeddings (images, copies, JPEG q60 and 320 px variants) in ${Math.round(t.embedMs / 100) / 10} s ` +
    `(${t.embedMsPerEmbedding} ms each with rendering, ${t.embeddingsPerSecond}/s; CPU ${t.embedCpuMsPerEmbedding} ms each, all threads; ` +
    `in the workers ${t.networkMsPerEmbedding} ms of network per embedding, ${t.renderMsPerImage} ms rendering an image's variants); ` +
    `${t.trainedRows} rows trained + ${t.folds}-fold evaluated in ${t.trainAndEvaluateMs} ms; ` +
    `total ${Math.round(t.totalMs / 100) / 10} s, CPU ${Math.round(t.totalCpuMs / 100) / 10} s (budget 60 s; the workers' start and the model's load ${t.coldFirstImageMs} ms apart); peak RSS ${t.peakRssMb} MB; ` +
    `cross-validated accuracy on the generated set ${t.crossValidatedAccuracy} (AP ${t.averagePrecision}), after JPEG q60 ${t.robustAccuracy.jpeg60}, after 320 px ${t.robustAccuracy.resize320}`;
  const plain = measureTraining(1000, 0);
  console.log(`${line(plain)} (load ${loadAverage()})`);
  const augmented = measureTraining(1000, 4);
  console.log(`${line(augmented)} (load ${loadAverage()})`);
  results.training = { plain, augmented, loadAverageAfter: loadAverage() };
}

// Target retrieval on objects (issue 36): own object first for 200 real alarms, search time over 10,000 crops.
if (wants('retrievalSearch')) {
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
if (wants('uploads')) {
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
if (wants('seededNames')) {
  const names = measureSeededNames();
  results.seededNames = names;
  console.log(
    `seeded names for an English reader (${names.seededNames} names): ` +
      names.rows.map((r) => `${r.rows} rows (${r.jsonKb} kB) renamed in ${r.renameMs} ms, serialised in ${r.stringifyMs} ms`).join('; ') +
      ` (load ${names.loadAverage})`,
  );
}

mkdirSync('bench/results', { recursive: true });
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written to ${RESULTS}${only.size ? ` (sections ${[...only].join(', ')} replaced)` : ''}`);
