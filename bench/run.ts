// `npm run bench`: measures the budgets of ARCHITECTURE.md that exist so far, prints them and writes
// bench/results/latest.json. Figures, not pass/fail: the budgets are compared in the output.
// BENCH_ONLY=<section>,<section> runs only those sections (names below) and merges their figures into the file.
// Each section measures, prints and stores its figures in one of pageSections.ts (the console), serverSections.ts
// (the server) and mediaSections.ts (video, the edge box, models).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadAverage } from './benchServer.ts';
import { clipsSection, demoStartSection, detectorSection, edgeLatencySection, edgeRulesSection, edgeSection, trainingSection } from './mediaSections.ts';
import { bundleSection, coldLoadSection, homeDashboardSection, lighthouseSection, pageLoadSection, realtimeScreenSection, throttledLoadSection } from './pageSections.ts';
import {
  alarmIngestSection,
  alarmListSection,
  flowIngestSection,
  pushDeliverySection,
  retrievalSearchSection,
  seededNamesSection,
  serverSection,
  uploadsSection,
} from './serverSections.ts';

const RESULTS = 'bench/results/latest.json';
const SECTIONS = ['bundle', 'coldLoad', 'lighthouse', 'throttledLoad', 'pageLoad', 'server', 'alarmIngest', 'alarmList', 'homeDashboard', 'flowIngest', 'realtimeScreen', 'clips', 'detector', 'edge', 'edgeLatency', 'demoStart', 'edgeRules', 'pushDelivery', 'training', 'retrievalSearch', 'uploads', 'seededNames'] as const;
type Section = (typeof SECTIONS)[number];

/** Each section's measure, in the order they run (the edge box's before clips and the detector). */
const MEASURES: Record<Section, (results: Record<string, unknown>) => void | Promise<void>> = {
  bundle: bundleSection,
  coldLoad: coldLoadSection,
  lighthouse: lighthouseSection,
  throttledLoad: throttledLoadSection,
  pageLoad: pageLoadSection,
  server: serverSection,
  alarmIngest: alarmIngestSection,
  alarmList: alarmListSection,
  homeDashboard: homeDashboardSection,
  flowIngest: flowIngestSection,
  realtimeScreen: realtimeScreenSection,
  edge: edgeSection,
  edgeLatency: edgeLatencySection,
  demoStart: demoStartSection,
  clips: clipsSection,
  detector: detectorSection,
  edgeRules: edgeRulesSection,
  pushDelivery: pushDeliverySection,
  training: trainingSection,
  retrievalSearch: retrievalSearchSection,
  uploads: uploadsSection,
  seededNames: seededNamesSection,
};

const only = new Set((process.env.BENCH_ONLY ?? '').split(',').map((name) => name.trim()).filter(Boolean));
const unknown = [...only].filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length) throw new Error(`BENCH_ONLY names unknown sections: ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`);
const wants = (section: Section) => only.size === 0 || only.has(section);

const previous = only.size && existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>) : {};
const measuredAt = (previous.measuredAt ?? {}) as Record<string, string>;
const results: Record<string, unknown> = { ...previous, date: new Date().toISOString(), node: process.version, loadAverageAtStart: loadAverage(), measuredAt };
console.log(`load average at start: ${results.loadAverageAtStart} (2 cores; the machine may be shared)`);
for (const section of SECTIONS) if (wants(section)) measuredAt[section] = `${results.date} (load ${results.loadAverageAtStart})`;

for (const [section, measure] of Object.entries(MEASURES) as [Section, (typeof MEASURES)[Section]][]) if (wants(section)) await measure(results);

mkdirSync('bench/results', { recursive: true });
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written to ${RESULTS}${only.size ? ` (sections ${[...only].join(', ')} replaced)` : ''}`);
