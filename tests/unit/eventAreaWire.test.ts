// The event-area form model survives the engine's wire format: relative shapes → pixel strings → relative shapes,
// night mode → a first time entry of type 2 → night mode, at any snapshot resolution.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EventAreaForm,
  type FrameSize,
  fromWire,
  lengthInPixels,
  LINE_PALETTE_IDS,
  parseArea,
  parseLineArea,
  POLYGON_PALETTE_IDS,
  type Shape,
  timesFromWire,
  toRelative,
  toWire,
  WireFormatError,
} from '../../src/domain/eventAreaWire.ts';

/** A relative coordinate as the editor stores it: 0..1 with 4 decimals. */
const coordinate = fc.integer({ min: 0, max: 10_000 }).map((k) => k / 10_000);
const point = fc.record({ x: coordinate, y: coordinate });
const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.boolean())
  .map(([h, m, seconds]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}${seconds ? ':30' : ''}`);
const frame: fc.Arbitrary<FrameSize> = fc.record({ width: fc.integer({ min: 1, max: 8192 }), height: fc.integer({ min: 1, max: 8192 }) });

function shape(type: 1 | 5, paletteIds: number[]): fc.Arbitrary<Shape> {
  return fc.record(
    {
      points: fc.array(point, type === 1 ? { minLength: 3, maxLength: 50 } : { minLength: 2, maxLength: 2 }),
      type: fc.constant(type),
      id: fc.constantFrom(...paletteIds),
      colour: fc.constantFrom('#FF4D4F', 'rgba(255,77,79,0.4)', '#52C41A'),
      eventName: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
      crossCameraId: fc.option(fc.integer({ min: 1, max: 999 }), { nil: null }),
      status: fc.integer({ min: 0, max: 9 }),
    },
    { requiredKeys: ['points', 'type'] },
  );
}

const form: fc.Arbitrary<EventAreaForm> = fc.record({
  areas: fc.array(shape(1, POLYGON_PALETTE_IDS), { maxLength: 12 }),
  lineAreas: fc.array(shape(5, LINE_PALETTE_IDS), { maxLength: 12 }),
  lineDirection: fc.constantFrom(0, 1, 2),
  times: fc.array(fc.record({ startTime: clock, endTime: clock, type: fc.constant(1 as const) }), { maxLength: 24 }),
  nightMode: fc.boolean(),
  nightModeStartTime: clock,
  nightModeEndTime: clock,
});

describe('event area wire format', () => {
  it('loses nothing on a round trip, at any resolution', () => {
    fc.assert(
      fc.property(form, frame, (f, size) => {
        const wire = toWire(f, size);
        expect(fromWire(wire, size, { areas: f.areas, lineAreas: f.lineAreas })).toEqual(f);
      }),
      { numRuns: 500 },
    );
  });

  it('restores geometry, direction and night mode from the wire alone (palette ids from the front)', () => {
    const bare = (s: Shape, id: number): Shape => ({ points: s.points, type: s.type, id });
    fc.assert(
      fc.property(form, frame, (f, size) => {
        const restored = fromWire(toWire(f, size), size);
        expect(restored).toEqual({
          ...f,
          areas: f.areas.map((s, i) => bare(s, POLYGON_PALETTE_IDS[i])),
          lineAreas: f.lineAreas.map((s, i) => bare(s, LINE_PALETTE_IDS[i])),
        });
      }),
      { numRuns: 300 },
    );
  });

  it('re-derives the pixels for a new resolution from the same relative shapes', () => {
    fc.assert(
      fc.property(form, frame, frame, (f, a, b) => {
        const viaA = fromWire(toWire(f, a), a, f);
        expect(toWire(viaA, b)).toEqual(toWire(f, b));
      }),
      { numRuns: 200 },
    );
  });

  it('writes the formats the engine reads: polygons by ";", lines with the direction first, udr and tripwires', () => {
    const size = { width: 1920, height: 1080 };
    const f: EventAreaForm = {
      areas: [
        { type: 1, id: 1, points: [{ x: 0, y: 0 }, { x: 0.5, y: 0 }, { x: 0.5, y: 0.5 }] },
        { type: 1, id: 2, points: [{ x: 0.1, y: 0.1 }, { x: 0.2, y: 0.1 }, { x: 0.2, y: 0.2 }, { x: 0.1, y: 0.2 }] },
      ],
      lineAreas: [{ type: 5, id: 101, points: [{ x: 0.25, y: 0.5 }, { x: 0.75, y: 0.5 }] }],
      lineDirection: 2,
      times: [{ startTime: '08:00', endTime: '12:00', type: 1 }],
      nightMode: true,
      nightModeStartTime: '18:00',
      nightModeEndTime: '07:00',
    };
    const wire = toWire(f, size);
    expect(wire.area).toBe('0,0,960,0,960,540;192,108,384,108,384,216,192,216');
    expect(wire.lineArea).toBe('2,480,540,1440,540');
    expect(wire.udrSetting.udrNum).toBe(2);
    expect(wire.udrSetting.udrVertices[0]).toEqual({ verticesType: 1, vertices: [{ x: 0, y: 0 }, { x: 960, y: 0 }, { x: 960, y: 540 }] });
    expect(wire.tripwiresSetting).toEqual([{ stPointX: 480, stPointY: 540, edPointX: 1440, edPointY: 540, tripWireType: 2 }]);
    expect(wire.times).toEqual([
      { startTime: '18:00', endTime: '07:00', type: 2 },
      { startTime: '08:00', endTime: '12:00', type: 1 },
    ]);
  });

  it('restores night mode only from a first entry of type 2, with the 18:00–07:00 default otherwise', () => {
    expect(timesFromWire([{ startTime: '20:00', endTime: '06:00', type: 2 }])).toMatchObject({
      nightMode: true,
      nightModeStartTime: '20:00',
      nightModeEndTime: '06:00',
      times: [],
    });
    const notFirst = timesFromWire([
      { startTime: '08:00', endTime: '09:00', type: 1 },
      { startTime: '20:00', endTime: '06:00', type: 2 },
    ]);
    expect(notFirst).toEqual({ nightMode: false, nightModeStartTime: '18:00', nightModeEndTime: '07:00', times: [{ startTime: '08:00', endTime: '09:00', type: 1 }] });
  });

  it('refuses malformed wire strings with the field named', () => {
    expect(parseArea('')).toEqual([]);
    expect(parseLineArea(' ; ')).toEqual({ direction: undefined, lines: [] });
    expect(() => parseArea('1,2,3')).toThrow(WireFormatError);
    expect(() => parseArea('1,2,x,4')).toThrow(/area\[0\]/);
    expect(() => parseLineArea('3,0,0,100,100')).toThrow(/direction/);
    expect(() => toWire({ areas: [], lineAreas: [], lineDirection: 0, times: [], nightMode: false, nightModeStartTime: '18:00', nightModeEndTime: '07:00' }, { width: 0, height: 10 })).toThrow(/frame/);
  });

  it('measures line length in pixels of the frame and clamps relative coordinates', () => {
    expect(lengthInPixels([{ x: 0, y: 0 }, { x: 0.03, y: 0.04 }], { width: 1000, height: 1000 })).toBeCloseTo(50);
    expect(toRelative(2000, 1920)).toBe(1);
    expect(toRelative(123, 1920)).toBe(0.0641);
  });
});
