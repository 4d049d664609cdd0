// The edge box under measurement (bench/edge.ts starts it as a process of its own, so its CPU and memory are its
// own): the real runtime with the box's credentials, printing one JSON line per alarm it journals (with the time of
// the frame it fired on) and, when told to stop (SIGTERM), one with each camera's last stream report.
// argv: platform boxId secret dataDir mediaRoot
import { ffmpegPath } from '../server/media/ffmpeg.ts';
import type { PostedAlarm } from '../server/edge/pipeline/cameraPipeline.ts';
import { EdgeRuntime } from '../server/edge/runtime.ts';

const [platform, boxId, secret, dataDir, mediaRoot] = process.argv.slice(2);
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
process.once('SIGTERM', async () => {
  console.log(JSON.stringify({ type: 'reports', reports: [...runtime.pipelines.values()].map((p) => p.report()) }));
  await runtime.stop();
  process.exit(0);
});
