// `npm start` runs the demo site's third box in this process: a real edge box on the box API (server/edge/
// runtime.ts), with the credentials the seed wrote to <dataDir>/demo-edge-box.json, pulling the demo video
// (server/media/DEMO_VIDEO.md, built here at the first start) as its camera. EDGE=off does not start it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_EDGE_BOX_FILE, type DemoEdgeBoxCredentials } from '../db/seed/demoEdgeBox.ts';
import { ffmpegPath } from '../media/ffmpeg.ts';
import { ensureDemoVideo } from '../media/demoVideo.ts';
import { EdgeRuntime } from './runtime.ts';

export interface DemoEdgeBox {
  stop(): Promise<void>;
}

export function startDemoEdgeBox(serverUrl: string, dataDir: string, mediaDir: string, log: (line: string) => void): DemoEdgeBox | null {
  const file = join(dataDir, DEMO_EDGE_BOX_FILE);
  if (!existsSync(file)) {
    log(`edge: ${file} not found (this site was not seeded with the in-process box); no edge box started`);
    return null;
  }
  const binary = ffmpegPath();
  if (!binary) {
    log('edge: no ffmpeg binary; the in-process edge box is not started');
    return null;
  }
  const credentials = JSON.parse(readFileSync(file, 'utf8')) as DemoEdgeBoxCredentials;
  let runtime: EdgeRuntime | null = null;
  let stopped = false;
  const started = (async () => {
    // Built already, or under way since the server started (main.ts), or built now.
    await ensureDemoVideo(mediaDir, log);
    if (stopped) return;
    runtime = await EdgeRuntime.start({
      platform: serverUrl,
      boxId: credentials.boxId,
      secret: credentials.secret,
      dataDir: join(dataDir, 'edge'),
      mediaRoot: mediaDir,
      ffmpegPath: binary,
      log: (line) => log(`edge: ${line}`),
    });
    runtime.on('state', (s: { cameraId: number; state: string }) => log(`edge: camera ${s.cameraId} stream ${s.state}`));
    log(`edge: box ${credentials.boxId} runs in this process, analysing its cameras (EDGE=off disables it)`);
  })().catch((error: Error) => log(`edge: the in-process box did not start: ${error.message}`));
  return {
    async stop() {
      stopped = true;
      await started;
      await runtime?.stop();
    },
  };
}
