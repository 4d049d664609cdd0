// The colour palettes of drawn shapes (spec §3 "Drawn shapes", §4 "colours are taken from the front of a palette
// when a shape is drawn and returned to the front on deletion"). A shape stores its palette entry's id (wire
// `DrawnShape.id`) and colour. Polygons 1–12 and lines 101–112 are the spec's; road-event area colours are
// 1001–1007 (§3 "Area colour ids"); the other palettes the spec names without ids get their own hundreds.

export type PaletteName = 'polygon' | 'line' | 'roadEvent' | 'lineChange' | 'direction' | 'signalLamp' | 'bikeSignalLamp' | 'zebraCrossing';

export interface PaletteEntry {
  id: number;
  /** CSS colour of the stroke; polygons are filled with it at low opacity. */
  colour: string;
}

/** Twelve distinguishable hues (the spec's "12-colour palettes"). */
const HUES = [
  '#FF4D4F', '#1677FF', '#52C41A', '#FAAD14', '#722ED1', '#13C2C2',
  '#EB2F96', '#FA8C16', '#2F54EB', '#A0D911', '#8C5A3C', '#08979C',
] as const;

function palette(firstId: number, colours: readonly string[]): readonly PaletteEntry[] {
  return colours.map((colour, index) => ({ id: firstId + index, colour }));
}

export const PALETTES: Readonly<Record<PaletteName, readonly PaletteEntry[]>> = {
  polygon: palette(1, HUES),
  line: palette(101, HUES),
  roadEvent: palette(1001, HUES.slice(0, 7)),
  lineChange: palette(201, ['#FADB14', '#FFFFFF', '#FAAD14', '#D4B106', '#FFE58F', '#FFC53D', '#D48806', '#FFF566', '#AD8B00', '#FFEC3D', '#874D00', '#FFD666']),
  direction: palette(301, HUES),
  signalLamp: palette(401, ['#F5222D', '#FADB14', '#52C41A', '#CF1322', '#D4B106', '#389E0D', '#FF7875', '#FFF566', '#95DE64', '#A8071A', '#AD8B00', '#237804']),
  bikeSignalLamp: palette(501, ['#FF7A45', '#FFC069', '#73D13D', '#D4380D', '#D48806', '#389E0D', '#FFBB96', '#FFE7BA', '#B7EB8F', '#AD2102', '#AD6800', '#135200']),
  zebraCrossing: palette(601, ['#FFFFFF', '#D9D9D9', '#BFBFBF', '#F0F0F0', '#8C8C8C', '#FAFAFA', '#E6F4FF', '#BAE0FF', '#91CAFF', '#F9F0FF', '#EFDBFF', '#D3ADF7']),
};

export function isPaletteName(value: unknown): value is PaletteName {
  return typeof value === 'string' && Object.hasOwn(PALETTES, value);
}

export function paletteEntry(name: PaletteName, id: number | undefined): PaletteEntry | undefined {
  return PALETTES[name].find((entry) => entry.id === id);
}

/** The palette ids not used by `usedIds`, in palette order: the front is what the next shape takes. */
export function freeIds(name: PaletteName, usedIds: ReadonlyArray<number | undefined>): number[] {
  const used = new Set(usedIds);
  return PALETTES[name].map((entry) => entry.id).filter((id) => !used.has(id));
}
