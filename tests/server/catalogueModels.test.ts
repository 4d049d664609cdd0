// The model catalogue: types and scenes (names unique, in use not deleted), models uploaded by multipart (type by
// extension and content, fields named when wrong, duplicates refused, no file left behind), edit and publish,
// delete (a published model is withdrawn first), the hot list (page/rows), downloads counted, and the algorithm
// mall: one record per algorithm with its versions, scenes that are not started hidden, orchestrated algorithms
// published into it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainImage } from './support/hostileImages.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { fails, ok } from './support/devices.ts';
import { addDraft } from './support/orchestration.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';
import { openPost } from './support/openPost.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

async function zipBytes(text = 'weights') {
  const zip = new JSZip();
  zip.file('model.txt', text);
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** multipart/form-data with fields, a model file and sample images. */
function modelForm(fields: Record<string, string>, file: { name: string; bytes: Buffer } | null, samples: Buffer[] = []) {
  const boundary = `----argus${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [i, s] of samples.entries()) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="samples"; filename="s${i}.png"\r\nContent-Type: image/png\r\n\r\n`), s, Buffer.from('\r\n'));
  }
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadModel(form: ReturnType<typeof modelForm>, who = token) {
  const res = await server.app.inject({ method: 'POST', url: '/api/model/add', headers: { token: who, 'content-type': form.contentType, 'accept-language': 'en' }, payload: form.payload });
  return JSON.parse(res.body) as { code: number; msg: string; data: any };
}

const modelFiles = () => readdirSync(join(server.config.dataDir, 'files', 'models')).filter((f) => !f.startsWith('samples')).length;
const typeId = async (code: string) => (await server.database.db.selectFrom('modelTypes').select('id').where('typeCode', '=', code).executeTakeFirstOrThrow()).id;

describe('model types and scenes', () => {
  it('lists the seeded types with model counts; names and codes are unique; a type in use stays', async () => {
    const page = await ok(server.app, 'POST', '/modelType/list', { token, body: {} });
    expect(page.list.map((t: any) => t.typeCode)).toEqual(['detection', 'classification', 'segmentation', 'orchestration', 'llm']);
    expect(page.list[0].modelCount).toBeGreaterThan(0);
    const { id } = await ok(server.app, 'POST', '/modelType/add', { token, body: { typeName: '姿态估计', typeCode: 'pose' } });
    await fails(server.app, 'POST', '/modelType/add', 409, { token, body: { typeName: '姿态估计', typeCode: 'pose2' } });
    expect(await fails(server.app, 'POST', '/modelType/add', 409, { token, body: { typeName: '其他', typeCode: 'pose' } })).toContain('pose');
    expect(await fails(server.app, 'POST', '/modelType/add', 400, { token, lang: 'en', body: { typeName: 'x', typeCode: '9bad' } })).toContain('typeCode');
    await ok(server.app, 'PUT', '/modelType/update', { token, body: { id, remark: '关键点' } });
    await fails(server.app, 'PUT', '/modelType/update', 409, { token, body: { id, typeCode: 'detection' } });
    expect(await fails(server.app, 'DELETE', '/modelType/delete', 409, { token, body: { ids: [id, await typeId('detection')] } })).toContain('目标检测');
    expect((await ok(server.app, 'POST', '/modelType/list', { token, body: { typeName: '姿态' } })).total).toBe(1);
    await ok(server.app, 'DELETE', '/modelType/delete', { token, body: { ids: [id] } });
  });

  it('scenes: the §4 scene filter, unique names, covers checked, in use not deleted', async () => {
    expect((await ok(server.app, 'POST', '/modelScene/list', { token, body: { status: 0 } })).list.map((s: any) => s.sceneName)).toEqual(['实验区']);
    const { id } = await ok(server.app, 'POST', '/modelScene/add', { token, body: { sceneName: '智慧水务', coverUrl: '/files/covers/water.png', status: 0 } });
    await fails(server.app, 'POST', '/modelScene/add', 409, { token, body: { sceneName: '智慧交通' } });
    expect(await fails(server.app, 'POST', '/modelScene/add', 400, { token, lang: 'en', body: { sceneName: 'x', coverUrl: 'javascript:alert(1)' } })).toContain('coverUrl');
    await ok(server.app, 'PUT', '/modelScene/update', { token, body: { id, status: 1, description: '管网' } });
    expect((await ok(server.app, 'POST', '/modelScene/list', { token, body: { sceneName: '水务' } })).list[0]).toMatchObject({ status: 1, description: '管网', modelCount: 0 });
    const [traffic] = (await ok(server.app, 'POST', '/modelScene/list', { token, body: { sceneName: '智慧交通' } })).list;
    expect(await fails(server.app, 'DELETE', '/modelScene/delete', 409, { token, body: { ids: [traffic.id] } })).toContain('智慧交通');
    await ok(server.app, 'DELETE', '/modelScene/delete', { token, body: { ids: [id] } });
  });
});

