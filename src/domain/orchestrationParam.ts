// The param of a setup event (spec §3 draft) is JSON text the server stores verbatim. The keys the platform reads
// are checked here, by the console while editing and by the server before storing: identifyObj (the recognition
// prompts, spec §3/§9), rule (when an image raises the event) and baseEventId (the preset it started from).
// Other keys are kept as they are.
import { DEFAULT_BOX_THRESHOLD, PRESET_PROMPTS } from './recognitionPrompts.ts';

export interface IdentifyObj {
  checked: boolean;
  prompt: string[];
  box_threshold: number;
}

export interface OrchestrationRule {
  /** any: one supported prompt has enough boxes; all: every supported prompt has. */
  match: 'any' | 'all';
  /** Boxes at or above the threshold a prompt needs. */
  minCount: number;
}

export interface OrchestrationParam {
  identifyObj: IdentifyObj;
  rule: OrchestrationRule;
  baseEventId: number | null;
  /** Keys the platform does not read, kept verbatim. */
  extra: Record<string, unknown>;
}

export const MAX_PROMPTS = 20;
export const MAX_PROMPT_LENGTH = 32;
export const DEFAULT_RULE: OrchestrationRule = { match: 'any', minCount: 1 };

/** A problem with one key of the param: the key's path and the rule it breaks (message keys of both sides). */
export interface ParamProblem {
  field: string;
  rule: 'notJson' | 'notObject' | 'type' | 'range' | 'tooMany' | 'length';
}

export type ParamResult = { ok: true; value: OrchestrationParam } | { ok: false; problem: ParamProblem };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkPrompts(value: unknown, field = 'identifyObj.prompt'): ParamProblem | null {
  if (!Array.isArray(value)) return { field, rule: 'type' };
  if (value.length > MAX_PROMPTS) return { field, rule: 'tooMany' };
  for (const [i, p] of value.entries()) {
    if (typeof p !== 'string') return { field: `${field}[${i}]`, rule: 'type' };
    if (p.trim().length < 1 || p.length > MAX_PROMPT_LENGTH) return { field: `${field}[${i}]`, rule: 'length' };
  }
  return null;
}

/** Parses and checks param text; absent keys take their defaults (identifyObj unchecked, rule any ≥ 1). */
export function parseOrchestrationParam(text: string): ParamResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problem: { field: 'param', rule: 'notJson' } };
  }
  if (!isObject(raw)) return { ok: false, problem: { field: 'param', rule: 'notObject' } };
  const { identifyObj: io = {}, rule: r = {}, baseEventId = null, ...extra } = raw;
  if (!isObject(io)) return { ok: false, problem: { field: 'identifyObj', rule: 'type' } };
  const checked = io.checked ?? false;
  if (typeof checked !== 'boolean') return { ok: false, problem: { field: 'identifyObj.checked', rule: 'type' } };
  const prompt = io.prompt ?? [];
  const promptProblem = checkPrompts(prompt);
  if (promptProblem) return { ok: false, problem: promptProblem };
  const threshold = io.box_threshold ?? DEFAULT_BOX_THRESHOLD;
  if (typeof threshold !== 'number' || !Number.isFinite(threshold)) return { ok: false, problem: { field: 'identifyObj.box_threshold', rule: 'type' } };
  if (threshold < 0 || threshold > 1) return { ok: false, problem: { field: 'identifyObj.box_threshold', rule: 'range' } };
  if (!isObject(r)) return { ok: false, problem: { field: 'rule', rule: 'type' } };
  const match = r.match ?? DEFAULT_RULE.match;
  if (match !== 'any' && match !== 'all') return { ok: false, problem: { field: 'rule.match', rule: 'type' } };
  const minCount = r.minCount ?? DEFAULT_RULE.minCount;
  if (typeof minCount !== 'number' || !Number.isInteger(minCount)) return { ok: false, problem: { field: 'rule.minCount', rule: 'type' } };
  if (minCount < 1 || minCount > 50) return { ok: false, problem: { field: 'rule.minCount', rule: 'range' } };
  if (baseEventId !== null && (typeof baseEventId !== 'number' || !Number.isInteger(baseEventId) || baseEventId < 1)) {
    return { ok: false, problem: { field: 'baseEventId', rule: 'type' } };
  }
  return {
    ok: true,
    value: {
      identifyObj: { checked, prompt: prompt as string[], box_threshold: threshold },
      rule: { match, minCount },
      baseEventId: baseEventId as number | null,
      extra,
    },
  };
}

/** The param as stored: the read keys first, the others after them. */
export function serialiseOrchestrationParam(param: OrchestrationParam): string {
  return JSON.stringify({ identifyObj: param.identifyObj, rule: param.rule, baseEventId: param.baseEventId, ...param.extra });
}

/** A new draft's param: from a preset event (spec §9 prompts, checked), or empty. */
export function presetParam(eventId: number | null): OrchestrationParam {
  const prompts = eventId === null ? undefined : PRESET_PROMPTS[eventId];
  return {
    identifyObj: { checked: Boolean(prompts), prompt: prompts ? [...prompts] : [], box_threshold: DEFAULT_BOX_THRESHOLD },
    rule: { ...DEFAULT_RULE },
    baseEventId: prompts ? eventId : null,
    extra: {},
  };
}

export interface ScoredBox {
  /** The prompts the box answers. */
  prompts: readonly string[];
  score: number;
}

/** Boxes at or above the threshold for each prompt. */
export function countByPrompt(prompts: readonly string[], boxes: readonly ScoredBox[], threshold: number): Map<string, number> {
  const counts = new Map(prompts.map((p) => [p, 0]));
  for (const box of boxes) {
    if (box.score < threshold) continue;
    for (const p of box.prompts) if (counts.has(p)) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  return counts;
}

/** Whether an image raises the event: the rule over the supported prompts (none supported: never). */
export function ruleTriggered(rule: OrchestrationRule, supportedPrompts: readonly string[], boxes: readonly ScoredBox[], threshold: number): boolean {
  if (supportedPrompts.length === 0) return false;
  const counts = [...countByPrompt(supportedPrompts, boxes, threshold).values()];
  return rule.match === 'all' ? counts.every((n) => n >= rule.minCount) : counts.some((n) => n >= rule.minCount);
}

/** True when the stored param sets identifyObj.box_threshold itself (otherwise the detector's measured default applies). */
export function setsBoxThreshold(text: string): boolean {
  try {
    const raw: unknown = JSON.parse(text);
    if (!isObject(raw) || !isObject(raw.identifyObj)) return false;
    return typeof raw.identifyObj.box_threshold === 'number';
  } catch {
    return false;
  }
}
