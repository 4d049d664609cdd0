// The demo site's devices: two scenes, two edge boxes and six cameras. Each box's ingest secret is written to
// <dataDir>/demo-boxes.json (readable by the owner only) so the edge-box simulator can post as that box.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { hashToken } from '../../auth/tokens.ts';
import type { Database } from '../types.ts';

export interface DemoBoxCredentials {
  boxId: number;
  serialNumber: string;
  secret: string;
  cameraIds: number[];
}

const boxes = [
  { name: '南山路口边缘盒子', serialNumber: 'ARGUS-BOX-0001', ip: '192.0.2.11', model: 'AB-3000', address: '深圳市南山区深南大道' },
  { name: '科技园边缘盒子', serialNumber: 'ARGUS-BOX-0002', ip: '192.0.2.12', model: 'AB-3000', address: '深圳市南山区科技园' },
];

const cameras = [
  { name: '深南大道-南海大道路口东向', box: 0, scene: 0, lng: 113.9305, lat: 22.5402 },
  { name: '深南大道-南海大道路口西向', box: 0, scene: 0, lng: 113.9301, lat: 22.5404 },
  { name: '南海大道-登良路路口北向', box: 0, scene: 0, lng: 113.9312, lat: 22.5171 },
  { name: '滨海大道高架桥', box: 0, scene: 0, lng: 113.9478, lat: 22.5168 },
  { name: '科技园北门', box: 1, scene: 1, lng: 113.9532, lat: 22.5485 },
  { name: '科技园地下车库入口', box: 1, scene: 1, lng: 113.9541, lat: 22.5479 },
];

export async function seedDemoSite(trx: Kysely<Database>, dataDir: string): Promise<void> {
  const sceneIds: number[] = [];
  for (const [sceneName, remark] of [
    ['城市道路', '路口与主干道的交通违法与道路事件'],
    ['园区', '园区出入口与车库'],
  ]) {
    const row = await trx.insertInto('scenes').values({ sceneName, status: 1, remark }).returning('id').executeTakeFirstOrThrow();
    sceneIds.push(row.id);
  }
  const credentials: DemoBoxCredentials[] = [];
  for (const box of boxes) {
    const secret = randomBytes(24).toString('base64url');
    const row = await trx
      .insertInto('edgeBoxes')
      .values({ ...box, secretHash: hashToken(secret), version: '2.4.1', longitude: 113.93, latitude: 22.54 })
      .returning('id')
      .executeTakeFirstOrThrow();
    credentials.push({ boxId: row.id, serialNumber: box.serialNumber, secret, cameraIds: [] });
  }
  for (const [index, cam] of cameras.entries()) {
    const row = await trx
      .insertInto('devices')
      .values({
        name: cam.name,
        kind: 'normal',
        // A simulated source: the server renders its frames (snapshots of a road scene).
        simulated: true,
        serialnumber: `CAM-${String(index + 1).padStart(4, '0')}`,
        ip: `192.0.2.${101 + index}`,
        port: 554,
        rtspUrl: `rtsp://192.0.2.${101 + index}:554/Streaming/Channels/101`,
        brand: index % 2 === 0 ? 'Hikvision' : 'Dahua',
        boxId: credentials[cam.box].boxId,
        sceneId: sceneIds[cam.scene],
        startState: 1,
        runState: 1,
        fps: 25,
        width: 1920,
        height: 1080,
        longitude: cam.lng,
        latitude: cam.lat,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    credentials[cam.box].cameraIds.push(row.id);
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'demo-boxes.json'), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}
