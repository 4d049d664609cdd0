// The edge box's media plumbing on real ffmpeg output: the fMP4 stream parser (any chunking, keyframe flags,
// decode times), the PAM frame parser, the pre-roll ring and the clips it cuts (they play: mp4Info reads them and
// ffmpeg decodes every frame from time 0), and continuous segments cut at keyframes.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FragmentRing } from '../../server/edge/record/fragmentRing.ts';
import { type Segment, SegmentRecorder } from '../../server/edge/record/segmentRecorder.ts';
import { decodeTimeOf, Fmp4Error, Fmp4Parser, type InitInfo, type RawFragment } from '../../server/edge/stream/fmp4.ts';
import { PamError, type PamFrame, PamParser } from '../../server/edge/stream/pam.ts';
import type { Fragment } from '../../server/edge/types.ts';
import { runFfmpeg } from '../../server/media/ffmpeg.ts';
import { readMp4Info } from '../../server/media/mp4Info.ts';

const dir = mkdtempSync(join(tmpdir(), 'argus-edge-rec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 6 s of 320×180 at 10 fps, a keyframe every second, fragments of at most 0.5 s — as the box's pull writes them. */
let stream: Buffer;
/** Four PAM frames of the same source. */
let pams: Buffer;

beforeAll(async () => {
  const source = ['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10', '-t', '6'];
  stream = (
    await runFfmpeg([
      ...source,
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p', '-f', 'mp4'],
      ...['-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '500000', 'pipe:1'],
    ])
  ).output;
  pams = (await runFfmpeg([...source, '-vf', 'fps=2', '-frames:v', '4', '-f', 'image2pipe', '-c:v', 'pam', 'pipe:1'])).output;
}, 60_000);

function parse(bytes: Buffer, chunk: number) {
  const inits: { init: Buffer; info: InitInfo }[] = [];
  const fragments: RawFragment[] = [];
  const parser = new Fmp4Parser({ onInit: (init, info) => inits.push({ init, info }), onFragment: (f) => fragments.push(f) });
  for (let at = 0; at < bytes.length; at += chunk) parser.push(bytes.subarray(at, at + chunk));
  return { inits, fragments };
}

/** Wall-clock fragments as the camera stream makes them: start = a fixed anchor + decode time. */
function timed(fragments: RawFragment[], timescale: number, anchor = 1_000_000): Fragment[] {
  return fragments.map((f) => ({ data: f.data, keyframe: f.keyframe, startMs: anchor + (f.decodeTime / timescale) * 1000, durationMs: (f.duration / timescale) * 1000 }));
}

async function framesOf(file: string): Promise<{ count: number; firstPts: number }> {
  const { output } = await runFfmpeg(['-i', file, '-f', 'framemd5', 'pipe:1']);
  const lines = output.toString().split('\n').filter((l) => /^\s*0,/.test(l));
  return { count: lines.length, firstPts: Number(lines[0]?.split(',')[2]) };
}

describe('fMP4 stream parser', () => {
  it('finds the init segment and every fragment whatever the chunking, with keyframes where ffmpeg put them', () => {
    const whole = parse(stream, stream.length);
    for (const chunk of [1, 7, 4096]) {
      const split = parse(stream, chunk);
      expect(split.fragments.map((f) => f.data.length)).toEqual(whole.fragments.map((f) => f.data.length));
    }
    expect(whole.inits).toHaveLength(1);
    const { info } = whole.inits[0];
    expect(info).toMatchObject({ width: 320, height: 180 });
    expect(info.codec).toMatch(/^avc1\.[0-9a-f]{6}$/);
    // 6 s at 10 fps: 60 samples, a keyframe (and a new fragment) every 10, fragments of at most 0.5 s.
    expect(whole.fragments.reduce((n, f) => n + f.samples, 0)).toBe(60);
    expect(whole.fragments.filter((f) => f.keyframe)).toHaveLength(6);
    expect(whole.fragments[0].keyframe).toBe(true);
    for (const f of whole.fragments) expect(f.duration / info.timescale).toBeLessThanOrEqual(0.5 + 1e-9);
    // Decode times run on without gaps.
    for (let i = 1; i < whole.fragments.length; i++) {
      const prev = whole.fragments[i - 1];
      expect(whole.fragments[i].decodeTime).toBe(prev.decodeTime + prev.duration);
    }
    // Bytes of the keyframe fragments start with an IDR picture: the sync flag is the stream's own.
    expect(whole.fragments.filter((f) => f.keyframe).every((f) => f.samples === 5)).toBe(true);
  });

  it('refuses bytes that are not an MP4 box stream, and boxes over the limit', () => {
    const parser = new Fmp4Parser({ onInit: () => undefined, onFragment: () => undefined });
    expect(() => parser.push(Buffer.from('HTTP/1.1 200 OK\r\n\r\n<html>garbage</html>'))).toThrow(Fmp4Error);
    const small = new Fmp4Parser({ maxBoxBytes: 1024, onInit: () => undefined, onFragment: () => undefined });
    expect(() => small.push(stream)).toThrow(/over the limit/);
  });
});

describe('PAM frame parser', () => {
  it('splits RGB frames whatever the chunking, and refuses frames outside the bounds', () => {
    const frames: PamFrame[] = [];
    const parser = new PamParser({ maxPixels: 320 * 320, onFrame: (f) => frames.push(f) });
    for (let at = 0; at < pams.length; at += 1000) parser.push(pams.subarray(at, at + 1000));
    expect(frames).toHaveLength(4);
    for (const f of frames) expect(f).toMatchObject({ width: 320, height: 180 });
    expect(frames[0].rgb.length).toBe(320 * 180 * 3);
    const tight = new PamParser({ maxPixels: 100 * 100, onFrame: () => undefined });
    expect(() => tight.push(pams)).toThrow(PamError);
    expect(() => new PamParser({ maxPixels: 1e6, onFrame: () => undefined }).push(Buffer.alloc(300, 0x41))).toThrow(PamError);
  });
});

describe('pre-roll ring and alarm clips', () => {
  it('cuts a clip from the keyframe at or before its start that plays from time 0', async () => {
    const { inits, fragments } = parse(stream, 65536);
    const { info, init } = inits[0];
    const ring = new FragmentRing({ seconds: 10, maxBytes: 32 * 1024 * 1024 });
    ring.setInit(init);
    const list = timed(fragments, info.timescale);
    for (const f of list) ring.push(f);
    // An alarm at 3.7 s with 1.5 s before and 1 s after: from the keyframe at 2 s to the fragment before 4.7 s.
    const at = 1_000_000 + 3700;
    const clip = ring.clip(at - 1500, at + 1000)!;
    expect(clip.startMs).toBe(1_002_000);
    expect(clip.endMs).toBe(1_005_000);
    const file = join(dir, 'clip.mp4');
    writeFileSync(file, clip.data);
    expect(readMp4Info(file)).toMatchObject({ width: 320, height: 180 });
    expect(await framesOf(file)).toEqual({ count: 30, firstPts: 0 });
    // The live start: from the latest keyframe.
    expect(ring.latestGop()[0]).toBe(list.filter((f) => f.keyframe).at(-1));
  });

  it('keeps only its seconds and its bytes, and starts again with a new pull', () => {
    const { inits, fragments } = parse(stream, 65536);
    const ring = new FragmentRing({ seconds: 2, maxBytes: 32 * 1024 * 1024 });
    ring.setInit(inits[0].init);
    const list = timed(fragments, inits[0].info.timescale);
    for (const f of list) ring.push(f);
    // 2 s kept of 6: nothing before 4 s, so a clip from 1 s starts at the first keyframe still held.
    expect(ring.clip(1_001_000, 1_006_000)!.startMs).toBe(1_004_000);
    const bytes = new FragmentRing({ seconds: 60, maxBytes: 40_000 });
    bytes.setInit(inits[0].init);
    for (const f of list) bytes.push(f);
    expect(bytes.size.bytes).toBeLessThanOrEqual(40_000 + Math.max(...list.map((f) => f.data.length)));
    ring.setInit(inits[0].init);
    expect(ring.size.fragments).toBe(0);
    expect(ring.clip(0, Number.MAX_SAFE_INTEGER)).toBeNull();
  });

  it('leaves out leading groups of pictures when a clip would be over its byte limit', () => {
    const { inits, fragments } = parse(stream, 65536);
    const ring = new FragmentRing({ seconds: 10, maxBytes: 32 * 1024 * 1024 });
    ring.setInit(inits[0].init);
    const list = timed(fragments, inits[0].info.timescale);
    for (const f of list) ring.push(f);
    const whole = ring.clip(1_000_000, 1_006_000)!;
    const capped = ring.clip(1_000_000, 1_006_000, Math.floor(whole.data.length * 0.6))!;
    expect(capped.data.length).toBeLessThanOrEqual(whole.data.length * 0.6);
    expect(capped.startMs).toBeGreaterThan(whole.startMs);
    expect(decodeTimeOf(capped.data.subarray(inits[0].init.length))).toBe(0);
  });
});

describe('continuous segments', () => {
  it('writes a file per segmentSeconds, each cut at a keyframe and playable on its own', async () => {
    const { inits, fragments } = parse(stream, 65536);
    const segments: Segment[] = [];
    const out = join(dir, 'segments');
    const recorder = new SegmentRecorder({ dir: out, segmentSeconds: 2, maxBytes: 64 * 1024 * 1024, onSegment: (s) => segments.push(s) });
    recorder.setInit(inits[0].init);
    for (const f of timed(fragments, inits[0].info.timescale)) recorder.push(f);
    await recorder.stop();
    expect(segments.map((s) => [s.startMs - 1_000_000, s.endMs - 1_000_000])).toEqual([
      [0, 2000],
      [2000, 4000],
      [4000, 6000],
    ]);
    expect(readdirSync(out)).toHaveLength(3);
    for (const s of segments) {
      expect(readFileSync(s.file).length).toBe(s.bytes);
      expect(await framesOf(s.file)).toEqual({ count: 20, firstPts: 0 });
    }
  });
});
