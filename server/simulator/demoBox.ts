// `npm start` runs one slow simulated edge box of the demo site in-process (one alarm every 10–20 s), posting
// to the server itself through the ingest API, so the alarm centre has live data. SIMULATOR=off disables it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadBoxes, parseTypes, pickType, postAlarm } from './edgeBox.ts';

const MIN_GAP_MS = 10_000;
const MAX_GAP_MS = 20_000;
/** Mostly everyday violations, some road events, rarely an urgent one. */
const DEMO_TYPES = '16:6,8:4,13:4,10:3,5:3,6:2,24:2,1003:1,1004:1,1005:1,1016:1,1009:0.3,1020:0.5';

export function startDemoBox(serverUrl: string, dataDir: string, log: (line: string) => void): { stop(): void } | null {
  const file = join(dataDir, 'demo-boxes.json');
  if (!existsSync(file)) {
    log(`simulator: ${file} not found (the demo site was not seeded here); no simulated box started`);
    return null;
  }
  const box = loadBoxes(file)[0];
  const types = parseTypes(DEMO_TYPES);
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(post, MIN_GAP_MS + Math.random() * (MAX_GAP_MS - MIN_GAP_MS));
    timer.unref();
  };
  const post = async () => {
    const result = await postAlarm(serverUrl, box, pickType(types));
    if (!result.ok) log(`simulator: alarm refused (${result.code} ${result.msg})`);
    next();
  };
  next();
  log(`simulator: demo box ${box.boxId} posts a simulated alarm every 10–20 s (SIMULATOR=off disables it)`);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
