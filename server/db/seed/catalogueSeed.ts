// Demo catalogues: model scenes and models (uploaded versions, one withdrawn, one not yet published; each file a
// real zip package), the orchestrated algorithms already published (into the mall, as publishing does), time
// models, image tags and tags, camera groups and the unit tree with the demo cameras in it.
import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import type { Kysely, Transaction } from 'kysely';
import { publishToMall } from '../../modules/models/mallPublish.ts';
import { storeFile } from '../../modules/devices/storedFiles.ts';
import type { Database } from '../types.ts';

const day = 86400_000;

async function modelPackage(name: string, version: string, description: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('model.json', `${JSON.stringify({ format: 'argus-model/1', name, version, description }, null, 2)}\n`);
  zip.file('README.txt', `${name} ${version}\n${description}\n(demo package: the platform's own engine runs it; no weights inside)\n`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export async function seedCatalogue(trx: Transaction<Database>, dataDir: string): Promise<void> {
  const types = new Map((await trx.selectFrom('modelTypes').select(['id', 'typeCode']).execute()).map((t) => [t.typeCode, t.id]));
  const scenes = new Map<string, number>();
  for (const [index, [sceneName, description, status]] of ([
    ['智慧交通', '路口、主干道与高架的车辆、违法与道路事件', 1],
    ['园区安防', '出入口、周界与车库', 1],
    ['安全生产', '烟火、安全帽与工服', 1],
    ['实验区', '尚未开放的试验算法', 0],
  ] as const).entries()) {
    const row = await trx.insertInto('modelScenes').values({ sceneName, description, status, sort: (index + 1) * 10 }).returning('id').executeTakeFirstOrThrow();
    scenes.set(sceneName, row.id);
  }
  const models: { name: string; version: string; type: string; scene: string | null; status: 0 | 1 | 2; downloads: number; events: number[]; desc: string; daysAgo: number }[] = [
    { name: '车辆检测', version: '1.0.0', type: 'detection', scene: '智慧交通', status: 1, downloads: 42, events: [1001, 1002], desc: '机动车、非机动车检测与车流统计', daysAgo: 40 },
    { name: '车辆检测', version: '1.1.0', type: 'detection', scene: '智慧交通', status: 1, downloads: 18, events: [1001, 1002], desc: '机动车、非机动车检测与车流统计（夜间场景优化）', daysAgo: 9 },
    { name: '烟火检测', version: '2.0.0', type: 'detection', scene: '安全生产', status: 1, downloads: 67, events: [15], desc: '明火与烟雾检测', daysAgo: 20 },
    { name: '安全帽分类', version: '0.9.0', type: 'classification', scene: '安全生产', status: 0, downloads: 0, events: [], desc: '人员是否佩戴安全帽（整图判断）', daysAgo: 2 },
    { name: '人员闯入', version: '1.0.0', type: 'detection', scene: '园区安防', status: 2, downloads: 5, events: [51], desc: '周界区域人员闯入（已下架）', daysAgo: 60 },
  ];
  for (const m of models) {
    const bytes = await modelPackage(m.name, m.version, m.desc);
    const at = new Date(Date.now() - m.daysAgo * day);
    await trx
      .insertInto('models')
      .values({
        name: m.name,
        version: m.version,
        modelTypeId: types.get(m.type)!,
        modelSceneId: m.scene ? scenes.get(m.scene)! : null,
        fileName: `${m.name}-${m.version}.zip`,
        filePath: storeFile(dataDir, 'models', 'zip', bytes),
        size: bytes.length,
        checksum: createHash('sha256').update(bytes).digest('hex'),
        status: m.status,
        downloads: m.downloads,
        description: m.desc,
        eventIds: JSON.stringify(m.events),
        userName: 'admin',
        publishedAt: m.status === 1 ? at : null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
  }
  // The orchestrations seeded as published are in the mall, as a publish puts them there.
  for (const setup of await trx.selectFrom('setupEvents').select('id').where('sataus', 'in', [1, 2]).execute()) {
    await publishToMall(trx, dataDir, setup.id, 'admin');
  }
  await seedSystemCatalogues(trx);
  await seedRuns(trx);
}

/** Algorithm running: the newest vehicle detector on the crossing cameras (two running, one finished), the fire detector on a park camera not started yet. */
async function seedRuns(trx: Kysely<Database>): Promise<void> {
  const model = async (name: string, version: string) => (await trx.selectFrom('models').select('id').where('name', '=', name).where('version', '=', version).executeTakeFirstOrThrow()).id;
  const vehicle = await model('车辆检测', '1.1.0');
  const fire = await model('烟火检测', '2.0.0');
  const devices = await trx.selectFrom('devices').select(['id', 'boxId']).orderBy('id').execute();
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3600_000);
  await trx
    .insertInto('algorithmRuns')
    .values([
      { modelId: vehicle, deviceId: devices[0].id, startState: 1, runState: 1, userName: 'admin', startedAt: at(20), createdAt: at(30) },
      { modelId: vehicle, deviceId: devices[1].id, startState: 1, runState: 1, userName: 'admin', startedAt: at(20), createdAt: at(30) },
      { modelId: vehicle, deviceId: devices[2].id, startState: 2, runState: 2, userName: 'admin', startedAt: at(100), stoppedAt: at(50), createdAt: at(120) },
      { modelId: fire, deviceId: devices[devices.length - 1].id, startState: 2, runState: 0, userName: 'admin', createdAt: at(2) },
    ])
    .execute();
}

async function seedSystemCatalogues(trx: Kysely<Database>): Promise<void> {
  await trx
    .insertInto('timeModels')
    .values([
      { name: '工作日白天', weeks: '[1,2,3,4,5]', times: JSON.stringify([{ startTime: '08:00:00', endTime: '18:00:00' }]), remark: '周一至周五 8 点到 18 点' },
      { name: '每日夜间', weeks: '[1,2,3,4,5,6,7]', times: JSON.stringify([{ startTime: '18:00:00', endTime: '07:00:00' }]), remark: '跨零点的夜间时段' },
    ])
    .execute();
  await trx
    .insertInto('imgTags')
    .values([
      { tagName: '误报', color: '#FF4D4F', description: '算法误报的告警图片', sort: 10 },
      { tagName: '典型案例', color: '#52C41A', description: '用于培训的典型图片', sort: 20 },
      { tagName: '待复核', color: '#FAAD14', description: '需要人工复核', sort: 30 },
    ])
    .execute();
  await trx
    .insertInto('tags')
    .values([
      { tagName: '重点路口', tagType: 'camera', color: '#1677FF', sort: 10 },
      { tagName: '高优先级', tagType: 'event', color: '#FF4D4F', sort: 20 },
      { tagName: '已上报', tagType: 'alarm', color: '#722ED1', sort: 30 },
    ])
    .execute();
  const devices = await trx.selectFrom('devices').select(['id', 'boxId']).orderBy('id').execute();
  const boxes = [...new Set(devices.map((d) => d.boxId))];
  for (const [index, name] of ['南山路口组', '科技园组'].entries()) {
    const group = await trx.insertInto('cameraGroups').values({ groupName: name, sort: (index + 1) * 10 }).returning('id').executeTakeFirstOrThrow();
    const members = devices.filter((d) => d.boxId === boxes[index]);
    if (members.length) await trx.insertInto('cameraGroupMembers').values(members.map((d) => ({ groupId: group.id, deviceId: d.id }))).execute();
  }
  const city = await trx.insertInto('units').values({ unitName: '深圳市', unitCode: 'SZ', sort: 10 }).returning('id').executeTakeFirstOrThrow();
  const district = await trx.insertInto('units').values({ unitName: '南山区', unitCode: 'SZ-NS', parentId: city.id, sort: 10 }).returning('id').executeTakeFirstOrThrow();
  const park = await trx.insertInto('units').values({ unitName: '科技园片区', unitCode: 'SZ-NS-KJY', parentId: district.id, sort: 10 }).returning('id').executeTakeFirstOrThrow();
  for (const d of devices) {
    await trx.updateTable('devices').set({ unitId: d.boxId === boxes[1] ? park.id : district.id }).where('id', '=', d.id).execute();
  }
}
