// Clip encoding per alarm (issue 12): what the simulated box's recording costs — ffmpeg CPU ms and wall ms per 4 s
// clip (drawing the frames included in wall), bytes per clip — and frame sampling for video validation (ms per
// sampled frame). Figures, not pass/fail.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath, sampleFrames } from '../server/media/ffmpeg.ts';
import { simulatedClip } from '../server/simulator/clip.ts';

export interface ClipFigures {
  clips: number;
  encodeCpuMs: { p50: number; max: number };
  encodeWallMs: { p50: number; max: number };
  bytes: { p50: number; max: number };
  decodeCpuMsPerFrame: number;
  decodeWallMsPerFrame: number;
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureClips(count = 10): Promise<ClipFigures | null> {
  if (!ffmpegPath()) return null;
  const cpu: number[] = [];
  const wall: number[] = [];
  const bytes: number[] = [];
  let last: Buffer | null = null;
  for (let i = 0; i < count; i++) {
    const clip = await simulatedClip(i % 2 ? 16 : 1009, i);
    cpu.push(clip.cpuMs ?? 0);
    wall.push(clip.wallMs);
    bytes.push(clip.mp4.length);
    last = clip.mp4;
  }
  const dir = mkdtempSync(join(tmpdir(), 'argus-clip-bench-'));
  try {
    const file = join(dir, 'clip.mp4');
    writeFileSync(file, last!);
    // Every frame of the clip (5 fps), so the per-frame figure is over 20 frames.
    const sampled = await sampleFrames(file, { everySeconds: 0.2, maxFrames: 60 });
    const frames = sampled.frames.length;
    return {
      clips: count,
      encodeCpuMs: { p50: p50(cpu), max: Math.max(...cpu) },
      encodeWallMs: { p50: p50(wall), max: Math.max(...wall) },
      bytes: { p50: p50(bytes), max: Math.max(...bytes) },
      decodeCpuMsPerFrame: Math.round(((sampled.cpuMs ?? 0) / frames) * 10) / 10,
      decodeWallMsPerFrame: Math.round((sampled.wallMs / frames) * 10) / 10,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(JSON.stringify(await measureClips(), null, 2));
