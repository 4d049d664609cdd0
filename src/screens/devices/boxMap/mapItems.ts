// What the box map shows, as plain data: boxes and cameras at their coordinates with a status, and clusters of the
// ones close together at the current zoom (the distance that joins them shrinks as the map zooms in). Pure.
export type MapStatus = 'online' | 'offline' | 'abnormal';

export interface MapItem {
  key: string;
  kind: 'box' | 'camera';
  id: number;
  name: string;
  lng: number;
  lat: number;
  status: MapStatus;
  /** The box a camera belongs to (a box's own id for a box). */
  boxId: number | null;
}

export interface MapCluster {
  key: string;
  lng: number;
  lat: number;
  items: MapItem[];
  /** The worst status among its items (abnormal, then offline, then online). */
  status: MapStatus;
}

const RANK: Record<MapStatus, number> = { online: 0, offline: 1, abnormal: 2 };

/** The cell size in degrees at an ECharts geo zoom (1 shows the whole city). */
export function cellDegrees(zoom: number): number {
  return 0.045 / Math.max(zoom, 0.1);
}

/** Greedy clustering: each item joins the first cluster whose first item lies within `cell` degrees, else starts one. */
export function clusterItems(items: readonly MapItem[], cell: number): MapCluster[] {
  const groups: MapItem[][] = [];
  const sorted = [...items].sort((a, b) => a.lng - b.lng || a.lat - b.lat || a.key.localeCompare(b.key));
  for (const item of sorted) {
    const group = groups.find((g) => Math.abs(g[0].lng - item.lng) <= cell && Math.abs(g[0].lat - item.lat) <= cell);
    if (group) group.push(item);
    else groups.push([item]);
  }
  return groups.map((list) => ({
    key: list.length === 1 ? list[0].key : `cluster:${list[0].key}`,
    lng: list.reduce((s, i) => s + i.lng, 0) / list.length,
    lat: list.reduce((s, i) => s + i.lat, 0) / list.length,
    items: list,
    status: list.reduce<MapStatus>((worst, i) => (RANK[i.status] > RANK[worst] ? i.status : worst), 'online'),
  }));
}

/** A finite longitude and latitude inside the valid ranges (0/0 is "not set" in the catalogue). */
export function placed(lng: number | null | undefined, lat: number | null | undefined): boolean {
  return typeof lng === 'number' && typeof lat === 'number' && Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lng) <= 180 && Math.abs(lat) <= 90 && !(lng === 0 && lat === 0);
}
