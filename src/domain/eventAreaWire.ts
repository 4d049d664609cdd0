// The event-area configuration between the form model and the engine's wire format (spec §3 "Saved config fields
// read back"). Shared by the console and the server: pure TypeScript, no DOM or Node APIs.
//
// Form model: drawn shapes with points relative to the snapshot (0..1, 4 decimals, like Frigate), so a change of
// camera resolution does not break them; the night window as its own fields.
// Wire: pixels of the snapshot size — `area` (polygons separated by ";", each "x,y,x,y,…"), `lineArea` (lines
// separated by ";", each the direction first, then "x,y,…"), `udrSetting` (the polygons), `tripwiresSetting` (the
// lines) — and `times` with the night window as the first entry of type 2 (how the console restores night mode).
// Pixel coordinates keep up to 4 decimals: a relative point with 4 decimals times an integer size is exact there, so
// form → wire → form loses nothing at any resolution.

export interface RelPoint {
  x: number;
  y: number;
}

export interface PixelPoint {
  x: number;
  y: number;
}

/** 1 polygon, 5 line (spec §3 "Drawn shapes"). */
export type ShapeType = 1 | 5;

export interface Shape {
  points: RelPoint[];
  type: ShapeType;
  /** Palette entry id (polygons 1–12, lines 101–112, …). */
  id?: number;
  colour?: string;
  eventName?: string | null;
  crossCameraId?: number | null;
  status?: number;
}

export interface FrameSize {
  width: number;
  height: number;
}

export interface TimeWindow {
  startTime: string;
  endTime: string;
  /** 1 normal window, 2 night mode. */
  type?: 1 | 2;
}

/** 0 both directions, 1 left-to-right of the drawn line, 2 the other way. */
export type LineDirection = 0 | 1 | 2;

export interface EventAreaForm {
  areas: Shape[];
  lineAreas: Shape[];
  lineDirection: LineDirection;
  /** The normal (type 1) analysis windows; the night window lives in the three fields below. */
  times: TimeWindow[];
  nightMode: boolean;
  nightModeStartTime: string;
  nightModeEndTime: string;
}

export interface UdrSetting {
  udrNum: number;
  udrVertices: { vertices: PixelPoint[]; verticesType: number }[];
}

export interface Tripwire {
  stPointX: number;
  stPointY: number;
  edPointX: number;
  edPointY: number;
  tripWireType: number;
}

export interface EventAreaWire {
  area: string;
  lineArea: string;
  udrSetting: UdrSetting;
  tripwiresSetting: Tripwire[];
  lineDirection: LineDirection;
  /** The night window first (type 2) when night mode is on, then the normal windows. */
  times: TimeWindow[];
  nightModeStartTime: string;
  nightModeEndTime: string;
}

/** Saved shape metadata (palette id, colour, event name …) the geometry strings do not carry. */
export interface ShapeMetadata {
  areas?: Shape[];
  lineAreas?: Shape[];
}

export const NIGHT_MODE_DEFAULT = { startTime: '18:00', endTime: '07:00' } as const;
/** Palette ids handed out from the front when no saved metadata is available (spec §3: 12 polygon, 12 line colours). */
export const POLYGON_PALETTE_IDS = Array.from({ length: 12 }, (_, i) => i + 1);
export const LINE_PALETTE_IDS = Array.from({ length: 12 }, (_, i) => i + 101);

export class WireFormatError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

/** Rounds to 4 decimals (the precision of relative coordinates and of wire pixels). */
export function round4(value: number): number {
  const rounded = Math.round(value * 10_000) / 10_000;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** A pixel position on the snapshot as the stored relative coordinate (clamped to the frame). */
export function toRelative(pixel: number, size: number): number {
  return round4(Math.min(1, Math.max(0, pixel / size)));
}

export function toPixel(relative: number, size: number): number {
  return round4(relative * size);
}

export function pointToPixels(p: RelPoint, frame: FrameSize): PixelPoint {
  return { x: toPixel(p.x, frame.width), y: toPixel(p.y, frame.height) };
}

export function pointFromPixels(p: PixelPoint, frame: FrameSize): RelPoint {
  return { x: toRelative(p.x, frame.width), y: toRelative(p.y, frame.height) };
}

/** Length of a line (or polyline) in pixels of the frame: the §5 rule "at least 50 px" is checked on it. */
export function lengthInPixels(points: RelPoint[], frame: FrameSize): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    total += Math.hypot((points[i].x - points[i - 1].x) * frame.width, (points[i].y - points[i - 1].y) * frame.height);
  }
  return total;
}

const coords = (points: RelPoint[], frame: FrameSize) =>
  points.flatMap((p) => {
    const px = pointToPixels(p, frame);
    return [px.x, px.y];
  });

export function shapesToArea(shapes: Shape[], frame: FrameSize): string {
  return shapes.map((s) => coords(s.points, frame).join(',')).join(';');
}

export function linesToLineArea(lines: Shape[], direction: LineDirection, frame: FrameSize): string {
  return lines.map((l) => [direction, ...coords(l.points, frame)].join(',')).join(';');
}

export function shapesToUdrSetting(shapes: Shape[], frame: FrameSize): UdrSetting {
  return {
    udrNum: shapes.length,
    udrVertices: shapes.map((s) => ({ vertices: s.points.map((p) => pointToPixels(p, frame)), verticesType: s.type })),
  };
}

