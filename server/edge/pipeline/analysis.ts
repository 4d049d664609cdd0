// What one camera does with a decoded frame (docs/edge-runtime.md, "The camera pipeline"): the motion gate skips
// frames where nothing moved, the detector runs on the rest (one at a time: a frame arriving while the detector
// works is dropped), the tracker gives each object one id across frames, the rules say which tracks alarm, and the
// second identification keeps only hits its synced version scores positive. Each track's recent boxes are kept so
// an alarm's clip carries the object's track.
import type { HeldModel } from '../../simulator/modelSync.ts';
import { closeDetector, detectFrame } from '../../ml/detector.ts';
import { embed } from '../../ml/features.ts';
import sharp from 'sharp';
import { grayDownscale, MotionGate } from '../detect/motionGate.ts';
import { RuleEngine } from '../detect/rules.ts';
import { cropRect, recheck, versionFor } from '../detect/secondIdentification.ts';
import { Tracker } from '../detect/tracker.ts';
import type { DecodedFrame, EdgeEventRule, FrameDetection, RelBox, RuleHit, Track } from '../types.ts';

export interface AnalysedHit {
  hit: RuleHit;
  frame: DecodedFrame;
  /** The second identification's probability, when the rule asks for one. */
  recheck?: { probability: number; versionId: number };
}

export interface FrameResult {
  analysed: boolean;
  tracks: Track[];
  hits: AnalysedHit[];
  /** Hits the second identification turned down. */
  rejected: number;
  detectMs?: number;
}

/** Boxes of a track over time, for the clip's track (at most this many per track). */
const HISTORY = 120;
/** The lowest score the tracker is given: a little under the least confident rule (each rule applies its own
 *  confidence above it), never under 0.2. Weak boxes well below every rule's confidence — a second, partial box on
 *  the same person — would otherwise live as tracks of their own and, now and then, take over an object's id. */
const DETECT_FLOOR = 0.2;
const FLOOR_MARGIN = 0.15;

export class Analysis {
  private gate = new MotionGate();
  private tracker = new Tracker();
  private readonly rules: RuleEngine;
  private floor = DETECT_FLOOR;
  private busy = false;
  private readonly history = new Map<number, { t: number; box: RelBox }[]>();
  private readonly models: () => Map<number, HeldModel>;

  constructor(rules: EdgeEventRule[], models: () => Map<number, HeldModel>) {
    this.rules = new RuleEngine(rules);
    this.floor = floorFor(rules);
    this.models = models;
  }

  /** New rules apply from the next frame; tracks, their ids and what the unchanged rules saw of them stay. */
  setRules(rules: EdgeEventRule[]): void {
    this.rules.setRules(rules);
    this.floor = floorFor(rules);
  }

  get ruleCount(): number {
    return this.rules.rules.length;
  }

  /** The boxes of a track between two times (ms), oldest first. */
  trackBoxes(trackId: number, fromMs: number, toMs: number): { t: number; box: RelBox }[] {
    return (this.history.get(trackId) ?? []).filter((p) => p.t >= fromMs && p.t <= toMs);
  }

  /** Analyses a frame unless the detector is still busy with an earlier one (then it is dropped: `analysed` false). */
  async frame(frame: DecodedFrame): Promise<FrameResult> {
    if (this.busy || this.rules.rules.length === 0) return { analysed: false, tracks: [], hits: [], rejected: 0 };
    const gray = grayDownscale(frame);
    if (!this.gate.changed(gray.gray, gray.width, gray.height, frame.t)) return { analysed: false, tracks: [], hits: [], rejected: 0 };
    this.busy = true;
    try {
      const result = await detectFrame(frame, { minScore: this.floor });
      const detections: FrameDetection[] = result.detections.map((d) => ({ label: d.label, score: d.score, box: { x1: d.box[0], y1: d.box[1], x2: d.box[2], y2: d.box[3] } }));
      const tracks = this.tracker.update(detections, frame.t);
      this.remember(tracks, frame.t);
      const hits: AnalysedHit[] = [];
      let rejected = 0;
      for (const hit of this.rules.update(tracks, new Date(frame.t))) {
        const checked = await this.recheck(hit, frame);
        if (checked === false) rejected += 1;
        else hits.push({ hit, frame, ...(checked ? { recheck: checked } : {}) });
      }
      return { analysed: true, tracks, hits, rejected, detectMs: result.totalMs };
    } finally {
      this.busy = false;
    }
  }

  private remember(tracks: Track[], t: number) {
    const live = new Set(tracks.map((tr) => tr.id));
    for (const id of this.history.keys()) if (!live.has(id)) this.history.delete(id);
    for (const track of tracks) {
      if (track.lastSeen !== t) continue; // not matched in this frame
      const list = this.history.get(track.id) ?? [];
      list.push({ t, box: track.box });
      if (list.length > HISTORY) list.shift();
      this.history.set(track.id, list);
    }
  }

  /** null: the rule asks for no second identification; false: the version turned the crop down. */
  private async recheck(hit: RuleHit, frame: DecodedFrame): Promise<{ probability: number; versionId: number } | null | false> {
    const wanted = hit.rule.recheck;
    if (!wanted) return null;
    const synced = [...this.models()].map(([algorithmId, m]) => ({ algorithmId, versionId: m.versionId, threshold: m.threshold, extractorHash: m.extractorHash, classifier: m.classifier }));
    const model = versionFor(wanted.algorithmId, synced);
    // The version is not on this box (yet): nothing can confirm the hit, so it does not alarm.
    if (!model) return false;
    const rect = cropRect(hit.track.box, frame.width, frame.height);
    const crop = await sharp(frame.rgb, { raw: { width: frame.width, height: frame.height, channels: 3 } }).extract(rect).png().toBuffer();
    const { vector } = await embed(crop);
    const result = recheck(model, vector);
    return result.positive ? { probability: result.probability, versionId: result.versionId } : false;
  }
}

function floorFor(rules: EdgeEventRule[]): number {
  if (rules.length === 0) return DETECT_FLOOR;
  return Math.max(DETECT_FLOOR, Math.min(...rules.map((r) => r.confidence)) - FLOOR_MARGIN);
}

/** Ends the detector's worker when the last camera stops (the runtime calls it). */
export const closeAnalysis = closeDetector;
