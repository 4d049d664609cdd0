// A camera's event rules applied to its tracks, frame by frame (docs/edge-runtime.md, "EdgeEventRule"). A rule
// fires for a track of one of its classes, with score ≥ confidence and box height within its size bounds, while
// the rule is in force (ruleSchedule.ts), when:
// - it has lines: the track's path crosses one in the allowed direction — once per crossing. A crossing is the
//   object's movement from one side to the other: the side changes only once the point is more than `hysteresis`
//   from the line, and the path from the last point on the old side to the first on the new one must cut the drawn
//   segment (passing beside its end is no crossing). A track jittering on the line never fires.
// - else it has areas: the track's bottom-centre has been inside one of them for dwellSeconds — once per stay. A stay
//   ends when the point is outside every area by more than `hysteresis`; entering again starts a new stay.
// - else: the track has been present for dwellSeconds — once per track.
// Then warnIntervalSeconds: two hits of one rule on one track are at least that far apart. A crossing inside the
// interval is dropped (it is an instant); a stay or a presence not yet alarmed fires once the interval has passed,
// if it still lasts. At most one hit per rule and track per frame. The geometry is followed while the rule is out of
// force or the track does not qualify, so nothing that happened then fires later.
import type { EdgeEventRule, EdgeLine, RelPoint, RuleHit, RuleReason, Track } from '../types.ts';
import { bottomCentre, boxHeight, distanceToOutline, pointInPolygon, segmentsIntersect, signedDistance } from './geometry.ts';
import { inForce } from './ruleSchedule.ts';

export interface RuleEngineOptions {
  /** Distance (relative to the frame) a point must be past a line or outside an area to count as having left it. */
  hysteresis?: number;
}

interface LineSide {
  /** The side the track was last clearly on: -1 left of a→b, 1 right, 0 not yet known. */
  side: -1 | 0 | 1;
  /** The last point clearly on that side. */
  from: RelPoint | null;
}

interface TrackState {
  /** Time of the last path point read. */
  lastPointAt: number;
  lines: LineSide[];
  /** When the current stay in the areas began (null: outside), and whether it has alarmed. */
  stayFrom: number | null;
  stayFired: boolean;
  presentFired: boolean;
  lastHitAt: number | null;
}

/** Whether a crossing from side `from` to side `to` is one the line alarms on. */
export function allowedCrossing(line: Pick<EdgeLine, 'direction'>, from: -1 | 1, to: -1 | 1): boolean {
  if (from === to) return false;
  if (line.direction === 0) return true;
  // Direction 1: from the left of a→b to its right.
  return line.direction === 1 ? from === -1 && to === 1 : from === 1 && to === -1;
}

export class RuleEngine {
  rules: readonly EdgeEventRule[] = [];
  readonly hysteresis: number;
  /** Per rule (by index): the state of each track it has seen, and the rule as text (what setRules compares). */
  private states: Map<number, TrackState>[] = [];
  private keys: string[] = [];

  constructor(rules: EdgeEventRule[], o: RuleEngineOptions = {}) {
    this.hysteresis = o.hysteresis ?? 0.01;
    this.setRules(rules);
  }

  /**
   * New rules from the next frame. A rule that is the same as before (field for field) keeps what it knows of each
   * track — the side of each line, the stay, whether it has alarmed, the last alarm — so a configuration change of
   * another event does not make it alarm again; a changed or new rule starts afresh.
   */
  setRules(rules: EdgeEventRule[]): void {
    const before = new Map(this.keys.map((key, i) => [key, this.states[i]] as const));
    this.keys = rules.map((rule) => JSON.stringify(rule));
    this.states = this.keys.map((key) => {
      const kept = before.get(key);
      before.delete(key);
      return kept ?? new Map();
    });
    this.rules = rules;
  }

  /** The hits of this frame; `at` is the frame's time (its local clock decides the windows). */
  update(tracks: Track[], at: Date): RuleHit[] {
    const now = at.getTime();
    const hits: RuleHit[] = [];
    const live = new Set(tracks.map((t) => t.id));
    this.rules.forEach((rule, index) => {
      const states = this.states[index];
      for (const id of states.keys()) if (!live.has(id)) states.delete(id);
      const active = inForce(rule, at);
      for (const track of tracks) {
        let state = states.get(track.id);
        if (!state) {
          state = { lastPointAt: Number.NEGATIVE_INFINITY, lines: rule.lines.map(() => ({ side: 0, from: null })), stayFrom: null, stayFired: false, presentFired: false, lastHitAt: null };
          states.set(track.id, state);
        }
        const reason = this.step(rule, track, state, now);
        if (!reason || !active || !qualifies(rule, track)) continue;
        if (state.lastHitAt !== null && now - state.lastHitAt < rule.warnIntervalSeconds * 1000) continue;
        state.lastHitAt = now;
        if (reason === 'dwell') state.stayFired = true;
        if (reason === 'present') state.presentFired = true;
        hits.push({ rule, track, reason, at: now });
      }
    });
    return hits;
  }

  /** Follows the track's geometry for this rule; answers what would fire now (before time, class and interval). */
  private step(rule: EdgeEventRule, track: Track, state: TrackState, now: number): RuleReason | null {
    if (rule.lines.length > 0) {
      let crossed = false;
      for (const point of track.path) {
        if (point.t <= state.lastPointAt) continue;
        state.lastPointAt = point.t;
        rule.lines.forEach((line, i) => {
          if (this.crossing(line, state.lines[i], point)) crossed = true;
        });
      }
      return crossed ? 'cross' : null;
    }
    if (rule.areas.length > 0) {
      const p = bottomCentre(track.box);
      const inside = rule.areas.some((area) => pointInPolygon(p, area));
      if (state.stayFrom === null && inside) {
        state.stayFrom = now;
        state.stayFired = false;
      } else if (state.stayFrom !== null && !inside && rule.areas.every((area) => distanceToOutline(p, area) > this.hysteresis)) {
        state.stayFrom = null;
      }
      return state.stayFrom !== null && !state.stayFired && now - state.stayFrom >= rule.dwellSeconds * 1000 ? 'dwell' : null;
    }
    return !state.presentFired && now - track.firstSeen >= rule.dwellSeconds * 1000 ? 'present' : null;
  }

  /** Moves a line's side state on by one path point; answers whether that was an allowed crossing. */
  private crossing(line: EdgeLine, state: LineSide, p: RelPoint): boolean {
    const d = signedDistance(line.a, line.b, p);
    if (Math.abs(d) <= this.hysteresis) return false;
    const side = d > 0 ? 1 : -1;
    const from = state.from;
    const before = state.side;
    state.side = side;
    state.from = { x: p.x, y: p.y };
    if (before === 0 || before === side || !from) return false;
    return segmentsIntersect(from, p, line.a, line.b) && allowedCrossing(line, before, side);
  }
}

/** Class, confidence and size of the track's last detection. */
export function qualifies(rule: Pick<EdgeEventRule, 'classes' | 'confidence' | 'minSize' | 'maxSize'>, track: Pick<Track, 'label' | 'score' | 'box'>): boolean {
  if (!rule.classes.includes(track.label) || track.score < rule.confidence) return false;
  const height = boxHeight(track.box);
  if (rule.minSize !== null && height < rule.minSize) return false;
  return rule.maxSize === null || height <= rule.maxSize;
}
