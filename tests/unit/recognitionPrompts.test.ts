import { describe, expect, it } from 'vitest';
import { DETECTOR_CLASSES, PRESET_PROMPTS, resolvePrompt } from '../../src/domain/recognitionPrompts.ts';

const classesOf = (prompt: string) => {
  const r = resolvePrompt(prompt);
  return r.supported ? r.classes : r.reason;
};

describe('resolvePrompt', () => {
  it('maps the §9 presets: synonyms to the detector classes, the rest unsupported with a reason', () => {
    expect(Object.fromEntries((PRESET_PROMPTS[53] ?? []).map((p) => [p, classesOf(p)]))).toEqual({
      person: ['person'],
      'plastic bag': 'notInVocabulary',
      plant: ['potted plant'],
    });
    expect(Object.fromEntries((PRESET_PROMPTS[15] ?? []).map((p) => [p, classesOf(p)]))).toEqual({
      fire: 'notAnObject',
      smoke: 'notAnObject',
      phone: ['cell phone'],
    });
    expect(Object.fromEntries((PRESET_PROMPTS[45] ?? []).map((p) => [p, classesOf(p)]))).toEqual({
      'cell phone': ['cell phone'],
      person: ['person'],
      mouse: ['mouse'],
      monitor: ['tv'],
    });
    expect(Object.fromEntries((PRESET_PROMPTS[102] ?? []).map((p) => [p, classesOf(p)]))).toEqual({
      'paper box': 'notInVocabulary',
      person: ['person'],
    });
  });

  it('says how a prompt was matched', () => {
    expect(resolvePrompt('person')).toMatchObject({ supported: true, via: 'class' });
    expect(resolvePrompt('monitor')).toMatchObject({ supported: true, via: 'synonym' });
  });

  it('accepts case, spacing, articles, plurals and Chinese names', () => {
    expect(classesOf('  The Cell_Phone ')).toEqual(['cell phone']);
    expect(classesOf('Persons')).toEqual(['person']);
    expect(classesOf('buses')).toEqual(['bus']);
    expect(classesOf('手机')).toEqual(['cell phone']);
    expect(classesOf('显示器')).toEqual(['tv']);
    expect(classesOf('行人')).toEqual(['person']);
    expect(classesOf('vehicle')).toEqual(['car', 'bus', 'truck']);
  });

  it('never drops a prompt: unknown words, phenomena and blanks each have their reason', () => {
    expect(classesOf('unicorn')).toBe('notInVocabulary');
    expect(classesOf('烟雾')).toBe('notAnObject');
    expect(classesOf('   ')).toBe('empty');
  });

  it('resolves every class name to itself', () => {
    for (const c of DETECTOR_CLASSES) expect(classesOf(c)).toEqual([c]);
    expect(DETECTOR_CLASSES).toHaveLength(80);
  });
});