describe('models', () => {
  it('uploads a zip: size and checksum computed, samples re-encoded, then listed', async () => {
    const bytes = await zipBytes('v1');
    const before = modelFiles();
    const answer = await uploadModel(
      modelForm({ name: '行人检测', modelType: String(await typeId('detection')), version: '1.0.0', eventIds: '51,52', description: '周界行人' }, { name: 'person.zip', bytes }, [await plainImage('png')]),
    );
    expect(answer).toMatchObject({ code: 0 });
    const [model] = (await ok(server.app, 'POST', '/model/list', { token, body: { name: '行人' } })).list;
    expect(model).toMatchObject({ id: answer.data.id, version: '1.0.0', size: bytes.length, checksum: createHash('sha256').update(bytes).digest('hex'), status: 0, eventIds: [51, 52], fileName: 'person.zip', userName: 'admin', modelTypeName: '目标检测' });
    expect(modelFiles()).toBe(before + 1);
  });

  it('refuses other types, content that does not match, bad fields, unknown references and duplicates — leaving no file', async () => {
    const before = modelFiles();
    const detection = String(await typeId('detection'));
    const base = { name: '坏模型', modelType: detection, version: '1.0.0' };
    expect((await uploadModel(modelForm(base, { name: 'model.exe', bytes: Buffer.from('MZ') }))).code).toBe(415);
    expect((await uploadModel(modelForm(base, { name: 'model.zip', bytes: Buffer.from('not a zip at all') }))).code).toBe(415);
    const noVersion = await uploadModel(modelForm({ name: 'x', modelType: detection }, { name: 'm.zip', bytes: await zipBytes() }));
    expect(noVersion).toMatchObject({ code: 400 });
    expect(noVersion.msg).toContain('version');
    expect((await uploadModel(modelForm({ ...base, version: '-bad' }, { name: 'm.zip', bytes: await zipBytes() }))).msg).toContain('version');
    expect((await uploadModel(modelForm({ ...base, modelType: '9999' }, { name: 'm.zip', bytes: await zipBytes() }))).code).toBe(404);
    expect((await uploadModel(modelForm({ ...base, eventIds: '424242' }, { name: 'm.zip', bytes: await zipBytes() }))).code).toBe(404);
    expect((await uploadModel(modelForm({ ...base, name: '车辆检测' }, { name: 'm.zip', bytes: await zipBytes() }))).code).toBe(409);
    expect((await uploadModel(modelForm(base, null))).code).toBe(400);
    expect((await uploadModel(modelForm(base, { name: 'm.zip', bytes: await zipBytes() }, [Buffer.from('not an image')]))).code).toBe(415);
    expect(modelFiles()).toBe(before);
    expect((await ok(server.app, 'POST', '/model/list', { token, body: { name: '坏模型' } })).total).toBe(0);
  });

  it('streams a model file to the private staging folder, not to files/models/, and an abandoned upload leaves nothing', async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const before = modelFiles();
    const staged = () => (existsSync(join(server.config.dataDir, 'tmp')) ? readdirSync(join(server.config.dataDir, 'tmp')).filter((f) => f.startsWith('model-')) : []);
    const bytes = Buffer.concat([Buffer.from([0x08, 0x07]), Buffer.alloc(256 * 1024, 3)]);
    const form = modelForm({ name: '半途模型', modelType: String(await typeId('detection')), version: '1.0.0' }, { name: 'half.onnx', bytes });
    const cut = form.payload.length - 64 * 1024;
    const post = openPost(baseUrl, '/api/model/add', { token, 'content-type': form.contentType }, form.payload.length, form.payload.subarray(0, cut));
    post.answer.catch(() => undefined);
    // Mid-upload its bytes are in the staging folder, where /files/ does not reach; files/models/ has nothing new.
    await expect.poll(staged, { timeout: 30_000, interval: 20 }).toHaveLength(1);
    expect(modelFiles()).toBe(before);
    post.drop();
    await expect.poll(staged, { timeout: 30_000, interval: 20 }).toEqual([]);
    expect(modelFiles()).toBe(before);
    expect((await ok(server.app, 'POST', '/model/list', { token, body: { name: '半途模型' } })).total).toBe(0);
  });

  it('edits and publishes; a published model is withdrawn before it is deleted, and its file goes with it', async () => {
    const { data } = await uploadModel(modelForm({ name: '临时模型', modelType: String(await typeId('classification')), version: '0.1.0' }, { name: 't.zip', bytes: await zipBytes('t') }));
    await ok(server.app, 'PUT', '/model/update', { token, body: { id: data.id, status: 1, description: '上架', eventIds: [15, 15] } });
    const [published] = (await ok(server.app, 'POST', '/model/list', { token, body: { name: '临时模型' } })).list;
    expect(published).toMatchObject({ status: 1, description: '上架', eventIds: [15] });
    await fails(server.app, 'PUT', '/model/update', 409, { token, body: { id: data.id, name: '车辆检测', version: '1.0.0' } });
    await fails(server.app, 'PUT', '/model/update', 404, { token, body: { id: data.id, modelSceneId: 9999 } });
    expect(await fails(server.app, 'DELETE', '/model/delete', 409, { token, body: { ids: [data.id] } })).toContain('临时模型');
    const row = await server.database.db.selectFrom('models').select('filePath').where('id', '=', data.id).executeTakeFirstOrThrow();
    await ok(server.app, 'PUT', '/model/update', { token, body: { id: data.id, status: 2 } });
    await ok(server.app, 'DELETE', '/model/delete', { token, body: { ids: [data.id] } });
    expect(existsSync(join(server.config.dataDir, 'files', row.filePath))).toBe(false);
  });

  it('the hot list pages with page and rows, most downloads first; a download counts', async () => {
    const hot = await ok(server.app, 'POST', '/model/hotList', { token, body: { page: 1, rows: 2 } });
    expect(hot).toMatchObject({ pageNo: 1, pageSize: 2 });
    expect(hot.list.map((m: any) => m.name)).toEqual(['烟火检测', '车辆检测']);
    expect(hot.list.every((m: any) => m.status === 1)).toBe(true);
    const res = await call(server.app, 'GET', '/model/file/exportModel', { token, query: { id: hot.list[0].id } });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('.zip');
    expect(res.raw.readUInt32BE(0)).toBe(0x504b0304);
    const after = await ok(server.app, 'POST', '/model/hotList', { token, body: { page: 1, rows: 1 } });
    expect(after.list[0].downloads).toBe(hot.list[0].downloads + 1);
    await fails(server.app, 'GET', '/model/file/exportModel', 404, { token, query: { id: 99999 } });
  });
});