/** One tripwire per line, from its first to its last point. */
export function linesToTripwires(lines: Shape[], direction: LineDirection, frame: FrameSize): Tripwire[] {
  return lines.map((l) => {
    const st = pointToPixels(l.points[0], frame);
    const ed = pointToPixels(l.points[l.points.length - 1], frame);
    return { stPointX: st.x, stPointY: st.y, edPointX: ed.x, edPointY: ed.y, tripWireType: direction };
  });
}

/** The wire's times: the night window first (type 2) when night mode is on, then the normal windows. */
export function timesToWire(form: Pick<EventAreaForm, 'times' | 'nightMode' | 'nightModeStartTime' | 'nightModeEndTime'>): TimeWindow[] {
  const normal = form.times.filter((t) => t.type !== 2).map((t) => ({ startTime: t.startTime, endTime: t.endTime, type: 1 as const }));
  if (!form.nightMode) return normal;
  return [{ startTime: form.nightModeStartTime, endTime: form.nightModeEndTime, type: 2 }, ...normal];
}

/** §4: night mode is restored when the first time-definition entry has type 2 (default window 18:00–07:00). */
export function timesFromWire(
  times: TimeWindow[],
  saved: { nightModeStartTime?: string; nightModeEndTime?: string } = {},
): Pick<EventAreaForm, 'times' | 'nightMode' | 'nightModeStartTime' | 'nightModeEndTime'> {
  const night = times[0]?.type === 2 ? times[0] : undefined;
  return {
    nightMode: night !== undefined,
    nightModeStartTime: night?.startTime ?? saved.nightModeStartTime ?? NIGHT_MODE_DEFAULT.startTime,
    nightModeEndTime: night?.endTime ?? saved.nightModeEndTime ?? NIGHT_MODE_DEFAULT.endTime,
    times: times.filter((t) => t.type !== 2).map((t) => ({ startTime: t.startTime, endTime: t.endTime, type: 1 as const })),
  };
}

export function toWire(form: EventAreaForm, frame: FrameSize): EventAreaWire {
  checkFrame(frame);
  return {
    area: shapesToArea(form.areas, frame),
    lineArea: linesToLineArea(form.lineAreas, form.lineDirection, frame),
    udrSetting: shapesToUdrSetting(form.areas, frame),
    tripwiresSetting: linesToTripwires(form.lineAreas, form.lineDirection, frame),
    lineDirection: form.lineDirection,
    times: timesToWire(form),
    nightModeStartTime: form.nightModeStartTime,
    nightModeEndTime: form.nightModeEndTime,
  };
}

/**
 * The form model from the wire: geometry from `area` / `lineArea`, the rest of each shape (palette id, colour, …)
 * from saved metadata when it describes the same shape, otherwise palette ids from the front.
 */
export function fromWire(wire: Omit<EventAreaWire, 'udrSetting' | 'tripwiresSetting'>, frame: FrameSize, saved: ShapeMetadata = {}): EventAreaForm {
  checkFrame(frame);
  const polygons = parseArea(wire.area);
  const lines = parseLineArea(wire.lineArea);
  return {
    areas: polygons.map((points, i) => withMetadata(points.map((p) => pointFromPixels(p, frame)), 1, saved.areas?.[i], POLYGON_PALETTE_IDS[i])),
    lineAreas: lines.lines.map((points, i) => withMetadata(points.map((p) => pointFromPixels(p, frame)), 5, saved.lineAreas?.[i], LINE_PALETTE_IDS[i])),
    lineDirection: lines.direction ?? wire.lineDirection,
    ...timesFromWire(wire.times, wire),
  };
}

function withMetadata(points: RelPoint[], type: ShapeType, meta: Shape | undefined, paletteId: number | undefined): Shape {
  if (meta && meta.points.length === points.length) return { ...meta, type: meta.type ?? type, points };
  const shape: Shape = { points, type };
  if (paletteId !== undefined) shape.id = paletteId;
  return shape;
}

export function parseArea(area: string): PixelPoint[][] {
  return splitList(area).map((part, i) => pairs(numbers(part, `area[${i}]`), `area[${i}]`));
}

export function parseLineArea(lineArea: string): { direction: LineDirection | undefined; lines: PixelPoint[][] } {
  let direction: LineDirection | undefined;
  const lines = splitList(lineArea).map((part, i) => {
    const [dir, ...rest] = numbers(part, `lineArea[${i}]`);
    if (dir !== 0 && dir !== 1 && dir !== 2) throw new WireFormatError(`lineArea[${i}]`, 'the direction must be 0, 1 or 2');
    direction ??= dir;
    return pairs(rest, `lineArea[${i}]`);
  });
  return { direction, lines };
}

function splitList(text: string): string[] {
  return text
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function numbers(text: string, field: string): number[] {
  return text.split(',').map((s) => {
    const n = Number(s.trim());
    if (s.trim() === '' || !Number.isFinite(n) || n < 0) throw new WireFormatError(field, `"${s}" is not a pixel coordinate`);
    return n;
  });
}

function pairs(values: number[], field: string): PixelPoint[] {
  if (values.length < 4 || values.length % 2 !== 0) throw new WireFormatError(field, 'needs x,y pairs of at least two points');
  const out: PixelPoint[] = [];
  for (let i = 0; i < values.length; i += 2) out.push({ x: values[i], y: values[i + 1] });
  return out;
}

function checkFrame(frame: FrameSize) {
  if (!(frame.width >= 1 && frame.height >= 1)) throw new WireFormatError('frame', 'the snapshot size must be at least 1×1 pixels');
}
