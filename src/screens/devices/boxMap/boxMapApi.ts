// The box map's data: every edge box and every live camera with coordinates (the catalogue's lists, which the box
// map's permission opens), and the map configuration's default centre (§9: 22.5464 / 114.0593).
import type { EdgeBox } from '../boxes/boxesApi.ts';
import { listBoxes } from '../boxes/boxesApi.ts';
import { listDevices } from '../devicesApi.ts';
import { type MapItem, placed } from './mapItems.ts';

export const DEFAULT_CENTRE = { lat: 22.5464, lng: 114.0593 };
const PAGE = 500;

export interface MapData {
  boxes: EdgeBox[];
  items: MapItem[];
  /** Boxes and cameras without coordinates (not drawn; the page says how many). */
  unplaced: number;
}

export async function loadMapData(signal: AbortSignal): Promise<MapData> {
  const [boxPage, cameraPage] = await Promise.all([listBoxes({ keyword: '', status: '' }, 1, PAGE, signal), listDevices('normal', {}, 1, PAGE, signal)]);
  const items: MapItem[] = [];
  let unplaced = 0;
  for (const box of boxPage.list) {
    if (!placed(box.longitude, box.latitude)) {
      unplaced += 1;
      continue;
    }
    items.push({ key: `box:${box.id}`, kind: 'box', id: box.id, name: box.name, lng: box.longitude!, lat: box.latitude!, status: box.status === 'online' ? 'online' : 'offline', boxId: box.id });
  }
  for (const camera of cameraPage.list) {
    if (!placed(camera.longitude, camera.latitude)) {
      unplaced += 1;
      continue;
    }
    const status = camera.runState === 3 ? 'abnormal' : camera.online === false ? 'offline' : camera.online === true || camera.runState === 1 ? 'online' : 'offline';
    items.push({ key: `camera:${camera.id}`, kind: 'camera', id: camera.id, name: camera.name, lng: camera.longitude!, lat: camera.latitude!, status, boxId: camera.boxId ?? null });
  }
  return { boxes: boxPage.list, items, unplaced };
}
