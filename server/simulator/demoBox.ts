// `npm start` runs the demo site's edge boxes as simulated boxes inside the server process (boxRunner.ts): they
// heartbeat through the box API, so they are online and take the tasks and cameras the console starts, obey
// restarts, and post a simulated alarm every 10–20 s from a started camera. SIMULATOR=off disables them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type SimulatedBoxes, startSimulatedBoxes } from './boxRunner.ts';
import { ffmpegPath } from '../media/ffmpeg.ts';
import { loadBoxes } from './edgeBox.ts';

export function startDemoBox(serverUrl: string, dataDir: string, log: (line: string) => void): SimulatedBoxes | null {
  const file = join(dataDir, 'demo-boxes.json');
  if (!existsSync(file)) {
    log(`simulator: ${file} not found (the demo site was not seeded here); no simulated box started`);
    return null;
  }
  const boxes = loadBoxes(file);
  const reported = new Set<string>();
  // Each alarm gets a real clip (server/media/ffmpeg.ts) unless SIMULATOR_CLIPS=off or ffmpeg is missing.
  const clips = process.env.SIMULATOR_CLIPS !== 'off' && ffmpegPath() !== null;
  if (!clips) log(`simulator: no clips are recorded (${process.env.SIMULATOR_CLIPS === 'off' ? 'SIMULATOR_CLIPS=off' : 'no ffmpeg binary found'})`);
  const running = startSimulatedBoxes({
    url: serverUrl,
    boxes,
    clips,
    onEvent(event) {
      if (event.type === 'command') log(`simulator: box ${event.boxId} received ${event.command}`);
      if (event.type === 'restarted') log(`simulator: box ${event.boxId} restarted`);
      if (event.type === 'modelSync') log(`simulator: box ${event.boxId} ${event.applied ? 'applied' : 'refused'} trained version sync ${event.syncId}`);
      // A refusal is said once per reason, not at every heartbeat.
      const refusal =
        event.type === 'refused'
          ? `box ${event.boxId}: ${event.code} ${event.msg}`
          : (event.type === 'alarm' || event.type === 'recording') && !event.ok
            ? `${event.type} of box ${event.boxId}: ${event.msg}`
            : null;
      if (refusal && !reported.has(refusal)) {
        reported.add(refusal);
        log(`simulator: refused (${refusal})`);
      }
    },
  });
  log(`simulator: ${boxes.length} simulated edge ${boxes.length === 1 ? 'box' : 'boxes'} heartbeat every 10 s and post an alarm every 10–20 s from a started camera (SIMULATOR=off disables them)`);
  return running;
}
