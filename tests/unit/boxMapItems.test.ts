// The box map's clusters: items close together at the current zoom join one cluster (its worst status shown), and
// come apart as the map zooms in; items without coordinates are not placed.
import { describe, expect, it } from 'vitest';
import { cellDegrees, clusterItems, type MapItem, placed } from '../../src/screens/devices/boxMap/mapItems.ts';

const item = (key: string, lng: number, lat: number, status: MapItem['status'] = 'online'): MapItem => ({
  key,
  kind: key.startsWith('box') ? 'box' : 'camera',
  id: 1,
  name: key,
  lng,
  lat,
  status,
  boxId: 1,
});

describe('box map clusters', () => {
  const items = [item('box:1', 113.9305, 22.5402), item('camera:1', 113.9301, 22.5404, 'abnormal'), item('camera:2', 113.9532, 22.5485, 'offline')];

  it('joins what is close at a wide zoom, showing the worst status', () => {
    const clusters = clusterItems(items, cellDegrees(1));
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ key: expect.stringMatching(/^cluster:/), status: 'abnormal' });
    expect(clusters[0].lng).toBeCloseTo((113.9305 + 113.9301 + 113.9532) / 3);
  });

  it('separates them as the map zooms in, single items keeping their own key', () => {
    const clusters = clusterItems(items, cellDegrees(10));
    expect(clusters.map((c) => c.items.length).sort()).toEqual([1, 2]);
    const far = clusterItems(items, cellDegrees(200));
    expect(far.map((c) => c.key).sort()).toEqual(['box:1', 'camera:1', 'camera:2']);
  });

  it('places only real coordinates', () => {
    expect(placed(114.05, 22.54)).toBe(true);
    expect(placed(0, 0)).toBe(false);
    expect(placed(null, 22)).toBe(false);
    expect(placed(200, 22)).toBe(false);
  });
});
