// `npm run bench` (bench/run.ts), the video, edge box and model sections: each measures and prints its figures and
// puts them in the results under its key — the edge box on the demo video and its latency, the demo's start, clips,
// the object detector, the edge frame logic and few-shot training.
import { loadAverage } from './benchServer.ts';
import { measureClips } from './clips.ts';
import { measureDemoStart } from './demoStart.ts';
import { measureDetector } from './detector.ts';
import { benchDemoVideo, measureEdge } from './edge.ts';
import { measureEdgeLatency } from './edgeLatency.ts';
import { measureEdgeRules } from './edgeRules.ts';
import { measureTraining, type TrainingFigures } from './training.ts';

// The edge box on the demo video (issue 35): CPU and memory per camera, 4 cameras, event → alarm on a console.
export async function edgeSection(results: Record<string, unknown>): Promise<void> {
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
export async function edgeLatencySection(results: Record<string, unknown>): Promise<void> {
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
export async function demoStartSection(results: Record<string, unknown>): Promise<void> {
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
export async function clipsSection(results: Record<string, unknown>): Promise<void> {
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
export function detectorSection(results: Record<string, unknown>): void {
  const detector = measureDetector();
  results.detector = detector;
  console.log(
    `object detector (NanoDet-g 416, onnxruntime-node, 1 thread): network p50 ${detector.inferenceMs.p50} ms, p95 ${detector.inferenceMs.p95} ms, ` +
      `min ${detector.inferenceMs.min} ms per frame; with decoding and resizing p50 ${detector.totalMs.p50} ms (n=${detector.frames}); ` +
      `first image (model load) ${detector.coldFirstMs} ms; process RSS ${detector.memoryMb.beforeLoad} → ${detector.memoryMb.afterLoad} MB, peak ${detector.memoryMb.peak} MB`,
  );
}

// The edge box's per-frame logic besides the detector (issue 35, server/edge/detect/): gate, tracker, rules.
export function edgeRulesSection(results: Record<string, unknown>): void {
  const edge = measureEdgeRules();
  results.edgeRules = edge;
  console.log(
    `edge frame logic (640×360): grey copy + motion gate p50 ${edge.gateMs.p50} ms, p95 ${edge.gateMs.p95} ms; ` +
      `tracker + ${edge.rules} rules with ${edge.objects} people p50 ${edge.trackAndRulesMs.p50} ms, p95 ${edge.trackAndRulesMs.p95} ms ` +
      `(${edge.frames} frames, ${edge.tracksStarted} tracks started, ${edge.hits} hits)`,
  );
}

export function trainingSection(results: Record<string, unknown>): void {
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
