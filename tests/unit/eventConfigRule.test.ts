// A stored event-area configuration as the rule an edge box applies (server/modules/devices/eventConfigRule.ts):
// what each rule field is made of, and what it is when the configuration says nothing.
import { describe, expect, it } from 'vitest';
import { clockHms, ruleClasses, ruleOf } from '../../server/modules/devices/eventConfigRule.ts';
import { defaultScoreFor, GENERAL_DEFAULT_SCORE } from '../../src/domain/detectorDefaults.ts';

const row = (config: Record<string, unknown>, eventId = 51) => ({ id: 4, eventId, typeId: 2, eventName: '区域入侵', config });
const square = (crossCameraId: number | null = null) => ({ type: 1, crossCameraId, points: [{ x: 0.1, y: 0.1 }, { x: 0.5, y: 0.1 }, { x: 0.5, y: 0.5 }] });

describe('ruleOf', () => {
  it('keeps the camera’s own polygons (not those drawn for a linked camera) and each line from its first to its last point', () => {
    const rule = ruleOf(
      row({
        areas: [square(), square(9), square(3)],
        lineAreas: [{ type: 5, points: [{ x: 0.1, y: 0.9 }, { x: 0.9, y: 0.9 }] }, { type: 5, points: [{ x: 0.2, y: 0.2 }] }],
        lineDirection: 1,
      }),
      3,
    );
    expect(rule.areas).toEqual([square().points, square().points]);
    expect(rule.lines).toEqual([{ a: { x: 0.1, y: 0.9 }, b: { x: 0.9, y: 0.9 }, direction: 1 }]);
  });

  it('turns the interval into seconds, windows into HH:mm:ss, weekdays into a sorted set, sizes into fractions', () => {
    const rule = ruleOf(row({ warnInterval: 2, unit: 'h', times: [{ startTime: '22:00', endTime: '06:00:30', type: 2 }], weeks: [7, 1, 7], minObjectHeight: 5, maxObjectHeight: 100, alarmTimeMin: 30 }), 1);
    expect(rule).toMatchObject({
      warnIntervalSeconds: 7200,
      times: [{ start: '22:00:00', end: '06:00:30' }],
      weeks: [1, 7],
      minSize: 0.05,
      maxSize: 1,
      dwellSeconds: 30,
    });
    expect(clockHms('08:05')).toBe('08:05:00');
  });

  it('takes the confidence in percent, else the recognition box threshold when recognition is on, else the detector’s measured default for its classes', () => {
    expect(ruleOf(row({ confidence: 55, identifyObj: { checked: true, prompt: [], box_threshold: 0.7 } }), 1).confidence).toBe(0.55);
    expect(ruleOf(row({ confidence: null, identifyObj: { checked: true, prompt: [], box_threshold: 0.4 } }), 1).confidence).toBe(0.4);
    const unset = ruleOf(row({ identifyObj: { checked: false, prompt: [], box_threshold: 0.4 } }), 1);
    // docs/detector.md: person 0.25 (measured), other classes 0.45; a rule takes the lowest of its classes.
    expect(unset.confidence).toBe(Math.min(...unset.classes.map(defaultScoreFor)));
    expect(defaultScoreFor('person')).toBe(0.25);
    expect(GENERAL_DEFAULT_SCORE).toBe(0.45);
  });

  it('names the second-identification algorithm, or none', () => {
    expect(ruleOf(row({ recheckAlgorithmId: 12 }), 1).recheck).toEqual({ algorithmId: 12 });
    expect(ruleOf(row({ recheckAlgorithmId: null }), 1).recheck).toBeNull();
  });
});

describe('ruleClasses', () => {
  it('resolves the prompts of recognition that is on, leaving out what the detector cannot find', () => {
    expect(ruleClasses(51, { checked: true, prompt: ['手机', 'people', 'smoke'] })).toEqual(['cell phone', 'person']);
  });

  it('else the event’s preset prompts, else a person', () => {
    expect(ruleClasses(53, { checked: false, prompt: ['car'] })).toEqual(['person', 'potted plant']);
    expect(ruleClasses(53, { checked: true, prompt: ['smoke'] })).toEqual(['person', 'potted plant']);
    expect(ruleClasses(51, undefined)).toEqual(['person']);
  });
});
