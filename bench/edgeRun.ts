// The edge box under measurement (bench/edge.ts starts it as a process of its own, so its CPU and memory are its
// own): the real runtime with the box's credentials, printing one JSON line per alarm it journals (with the time of
// the frame it fired on) and, when told to stop (SIGTERM), one with each camera's last stream report. Given the pixel
// clock's epoch, it also reads the clock from its cameras' frames and live streams (bench/edgeLatencyProbe.ts).
// argv: platform boxId secret dataDir mediaRoot [clockEpochMs]
import { ffmpegPath } from '../server/media/ffmpeg.ts';
import type { CameraPipeline, PostedAlarm } from '../server/edge/pipeline/cameraPipeline.ts';
import { EdgeRuntime } from '../server/edge/runtime.ts';
import { probeLatency } from './edgeLatencyProbe.ts';

const [platform, boxId, secret, dataDir, mediaRoot, clockEpoch] = process.argv.slice(2);
const runtime = await EdgeRuntime.start({
  platform,
  boxId: Number(boxId),
  secret,
  dataDir,
  mediaRoot,
  ffmpegPath: ffmpegPath()!,
  log: (line) => process.stderr.write(`edge: ${line}\n`),
});
runtime.on('alarm', (a: PostedAlarm) => console.log(JSON.stringify({ type: 'alarm', ...a })));
console.log(JSON.stringify({ type: 'started', pid: process.pid }));
const probes: (() => void)[] = [];
if (clockEpoch) {
  // Pipelines start after the first heartbeat's answer.
  const probed = new Set<CameraPipeline>();
  setInterval(() => {
    for (const pipeline of runtime.pipelines.values()) {
      if (probed.has(pipeline)) continue;
      probed.add(pipeline);
      probes.push(probeLatency(pipeline, Number(clockEpoch), ffmpegPath()!));
    }
  }, 200).unref();
}
process.once('SIGTERM', async () => {
  console.log(JSON.stringify({ type: 'reports', reports: [...runtime.pipelines.values()].map((p) => p.report()) }));
  for (const stop of probes) stop();
  await runtime.stop();
  process.exit(0);
});
