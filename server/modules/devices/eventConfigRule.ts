// A stored event-area configuration (schemas/event-area.schema.json, as saveEventConfig keeps it) as the rule an
// edge box applies (EdgeEventRule, docs/edge-runtime.md). Pure: the caller reads the rows.
import { defaultScoreForClasses } from '../../../src/domain/detectorDefaults.ts';
import { PRESET_PROMPTS, resolvePrompt } from '../../../src/domain/recognitionPrompts.ts';
import type { EdgeEventRule, RelPoint } from '../../edge/types.ts';

/** What an event looks for when neither its configuration nor its preset names anything the detector knows. */
export const DEFAULT_CLASSES = ['person'];
const DEFAULT_WEEKS = [1, 2, 3, 4, 5];
const UNIT_SECONDS: Record<string, number> = { s: 1, min: 60, h: 3600 };

export interface StoredEventConfig {
  id: number;
  eventId: number;
  typeId: number;
  eventName: string | null;
  /** The stored form (saveEventConfig's body as kept). */
  config: Record<string, any>;
}

interface StoredShape {
  type?: number;
  points?: { x: number; y: number }[];
  crossCameraId?: number | null;
}

const point = (p: { x: number; y: number }): RelPoint => ({ x: p.x, y: p.y });

/** 'HH:mm' or 'HH:mm:ss' as 'HH:mm:ss'. */
export function clockHms(clock: string): string {
  return /^\d{2}:\d{2}$/.test(clock) ? `${clock}:00` : clock;
}

/** The detector classes of an event: its recognition prompts when on, else its preset prompts, else a person. */
export function ruleClasses(eventId: number, identifyObj: { checked?: boolean; prompt?: string[] } | undefined): string[] {
  const fromPrompts = (prompts: readonly string[]) => [...new Set(prompts.flatMap((p) => resolvePrompt(p).classes))];
  const own = identifyObj?.checked ? fromPrompts(identifyObj.prompt ?? []) : [];
  if (own.length > 0) return own;
  const preset = fromPrompts(PRESET_PROMPTS[eventId] ?? []);
  return preset.length > 0 ? preset : [...DEFAULT_CLASSES];
}

/** The rule of a running configuration on its camera. */
export function ruleOf(row: StoredEventConfig, cameraId: number): EdgeEventRule {
  const form = row.config ?? {};
  const identifyObj = form.identifyObj as { checked?: boolean; prompt?: string[]; box_threshold?: number } | undefined;
  const ownShapes = ((form.areas ?? []) as StoredShape[]).filter((s) => (s.type ?? 1) === 1 && (!s.crossCameraId || s.crossCameraId === cameraId));
  const lines = ((form.lineAreas ?? []) as StoredShape[]).filter((s) => s.type === 5 && (s.points?.length ?? 0) >= 2);
  const direction = form.lineDirection === 1 || form.lineDirection === 2 ? form.lineDirection : 0;
  const classes = ruleClasses(row.eventId, identifyObj);
  // No confidence configured: the detector's measured default for the rule's classes (docs/detector.md).
  let confidence = defaultScoreForClasses(classes);
  if (typeof form.confidence === 'number') confidence = form.confidence / 100;
  else if (identifyObj?.checked && typeof identifyObj.box_threshold === 'number') confidence = identifyObj.box_threshold;
  const percent = (value: unknown) => (typeof value === 'number' ? value / 100 : null);
  const weeks = Array.isArray(form.weeks) ? (form.weeks as number[]) : DEFAULT_WEEKS;
  return {
    configId: row.id,
    eventId: row.eventId,
    typeId: row.typeId,
    name: row.eventName ?? (typeof form.eventName === 'string' ? form.eventName : ''),
    classes,
    confidence,
    areas: ownShapes.map((s) => (s.points ?? []).map(point)).filter((points) => points.length >= 3),
    lines: lines.map((s) => ({ a: point(s.points![0]), b: point(s.points![s.points!.length - 1]), direction })),
    dwellSeconds: typeof form.alarmTimeMin === 'number' ? form.alarmTimeMin : 0,
    minSize: percent(form.minObjectHeight),
    maxSize: percent(form.maxObjectHeight),
    times: ((form.times ?? []) as { startTime: string; endTime: string }[]).map((t) => ({ start: clockHms(t.startTime), end: clockHms(t.endTime) })),
    weeks: [...new Set(weeks)].sort((a, b) => a - b),
    warnIntervalSeconds: (typeof form.warnInterval === 'number' ? form.warnInterval : 60) * (UNIT_SECONDS[form.unit as string] ?? 1),
    recheck: typeof form.recheckAlgorithmId === 'number' ? { algorithmId: form.recheckAlgorithmId } : null,
  };
}
