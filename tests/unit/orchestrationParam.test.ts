import { describe, expect, it } from 'vitest';
import { countByPrompt, parseOrchestrationParam, presetParam, ruleTriggered, serialiseOrchestrationParam } from '../../src/domain/orchestrationParam.ts';

describe('parseOrchestrationParam', () => {
  it('fills the defaults of an empty param: prompts unchecked, threshold 0.7 (spec §9), any prompt with one box', () => {
    expect(parseOrchestrationParam('{}')).toEqual({
      ok: true,
      value: { identifyObj: { checked: false, prompt: [], box_threshold: 0.7 }, rule: { match: 'any', minCount: 1 }, baseEventId: null, extra: {} },
    });
  });

  it('keeps the keys it does not read, and writes them back', () => {
    const parsed = parseOrchestrationParam('{"graph":{"nodes":[1,2]},"identifyObj":{"checked":true,"prompt":["person"],"box_threshold":0.3}}');
    expect(parsed.ok && parsed.value.extra).toEqual({ graph: { nodes: [1, 2] } });
    if (parsed.ok) expect(JSON.parse(serialiseOrchestrationParam(parsed.value)).graph).toEqual({ nodes: [1, 2] });
  });

  it('names the key and the rule of what is wrong', () => {
    const problem = (text: string) => {
      const r = parseOrchestrationParam(text);
      return r.ok ? null : r.problem;
    };
    expect(problem('nope')).toEqual({ field: 'param', rule: 'notJson' });
    expect(problem('"text"')).toEqual({ field: 'param', rule: 'notObject' });
    expect(problem('{"identifyObj":[]}')).toEqual({ field: 'identifyObj', rule: 'type' });
    expect(problem('{"identifyObj":{"prompt":[1]}}')).toEqual({ field: 'identifyObj.prompt[0]', rule: 'type' });
    expect(problem(`{"identifyObj":{"prompt":${JSON.stringify(Array(21).fill('a'))}}}`)).toEqual({ field: 'identifyObj.prompt', rule: 'tooMany' });
    expect(problem(`{"identifyObj":{"prompt":["${'x'.repeat(33)}"]}}`)).toEqual({ field: 'identifyObj.prompt[0]', rule: 'length' });
    expect(problem('{"identifyObj":{"box_threshold":-0.1}}')).toEqual({ field: 'identifyObj.box_threshold', rule: 'range' });
    expect(problem('{"rule":{"minCount":0}}')).toEqual({ field: 'rule.minCount', rule: 'range' });
    expect(problem('{"rule":{"minCount":1.5}}')).toEqual({ field: 'rule.minCount', rule: 'type' });
    expect(problem('{"baseEventId":"53"}')).toEqual({ field: 'baseEventId', rule: 'type' });
  });
});

describe('presetParam', () => {
  it('starts from the §9 prompts of a preset event, checked; an event without presets starts empty', () => {
    expect(presetParam(102).identifyObj).toEqual({ checked: true, prompt: ['paper box', 'person'], box_threshold: 0.7 });
    expect(presetParam(102).baseEventId).toBe(102);
    expect(presetParam(1009)).toMatchObject({ identifyObj: { checked: false, prompt: [] }, baseEventId: null });
  });
});

describe('ruleTriggered', () => {
  const boxes = [
    { prompts: ['person'], score: 0.8 },
    { prompts: ['person'], score: 0.4 },
    { prompts: ['phone'], score: 0.35 },
  ];
  it('counts boxes at or above the threshold per prompt', () => {
    expect([...countByPrompt(['person', 'phone'], boxes, 0.4)]).toEqual([
      ['person', 2],
      ['phone', 0],
    ]);
  });
  it('any: one prompt with enough boxes; all: every prompt', () => {
    expect(ruleTriggered({ match: 'any', minCount: 2 }, ['person', 'phone'], boxes, 0.4)).toBe(true);
    expect(ruleTriggered({ match: 'all', minCount: 1 }, ['person', 'phone'], boxes, 0.4)).toBe(false);
    expect(ruleTriggered({ match: 'all', minCount: 1 }, ['person', 'phone'], boxes, 0.3)).toBe(true);
    expect(ruleTriggered({ match: 'any', minCount: 3 }, ['person'], boxes, 0.1)).toBe(false);
  });
  it('never raises the event without a supported prompt', () => {
    expect(ruleTriggered({ match: 'any', minCount: 1 }, [], boxes, 0)).toBe(false);
  });
});
