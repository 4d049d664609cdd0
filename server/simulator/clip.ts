// A simulated box's recording around an alarm: the snapshot's scene for a few seconds before the alarm, its subject
// moving towards where the snapshot shows it, encoded by ffmpeg as fragmented MP4. The detection box of every
// frame is kept as the track the console draws over the clip.
import type { TrackPoint } from '../db/alarmTables.ts';
import { encodeClip } from '../media/ffmpeg.ts';
import { SNAPSHOT_HEIGHT, SNAPSHOT_WIDTH, sceneFor } from './snapshot.ts';

export const CLIP_SECONDS = 4;
export const CLIP_FPS = 5;
/** How far the subject travels over the clip, in pixels. */
const TRAVEL = 60;

export interface SimulatedClip {
  mp4: Buffer;
  width: number;
  height: number;
  seconds: number;
  track: TrackPoint[];
  /** What encoding cost: ffmpeg's CPU time and the whole wall time (drawing included). */
  cpuMs: number | null;
  wallMs: number;
}

export async function simulatedClip(eventType: number, variant: number): Promise<SimulatedClip> {
  const started = performance.now();
  const scene = sceneFor(eventType, variant);
  const count = CLIP_SECONDS * CLIP_FPS;
  const frames: Uint8Array[] = [];
  const track: TrackPoint[] = [];
  for (let i = 0; i < count; i++) {
    // The last frame is the alarm's moment: the subject where the snapshot has it.
    const shift = Math.round(TRAVEL * (1 - i / (count - 1)));
    const { img, box } = scene.frame(shift);
    frames.push(img.pixels);
    track.push({ t: Math.round((i / CLIP_FPS) * 1000) / 1000, ...box });
  }
  const encoded = await encodeClip(frames, { width: SNAPSHOT_WIDTH, height: SNAPSHOT_HEIGHT, fps: CLIP_FPS });
  return {
    mp4: encoded.output,
    width: SNAPSHOT_WIDTH,
    height: SNAPSHOT_HEIGHT,
    seconds: CLIP_SECONDS,
    track,
    cpuMs: encoded.cpuMs,
    wallMs: Math.round(performance.now() - started),
  };
}
