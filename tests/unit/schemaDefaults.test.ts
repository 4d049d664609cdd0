// The form schemas carry the defaults of spec §9 and §3 exactly — read from the schema files the contract $refs,
// the console renders and the server validates with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Json = Record<string, any>;
const load = (name: string): Json => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schemas', name), 'utf8'));
const task = load('detection-task.schema.json');
const area = load('event-area.schema.json');

/** Follows a local $ref ("#/definitions/X") of the same file. */
function resolve(schema: Json, root: Json): Json {
  if (!schema.$ref) return schema;
  const target = String(schema.$ref).replace(/^#\//, '').split('/').reduce((node: Json, key) => node[key], root);
  return { ...target, ...schema, $ref: undefined };
}

/** The default a property gets: its own `default`, else the one of the schema it refers to. */
function defaultOf(root: Json, path: string): unknown {
  let node: Json = root;
  for (const key of path.split('.')) node = resolve(node, root).properties[key];
  return node.default !== undefined ? node.default : resolve(node, root).default;
}

const PUSH_CYCLE_24 = ['nameplate', 'pothole', 'roadblock', 'construction', 'dispersion'];
const PUSH_CYCLE_5 = [
  'light_black', 'fog', 'fire', 'knot', 'ponding', 'accident_vv', 'accident_vh', 'accident_vb', 'breakdown',
  'slowColleagues', 'laneOccupancyHigh', 'flowOverflow', 'congestion', 'overflow',
];

describe('detection-task.schema.json (spec §9)', () => {
  it('has the numeric defaults 60, 5, 15, 15, 3', () => {
    expect(defaultOf(task, 'laneStatCurrentFlowInSec')).toBe(60);
    expect(defaultOf(task, 'velocityLines.length')).toBe(5);
    expect(defaultOf(task, 'velocityLines')).toMatchObject({ length: 5 });
    expect(defaultOf(task, 'vehicleStopOnEmerTime')).toBe(15);
    expect(defaultOf(task, 'violatedAreas.stopTime')).toBe(15);
    expect(defaultOf(task, 'violatedAreas')).toMatchObject({ stopTime: 15 });
    expect(defaultOf(task, 'breakdown.stopTime')).toBe(3);
    expect(defaultOf(task, 'breakdown')).toMatchObject({ stopTime: 3 });
  });

  it('has pushCycle 24 for nameplate, pothole, roadblock, construction, dispersion and 5 for the others', () => {
    for (const key of PUSH_CYCLE_24) {
      expect(defaultOf(task, `${key}.pushCycle`), key).toBe(24);
      expect(defaultOf(task, key), key).toMatchObject({ pushCycle: 24 });
    }
    for (const key of PUSH_CYCLE_5) {
      expect(defaultOf(task, `${key}.pushCycle`), key).toBe(5);
      expect(defaultOf(task, key), key).toMatchObject({ pushCycle: 5, checked: false });
    }
    // Every per-event setting with a pushCycle is one of the two lists.
    const withPushCycle = Object.entries<Json>(task.properties).filter(([, s]) => s.properties?.pushCycle).map(([k]) => k);
    expect(withPushCycle.sort()).toEqual([...PUSH_CYCLE_24, ...PUSH_CYCLE_5].sort());
  });

  it('has the thresholds of slowColleagues, laneOccupancyHigh, flowOverflow, congestion and overflow', () => {
    const expected: Record<string, Record<string, number>> = {
      slowColleagues: { averageSpeedThreshold: 60, triggerTimesThreshold: 3 },
      laneOccupancyHigh: { spaceOccupancyThreshold: 10, triggerTimesThreshold: 3 },
      flowOverflow: { vehicleFlowThreshold: 10, triggerTimesThreshold: 3 },
      congestion: { averageSpeedThreshold: 30, timeOccupancyThreshold: 50, triggerTimesThreshold: 3 },
      overflow: { queueLength: 30, triggerTimesThreshold: 3 },
    };
    for (const [event, thresholds] of Object.entries(expected)) {
      for (const [field, value] of Object.entries(thresholds)) expect(defaultOf(task, `${event}.${field}`), `${event}.${field}`).toBe(value);
      expect(defaultOf(task, event)).toMatchObject(thresholds);
    }
  });

  it('has forbidden-vehicle windows 00:00:00–23:59:59 and 12 lanes', () => {
    const window = [{ startTime: '00:00:00', endTime: '23:59:59' }];
    for (const kind of ['bigTruck', 'bigBus', 'danger']) {
      expect(defaultOf(task, `vehicleForbidden.${kind}`)).toEqual({ checked: false, allDay: false, limitTime: window });
      expect(defaultOf(task, 'vehicleForbidden')).toMatchObject({ [kind]: { limitTime: window } });
      expect(defaultOf(task, `vehicleForbidden.${kind}.limitTime`)).toEqual(window);
    }
    expect(task.properties.vehicleLanes.enum.filter((v: unknown) => v !== null)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});

describe('event-area.schema.json (spec §3, §9)', () => {
  it('has the event area defaults', () => {
    expect(defaultOf(area, 'isInterested')).toBe(1);
    expect(defaultOf(area, 'weeks')).toEqual([1, 2, 3, 4, 5]);
    expect(defaultOf(area, 'identifyObj')).toMatchObject({ box_threshold: 0.7 });
    expect(defaultOf(area, 'identifyObj.box_threshold')).toBe(0.7);
    expect(defaultOf(area, 'crossMirrorNumber')).toBe(1);
    expect(defaultOf(area, 'sceneDegree')).toBe(1);
    expect(defaultOf(area, 'act')).toBe(1);
    expect(defaultOf(area, 'status')).toBe(0);
    expect(defaultOf(area, 'warnInterval')).toBe(60);
  });

  it('has night mode 18:00–07:00 and the optional parameters at 60', () => {
    expect(defaultOf(area, 'nightMode')).toBe(false);
    expect(defaultOf(area, 'nightModeStartTime')).toBe('18:00');
    expect(defaultOf(area, 'nightModeEndTime')).toBe('07:00');
    const opt = { durationMinTime: 60, durationMaxTime: 60, statTime: 60, timeInterval: 60 };
    expect(defaultOf(area, 'optParam')).toEqual(opt);
    for (const [field, value] of Object.entries(opt)) expect(defaultOf(area, `optParam.${field}`)).toBe(value);
  });

  it('is keyed by cameraId, eventId, typeId and appName', () => {
    expect(area.required).toEqual(['cameraId', 'eventId', 'typeId', 'appName']);
  });
});

describe('both schema files', () => {
  it('use only draft-07 keywords the contract conventions allow', () => {
    const allowed = new Set([
      '$schema', '$ref', 'title', 'description', 'type', 'properties', 'required', 'items', 'enum', 'const', 'minimum', 'maximum',
      'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'format', 'oneOf', 'anyOf', 'allOf', 'additionalProperties',
      'default', 'examples', 'definitions',
    ]);
    const problems: string[] = [];
    const walk = (node: unknown, path: string, inMap: boolean) => {
      if (!node || typeof node !== 'object' || Array.isArray(node)) return;
      for (const [key, value] of Object.entries(node)) {
        if (inMap) walk(value, `${path}/${key}`, false);
        else if (!allowed.has(key)) problems.push(`${path}/${key}`);
        else if (key === 'properties' || key === 'definitions') walk(value, `${path}/${key}`, true);
        else if (['items', 'additionalProperties'].includes(key)) walk(value, `${path}/${key}`, false);
        else if (['oneOf', 'anyOf', 'allOf'].includes(key)) {
          (value as unknown[]).forEach((v, i) => {
            walk(v, `${path}/${key}/${i}`, false);
          });
        }
      }
    };
    walk(task, '', false);
    walk(area, '', false);
    expect(problems).toEqual([]);
  });

  it('have a uiSchema whose keys are properties of the schema', () => {
    for (const [schema, ui] of [[task, load('detection-task.ui.json')], [area, load('event-area.ui.json')]] as const) {
      const unknown = Object.keys(ui).filter((k) => !k.startsWith('ui:') && !(k in schema.properties));
      expect(unknown).toEqual([]);
      expect(ui['ui:order'].filter((k: string) => k !== '*' && !(k in schema.properties))).toEqual([]);
    }
  });
});
