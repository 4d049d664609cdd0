// `npm run edge -- --platform <url> --box <id> --secret <secret> [--media-dir <dir>] [--data-dir <dir>]`: this
// machine as an edge box of a platform — it heartbeats, pulls the cameras the platform starts on it, detects and
// posts alarms, clips and recordings through the box API. The box's id and secret are the ones the platform showed
// when the box was added (/edgeDevice/box). Ends cleanly on Ctrl-C / SIGTERM; a kill -9 loses no alarm (outbox).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ffmpegPath } from '../media/ffmpeg.ts';
import { EdgeRuntime } from './runtime.ts';

const usage = `usage: npm run edge -- --platform <url> --box <id> --secret <secret> [options]
  --platform <url>    the platform's address, e.g. http://192.0.2.10:8080
  --box <id>          this box's id on the platform
  --secret <secret>   this box's secret (shown once when the box was added); or EDGE_BOX_SECRET
  --media-dir <dir>   local video files cameras may name as file:// URLs (default <data-dir>/media)
  --data-dir <dir>    the box's own files: alarms not yet acknowledged, recordings, synced models (default ./edge-data)`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

let values: Record<string, string | boolean | undefined>;
try {
  values = parseArgs({
    options: {
      platform: { type: 'string' },
      box: { type: 'string' },
      secret: { type: 'string' },
      'media-dir': { type: 'string' },
      'data-dir': { type: 'string', default: 'edge-data' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const platform = String(values.platform ?? '');
const boxId = Number(values.box);
// A secret on the command line shows in the process list; the environment is the quieter way.
const secret = String(values.secret ?? process.env.EDGE_BOX_SECRET ?? '');
if (!/^https?:\/\/[^\s]+$/.test(platform)) fail('--platform must be an http(s) URL');
if (!Number.isInteger(boxId) || boxId < 1) fail('--box must be the box id, a positive integer');
if (secret.length < 16 || secret.length > 128) fail('--secret must be the box secret (16–128 characters)');
const binary = ffmpegPath();
if (!binary) fail('no ffmpeg binary: install the dependencies (npm install) or set FFMPEG_PATH');

const dataDir = resolve(String(values['data-dir']));
const mediaRoot = resolve(String(values['media-dir'] ?? `${dataDir}/media`));
const log = (line: string) => console.log(`${new Date().toISOString()} edge: ${line}`);
const runtime = await EdgeRuntime.start({ platform, boxId, secret, dataDir, mediaRoot, ffmpegPath: binary, log });
runtime.on('alarm', (a) => log(`camera ${a.cameraId}: alarm ${a.boxEventId} (type ${a.eventType}, track ${a.trackId}, ${a.reason})`));
runtime.on('state', (s) => log(`camera ${s.cameraId}: stream ${s.state}`));
log(`box ${boxId} of ${platform} started (data ${dataDir}, media ${mediaRoot})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await runtime.stop();
    process.exit(0);
  });
}