describe('the algorithm mall', () => {
  it('one record per algorithm with its versions; scenes not started and unpublished models are not offered', async () => {
    const mall = await ok(server.app, 'POST', '/algorithmMall/list', { token, body: { pageSize: 100 } });
    const vehicle = mall.list.find((a: any) => a.name === '车辆检测');
    expect(vehicle).toMatchObject({ version: '1.1.0', source: 'upload', modelSceneName: '智慧交通', downloads: 60 });
    expect(vehicle.versions.map((v: any) => v.version)).toEqual(['1.1.0', '1.0.0']);
    expect(mall.list.find((a: any) => a.name === '安全帽分类')).toBeUndefined();
    expect(mall.list.find((a: any) => a.name === '人员闯入')).toBeUndefined();
    const downloads = mall.list.map((a: any) => a.downloads);
    expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
    const newest = await ok(server.app, 'POST', '/algorithmMall/list', { token, body: { sort: 'new', keyword: '检测' } });
    expect(newest.list.length).toBeGreaterThan(1);
    // Hiding a scene hides its algorithms.
    const [traffic] = (await ok(server.app, 'POST', '/modelScene/list', { token, body: { sceneName: '智慧交通' } })).list;
    await ok(server.app, 'PUT', '/modelScene/update', { token, body: { id: traffic.id, status: 0 } });
    expect((await ok(server.app, 'POST', '/algorithmMall/list', { token, body: { keyword: '车辆' } })).total).toBe(0);
    await ok(server.app, 'PUT', '/modelScene/update', { token, body: { id: traffic.id, status: 1 } });
  });

  it('an orchestration publish puts the version in the mall, with its package as the file', async () => {
    const seeded = await ok(server.app, 'POST', '/algorithmMall/list', { token, body: { keyword: '玩手机检测-编排' } });
    expect(seeded.list[0]).toMatchObject({ source: 'orchestration', version: '1.0.1' });
    const id = await addDraft(server.app, token, { name: '纸箱堆放-编排', customEventType: 3, param: JSON.stringify({ identifyObj: { checked: true, prompt: ['paper box'], box_threshold: 0.5 } }) });
    await ok(server.app, 'PUT', '/custom/publish', { token, body: { id, typeId: 2 } });
    await ok(server.app, 'PUT', '/custom/publish', { token, body: { id, typeId: 2, version: '1.1.0' } });
    const [entry] = (await ok(server.app, 'POST', '/algorithmMall/list', { token, body: { keyword: '纸箱堆放' } })).list;
    expect(entry).toMatchObject({ source: 'orchestration', version: '1.1.0', modelTypeName: '算法编排' });
    expect(entry.versions.map((v: any) => v.version)).toEqual(['1.1.0', '1.0.0']);
    const file = await call(server.app, 'GET', '/model/file/exportModel', { token, query: { id: entry.id } });
    const zip = await JSZip.loadAsync(file.raw);
    expect(JSON.parse(await zip.file('event.json')!.async('string'))).toMatchObject({ name: '纸箱堆放-编排', publishedVersion: '1.1.0' });
  });
});

describe('permissions', () => {
  it('the operator can neither list, upload nor download', async () => {
    const operator = await login(server.app, OPERATOR);
    expect((await call(server.app, 'POST', '/model/list', { token: operator, body: {} })).json.code).toBe(403);
    expect((await call(server.app, 'POST', '/algorithmMall/list', { token: operator, body: {} })).json.code).toBe(403);
    expect((await call(server.app, 'GET', '/model/file/exportModel', { token: operator, query: { id: 1 } })).json.code).toBe(403);
    expect((await uploadModel(modelForm({ name: 'x', modelType: '1', version: '1' }, { name: 'm.zip', bytes: await zipBytes() }), operator)).code).toBe(403);
  });
});
