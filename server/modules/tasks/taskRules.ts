// Rules on a detection-task configuration beyond its schema (contract addTask): a polygon has 3–50 points, a line
// exactly 2; a forbidden-vehicle window does not end before it starts. Points are snapped to the 4 decimals of
// relative coordinates. Errors name the field, e.g. config.violatedAreas.areas[0].
import { round4, type Shape } from '../../../src/domain/eventAreaWire.ts';
import { ApiError } from '../../http/apiError.ts';

/** Where the configuration holds drawn shapes: top-level lists, and objects with an `areas` list. */
const SHAPE_LISTS = ['driveLine', 'light', 'sidewalk', 'stopLine', 'realChangingLines'];
const AREA_SETS = ['shieldAreas', 'shoulderRegion', 'velocityLines', 'violatedAreas', 'areaEvent', 'shuntIslandAreas', 'nameplate'];
const FORBIDDEN = ['bigTruck', 'bigBus', 'danger'];

function fail(field: string, rule: string): never {
  throw new ApiError(400, 'devices.rule', { field, rule: `devices.rule.${rule}` });
}

function checked(field: string, shapes: Shape[] | undefined): Shape[] {
  return (shapes ?? []).map((s, i) => {
    if (s.type === 1 && (s.points.length < 3 || s.points.length > 50)) fail(`${field}[${i}]`, 'polygonPoints');
    if (s.type === 5 && s.points.length !== 2) fail(`${field}[${i}]`, 'linePoints');
    return { ...s, points: s.points.map((p) => ({ x: round4(p.x), y: round4(p.y) })) };
  });
}

export function checkedTaskConfig(config: Record<string, any>): Record<string, any> {
  const out = { ...config };
  for (const key of SHAPE_LISTS) out[key] = checked(`config.${key}`, config[key]);
  for (const key of AREA_SETS) if (config[key]) out[key] = { ...config[key], areas: checked(`config.${key}.areas`, config[key].areas) };
  for (const kind of FORBIDDEN) {
    const windows: { startTime: string; endTime: string }[] = config.vehicleForbidden?.[kind]?.limitTime ?? [];
    windows.forEach((w, i) => {
      // HH:mm:ss strings compare in time order.
      if (w.startTime > w.endTime) fail(`config.vehicleForbidden.${kind}.limitTime[${i}]`, 'timeOrder');
    });
  }
  return out;
}
