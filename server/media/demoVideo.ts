// The demo camera's video (server/media/DEMO_VIDEO.md): built at first start, reproducibly, from one real photograph
// that ships in a registry package — @vladmandic/human's assets/samples.jpg (MIT). A softened part of the photo's
// ceiling is the scene, slowly panned and zoomed; two people cut out of the photo's top row walk through it: one
// from left to right across the middle (the demo's tripwire), one from the right into the lower right (the demo's
// area), where she stays eight seconds before she leaves. 30 s, 1280×720, 25 fps, H.264 with a keyframe every
// second; played in a loop by the in-process edge box, so it is a camera that never ends.
// The cut-out boxes were measured once with the platform's detector (scripts/measure-demo-people.ts prints them).
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RelPoint } from '../edge/types.ts';
import { ffmpegPath, runFfmpeg } from './ffmpeg.ts';

/** Bump when the recipe changes: a new name is built beside (and in place of) the old one. v2: the same pictures
 *  as v1 (identical pixels), made from one decoded photograph instead of 750, and shown at 16:9 (square pixels). */
export const DEMO_VIDEO_NAME = 'people-v2.mp4';
export const DEMO_VIDEO = { width: 1280, height: 720, fps: 25, seconds: 30 } as const;

/** Person boxes in samples.jpg (1280×1158 px: left, top, width, height), found by the detector at these scores. */
export const DEMO_PEOPLE = {
  /** Top row, fifth picture: a woman standing (detector score 0.62). */
  walker: { x: 701, y: 16, w: 65, h: 143 },
  /** Top row, first picture: a 3D figure standing (detector score 0.57). */
  visitor: { x: 21, y: 3, w: 106, h: 150 },
};
/** The softened scene: the ceiling of the photo's large picture, where the detector finds nobody once blurred. */
const SCENE = { x: 270, y: 198, w: 1000, h: 200 };
/** The people's height, as a share of the frame's. */
const PERSON_HEIGHT = 300 / 720;

/**
 * Where the demo's rules are drawn (relative to the frame, as the console stores shapes): the walker's feet cross
 * the tripwire at about 6 s into each loop; the visitor's feet are inside the area from about 14.5 s to 27 s.
 */
export const DEMO_SHAPES: { line: [RelPoint, RelPoint]; area: RelPoint[] } = {
  line: [
    { x: 0.5, y: 0.2 },
    { x: 0.5, y: 0.7 },
  ],
  area: [
    { x: 0.6, y: 0.62 },
    { x: 0.98, y: 0.62 },
    { x: 0.98, y: 0.98 },
    { x: 0.6, y: 0.98 },
  ],
};

/** The photograph, from the installed package (a dev dependency that `npm install` installs); null when absent. */
export function demoPhotoPath(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'node_modules', '@vladmandic', 'human', 'assets', 'samples.jpg');
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

export interface DemoVideoSpec {
  width: number;
  height: number;
  fps: number;
}

/**
 * The ffmpeg filter graph at a size and rate (the paths scale with the frame): scene, pan and zoom, the cut-outs.
 * Its input is the photograph once: the scene is cropped, scaled and blurred once, and zoompan makes every frame of
 * the loop from it (d = the loop's frames); the cut-outs are single pictures that overlay repeats. (Looping the
 * photograph as a 25 fps input decoded and blurred it for every frame: 19 s of CPU for the 720p loop, now 5.)
 */
