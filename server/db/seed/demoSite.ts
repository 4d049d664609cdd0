// The demo site's devices: two scenes, two simulated edge boxes and their cameras (demoDevices.ts). Each box's
// secret is written to <dataDir>/demo-boxes.json (readable by the owner only) so the simulated boxes the server
// runs (server/simulator/demoBox.ts) and `npm run simulate` can heartbeat and post as that box.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { hashToken } from '../../auth/tokens.ts';
import type { Database } from '../types.ts';
import { seedDemoDevices } from './demoDevices.ts';

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
      .values({ ...box, secretHash: hashToken(secret), version: '2.4.1', longitude: 113.93, latitude: 22.54, simulated: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    credentials.push({ boxId: row.id, serialNumber: box.serialNumber, secret, cameraIds: [] });
  }
  const cameraIds = await seedDemoDevices(
    trx,
    credentials.map((c) => c.boxId),
    sceneIds,
  );
  credentials.forEach((c, index) => {
    c.cameraIds = cameraIds[index];
  });
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'demo-boxes.json'), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}
