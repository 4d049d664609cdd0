// The editor's values of a draft and the param text they make; the keys of param the editor does not show are
// carried over untouched.
import { defaultScoreForClasses } from '../../../domain/detectorDefaults.ts';
import { DEFAULT_RULE, type OrchestrationRule, parseOrchestrationParam, serialiseOrchestrationParam, setsBoxThreshold } from '../../../domain/orchestrationParam.ts';
import { resolvePrompt } from '../../../domain/recognitionPrompts.ts';
import type { ButtonType, SetupEvent } from '../orchestrationApi.ts';

export interface DraftValues {
  name: string;
  eventName: string;
  desc: string;
  version: string;
  remark: string;
  customEventType: 1 | 2 | 3;
  buttonType: ButtonType;
  checked: boolean;
  prompts: string[];
  threshold: number;
  rule: OrchestrationRule;
  baseEventId: number | null;
  extra: Record<string, unknown>;
}

export function valuesOf(draft: SetupEvent): DraftValues {
  const parsed = parseOrchestrationParam(draft.param);
  const param = parsed.ok ? parsed.value : null;
  return {
    name: draft.name,
    eventName: draft.eventName,
    desc: draft.desc,
    version: draft.version,
    remark: draft.remark,
    customEventType: draft.customEventType,
    buttonType: draft.buttonType,
    checked: param?.identifyObj.checked ?? false,
    prompts: param?.identifyObj.prompt ?? [],
    // A draft without a threshold of its own starts the slider at the detector's measured default for its prompts.
    threshold:
      param && setsBoxThreshold(draft.param) ? param.identifyObj.box_threshold : defaultScoreForClasses((param?.identifyObj.prompt ?? []).flatMap((p) => resolvePrompt(p).classes)),
    rule: param?.rule ?? { ...DEFAULT_RULE },
    baseEventId: param?.baseEventId ?? null,
    extra: param?.extra ?? {},
  };
}

export function paramOf(values: DraftValues): string {
  return serialiseOrchestrationParam({
    identifyObj: { checked: values.checked, prompt: values.prompts, box_threshold: Math.round(values.threshold * 100) / 100 },
    rule: values.rule,
    baseEventId: values.baseEventId,
    extra: values.extra,
  });
}

/** What the form may not send (the contract's bounds); null when it may be saved. */
export function valuesProblem(values: DraftValues): 'nameRequired' | 'nameTooLong' | 'versionBad' | 'textTooLong' | null {
  if (!values.name.trim()) return 'nameRequired';
  if (values.name.length > 32 || values.eventName.length > 32) return 'nameTooLong';
  if (!/^[0-9A-Za-z][0-9A-Za-z._-]*$/.test(values.version) || values.version.length > 32) return 'versionBad';
  if (values.desc.length > 500 || values.remark.length > 500) return 'textTooLong';
  return null;
}