export function demoFilter(spec: DemoVideoSpec = DEMO_VIDEO): string {
  const { width: W, height: H, fps } = spec;
  const frames = fps * DEMO_VIDEO.seconds;
  const { walker: a, visitor: b } = DEMO_PEOPLE;
  const person = Math.round(H * PERSON_HEIGHT);
  const px = (share: number) => Math.round(W * share);
  const scene = [
    `crop=${SCENE.w}:${SCENE.h}:${SCENE.x}:${SCENE.y}`,
    // Square pixels: the crop is 5:1, and scaling it to 16:9 would otherwise keep 5:1 as the display shape.
    `scale=${W}:${H},setsar=1`,
    // Soft enough that the detector finds no person in the ceiling's shapes (at a 12 px blur it found some at 0.57).
    `boxblur=${Math.max(2, Math.round(W / 32))}:3`,
    // One slow zoom in and out and a sideways pan per loop, ending where it began.
    `zoompan=z='1.0+0.04*(1-cos(2*PI*on/${frames}))':x='iw/2-(iw/zoom/2)+${px(0.03)}*sin(2*PI*on/${frames})':y='ih/2-(ih/zoom/2)':d=${frames}:s=${W}x${H}:fps=${fps}`,
  ].join(',');
  // Walker: 1 s → 11 s from off the left to off the right, feet at half height. Visitor: in from the right (13–17 s),
  // standing (17–25 s), out again (25–29 s), feet at 0.9 of the height.
  const walkerX = `${px(-0.125)}+${px(1.172)}*(t-1)/10`;
  const visitorX = `if(lt(t,17),${px(1.016)}-${px(0.3125)}*(t-13)/4,if(lt(t,25),${px(0.703)},${px(0.703)}+${px(0.328)}*(t-25)/4))`;
  return [
    `[0:v]split=3[s][a][b]`,
    `[s]${scene}[bg]`,
    `[a]crop=${a.w}:${a.h}:${a.x}:${a.y},scale=-2:${person}[pa]`,
    `[b]crop=${b.w}:${b.h}:${b.x}:${b.y},scale=-2:${person}[pb]`,
    `[bg][pa]overlay=x='${walkerX}':y=${Math.round(H * 0.5) - person}:enable='between(t,1,11)'[v1]`,
    `[v1][pb]overlay=x='${visitorX}':y=${Math.round(H * 0.9) - person}:enable='between(t,13,29)',format=yuv420p[out]`,
  ].join(';');
}

/** The whole ffmpeg command line writing the video to `output` (the demo camera's size unless another is given). */
export function demoVideoArgs(photo: string, output: string, spec: DemoVideoSpec = DEMO_VIDEO): string[] {
  const { fps } = spec;
  return [
    ...['-i', photo],
    ...['-filter_complex', demoFilter(spec), '-map', '[out]', '-frames:v', String(fps * DEMO_VIDEO.seconds)],
    // One thread and bit-exact flags: the same photo gives the same bytes on every machine with this ffmpeg.
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-profile:v', 'main', '-threads', '1'],
    ...['-g', String(fps), '-keyint_min', String(fps), '-sc_threshold', '0'],
    ...['-movflags', '+faststart', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-map_metadata', '-1', '-f', 'mp4', '-y', output],
  ];
}

export class DemoVideoUnavailableError extends Error {}

/** Writes the demo video at a size and rate to `file` (tests and the bench make smaller ones); answers ffmpeg's
 *  wall and CPU time. */
export async function writeDemoVideo(file: string, spec: DemoVideoSpec = DEMO_VIDEO): Promise<{ wallMs: number; cpuMs: number | null }> {
  const photo = demoPhotoPath();
  if (!photo) throw new DemoVideoUnavailableError('the demo photograph (@vladmandic/human, a dev dependency) is not installed');
  if (!ffmpegPath()) throw new DemoVideoUnavailableError('no ffmpeg binary');
  const temp = `${file}.partial`;
  try {
    const { wallMs, cpuMs } = await runFfmpeg(demoVideoArgs(photo, temp, spec), { timeoutMs: 10 * 60_000 });
    await rename(temp, file);
    return { wallMs, cpuMs };
  } finally {
    await rm(temp, { force: true });
  }
}

let building: Promise<string> | null = null;

/**
 * The demo video under <mediaRoot>/demo/, built when missing (about 5 s of one core; once per data folder) and
 * said in `log`. Older recipes' files there are removed. A second call while it is built waits for the same build.
 * Rejects with DemoVideoUnavailableError without ffmpeg or the photograph.
 */
export function ensureDemoVideo(mediaRoot: string, log?: (line: string) => void): Promise<string> {
  const file = join(mediaRoot, 'demo', DEMO_VIDEO_NAME);
  if (existsSync(file)) return Promise.resolve(file);
  building ??= build(file, log).finally(() => {
    building = null;
  });
  return building;
}

async function build(file: string, log?: (line: string) => void): Promise<string> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true });
  for (const old of readdirSync(dir)) if (old !== DEMO_VIDEO_NAME && old.endsWith('.mp4')) await rm(join(dir, old), { force: true });
  const { wallMs, cpuMs } = await writeDemoVideo(file);
  log?.(`edge: demo video built in ${wallMs} ms${cpuMs === null ? '' : ` (${cpuMs} ms of CPU)`} (server/media/DEMO_VIDEO.md)`);
  return file;
}
